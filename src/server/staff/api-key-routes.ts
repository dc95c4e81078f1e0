// Admins' routes for the integration API's keys: the list, a new key (answered once), revoking.
// Registered inside the staff session check (access.ts); a request carrying a key never reaches
// them (integration.ts), so a key cannot make or revoke keys.
import type { FastifyInstance } from "fastify";
import type { JsonSchemaToTsProvider } from "@fastify/type-provider-json-schema-to-ts";
import { ApiError, apiKey, apiKeyIdParams, apiKeyList, createApiKeyBody, createdApiKey, messageReply, refuse } from "../../api-contract";
import type { ServerContext } from "../context";
import { allow } from "./access";
import { createApiKey, listApiKeys, revokeApiKey, type ApiKeyRefusal } from "./api-keys";
import { staffActor } from "./audit";

const tags = ["staff"];

function apiKeyRefusal(refusal: ApiKeyRefusal): ApiError {
  switch (refusal.code) {
    case "nameInvalid": return refuse(400, "apiKeyNameInvalid", refusal.name);
    case "nameTaken": return refuse(409, "apiKeyNameTaken", refusal.name);
    case "notFound": return refuse(404, "apiKeyNotFound", refusal.name);
    default: throw new Error(`unknown refusal ${refusal.code satisfies never}`);
  }
}

export function apiKeyRoutes(api: FastifyInstance, ctx: ServerContext): void {
  const routes = api.withTypeProvider<JsonSchemaToTsProvider>();
  const admin = { preHandler: allow("admin") };

  routes.get("/api-keys", {
    ...admin,
    schema: { summary: "The integration API's keys: who made each, when, its last use, and whether it is revoked", tags, response: { 200: apiKeyList, "4xx": messageReply } },
  }, async () => ({ keys: await listApiKeys(ctx.db) }));

  routes.post("/api-keys", {
    ...admin,
    schema: { summary: "Make an integration API key: answered this once, only its HMAC is kept", tags, body: createApiKeyBody, response: { 201: createdApiKey, "4xx": messageReply } },
  }, async (request, reply) => {
    const result = await createApiKey(ctx, staffActor(request), request.body.name);
    if (!result.ok) throw apiKeyRefusal(result);
    return reply.status(201).send(result.value);
  });

  routes.post("/api-keys/:id/revoke", {
    ...admin,
    schema: { summary: "Revoke an integration API key: its next call is refused", tags, params: apiKeyIdParams, response: { 200: apiKey, "4xx": messageReply } },
  }, async (request) => {
    const result = await revokeApiKey(ctx, staffActor(request), { id: request.params.id });
    if (!result.ok) throw apiKeyRefusal(result);
    return result.value;
  });
}
