// GET /api/pdf: the applicant's PDF copy — started on the first
// request for this version of the answers, then its status, and a download link once made.
import type { FastifyInstance } from "fastify";
import type { JsonSchemaToTsProvider } from "@fastify/type-provider-json-schema-to-ts";
import type { ServerContext } from "../context";
import { messageReply, pdfCopy } from "../../api-contract";
import { currentOrNewPdfCopy } from "./pdf-copy";

/** A download link lasts this long; the browser asks again every 10 minutes. */
const COPY_LINK_SECONDS = 15 * 60;

export function pdfCopyRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const { storage } = ctx;
  const routes = app.withTypeProvider<JsonSchemaToTsProvider>();

  routes.get("/api/pdf", {
    schema: {
      summary: "The PDF copy of the application: started once per version of the answers; a download URL when COMPLETED",
      response: {
        200: pdfCopy,
        "4xx": messageReply,
      },
    },
  }, async (request) => {
    const copy = await currentOrNewPdfCopy(ctx, request.application.userId);
    if (!copy) return { status: "UNPROCESSED" as const, url: null, message: null };
    const url = copy.status === "COMPLETED" && copy.pdfKey
      ? await storage.downloadUrl(copy.pdfKey, { fileName: "application.pdf", expiresInSeconds: COPY_LINK_SECONDS })
      : null;
    return { status: copy.status, url, message: copy.message };
  });
}
