// GET /lookup/find: suggestions while an applicant types a school's
// name or an address, and the record that fills the answers when they choose one. Public, as
// visitors fill in the form too.
import type { FastifyInstance } from "fastify";
import type { JsonSchemaToTsProvider } from "@fastify/type-provider-json-schema-to-ts";
import type { ServerContext } from "../context";
import { lookupAnswer, lookupQuery, messageReply, refuse } from "../../api-contract";
import { addressOfPhotonId, addressOfZip, isZipText, photonSuggestions, zipSuggestions, type AddressRecord } from "../lookup/addresses";
import { isSchoolCategory, schoolByCeeb, searchSchools } from "../lookup/schools";

export function lookupRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const { db, config } = ctx;
  app.withTypeProvider<JsonSchemaToTsProvider>().get("/lookup/find", {
    // A request a keystroke, and its URL holds what the applicant typed, their street address
    // perhaps: not in the request log. Warnings (a failing geocoder) still are.
    logLevel: "warn",
    schema: {
      summary: "Search schools or addresses (text), or read the one chosen (id)",
      querystring: lookupQuery,
      response: { 200: lookupAnswer, "4xx": messageReply },
    },
  }, async (request) => {
    const { category, id } = request.query;
    if (request.query.text === undefined && id === undefined) throw refuse(400, "lookupTextOrId");
    if (request.query.text !== undefined && id !== undefined) throw refuse(400, "lookupNotBoth");

    if (id !== undefined) {
      const found = isSchoolCategory(category) ? await schoolByCeeb(db, category, id) : await addressOf(id);
      if (!found) throw refuse(404, "lookupNotFound");
      return found;
    }

    const typed = request.query.text!.trim();
    if (typed === "") throw refuse(400, "lookupTextEmpty");
    // The schema's default says 5 for the documentation; app.ts turns Ajv's defaults off.
    const max = Number(request.query.max_results ?? "5");
    if (isSchoolCategory(category)) return searchSchools(db, category, typed, max);
    if (isZipText(typed)) return zipSuggestions(typed, max);
    if (!config.addressLookupUrl) return [];
    try {
      return await photonSuggestions(config.addressLookupUrl, typed, max);
    } catch (error) {
      // The spec swallows lookup failures (empty suggestions); the operator still hears of them.
      request.log.warn({ err: error }, "the address lookup (ADDRESS_LOOKUP_URL) failed");
      return [];
    }
  });
}

async function addressOf(id: string): Promise<AddressRecord | undefined> {
  const [kind, value = ""] = id.split(/:(.*)/s);
  if (kind === "zip" && /^\d{5}$/.test(value)) return addressOfZip(value);
  if (kind === "photon") return addressOfPhotonId(value);
  return undefined;
}
