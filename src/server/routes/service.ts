// The service view's data: one application,
// read-only, for the holder of a service token. The token opens nothing else; app.ts refuses it
// on every /api route.
import type { FastifyInstance } from "fastify";
import type { JsonSchemaToTsProvider } from "@fastify/type-provider-json-schema-to-ts";
import { userOfServiceToken } from "../auth/service-tokens";
import type { ServerContext } from "../context";
import { serviceViewOf } from "../data/applications";
import { storedDocuments } from "../data/documents";
import { anything, messageReply, serviceApplication, refuse, versionHash } from "../../api-contract";
import type { BrowserFiles, FormFiles } from "../../engine/runtime";

export function serviceRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const { db, hash, now } = ctx;
  app.withTypeProvider<JsonSchemaToTsProvider>().get("/service/tmp-pdf", {
    schema: {
      summary: "One application for the PDF printer: answers, add-another counts, documents and tabs (service token, 5 minutes)",
      querystring: { type: "object", properties: { service_token: { type: "string", maxLength: 100 } }, required: ["service_token"], additionalProperties: false },
      response: {
        200: serviceApplication,
        "4xx": messageReply,
      },
    },
  }, async (request) => {
    const userId = await userOfServiceToken(db, hash, request.query.service_token, now());
    if (userId === null) throw refuse(403, "serviceTokenInvalid");
    const view = await serviceViewOf(db, userId);
    if (!view) throw refuse(403, "serviceTokenInvalid");
    return {
      answer: view.answers, add_another: view.blocks, document_answer: await storedDocuments(db, userId), tabs: view.tabs,
      version: view.version ?? ctx.version.hash,
    };
  });
}

/** The files as the browser is given them: all but the data model and the rules, which its validator holds compiled. */
const browserFiles = ({ pages, optionLists, addressTemplate, institution }: FormFiles): BrowserFiles => ({ pages, optionLists, addressTemplate, institution });

/**
 * A published version's definitions as the browser draws them (the service view, the office's
 * application page): a submitted application is shown with its own. They are what the app's
 * script holds of its own version, nothing more, so they are public; named by their hash, they
 * never change, and the browser may keep them.
 */
export function definitionRoutes(app: FastifyInstance, ctx: ServerContext): void {
  app.withTypeProvider<JsonSchemaToTsProvider>().get("/public/definitions/:hash", {
    schema: {
      summary: "A published definition version's pages, option lists, address block and institution settings, by its hash",
      params: { type: "object", properties: { hash: versionHash }, required: ["hash"], additionalProperties: false },
      response: { 200: anything, "4xx": messageReply },
    },
  }, async (request, reply) => {
    const form = await ctx.versions.named(request.params.hash);
    void reply.header("Cache-Control", "public, max-age=31536000, immutable");
    return browserFiles(form.files);
  });
}
