// The integration API: a student information system reads submitted applications with an API key
// (api-keys.ts) sent as `Authorization: Bearer wuk_…`. Its two routes share their paths with the
// staff's list and application; the router tells them apart by that header (a constraint derived
// from it, which must match once derived): a request under /staff carrying a key reaches these
// routes only, so a key never opens a staff page or a write, and a staff
// cookie without a key keeps the staff's routes. Each call is rate-limited per key and recorded.
import rateLimit from "@fastify/rate-limit";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { JsonSchemaToTsProvider } from "@fastify/type-provider-json-schema-to-ts";
import { integrationListQuery, integrationPage, messageReply, referenceParams, integrationApplication, refuse } from "../../api-contract";
import { BIDI_CONTROL, choiceLabel, isChoice, isChoiceLabel } from "../../engine/runtime";
import type { ServerContext } from "../context";
import { checklistLines, checklistMarksOf, checklistReply } from "../data/checklist";
import { documentsOfMany, submittedByReference, submittedPage, type KeysetPosition, type Since, type SubmittedApplication } from "../data/integration";
import type { DocumentRow } from "../data/documents";
import { redactSecrets } from "../platform/logging";
import { LINK_SECONDS } from "../storage/types";
import { isRowId } from "../../api-contract/schema";
import { knownDecision } from "./list-filter";
import { API_KEY_PREFIX, liveKeyOf, type LiveKey } from "./api-keys";
import { recordAudit, recordAuditOfEach, type AuditActor } from "./audit";
import { STAFF_API } from "./access";

declare module "fastify" {
  interface FastifyRequest {
    /** The key a call to the integration API came with; set by its onRequest hook. */
    apiKey: LiveKey | null;
    /** The application a call read, for its audit row. */
    apiApplicationId: number | null;
  }
}

/** Calls a minute per key: a system paging 100 at a time reads 12,000 applications a minute. */
export const API_CALLS_PER_MINUTE = 120;
const tags = ["integration"];

/**
 * The router's constraint: "key" for a request under /staff whose Authorization header holds a
 * key (`wuk_…`), sent as a bearer token or not (then answered with how to send it). Any other
 * header keeps the staff's routes: a proxy in front of the site may send its own (HTTP Basic, or
 * an SSO proxy's bearer token) with every page.
 */
const byAuthorization = {
  name: "authorization",
  mustMatchWhenDerived: true,
  storage() {
    const handlers = new Map<string, unknown>();
    return { get: (value: string) => handlers.get(value) ?? null, set: (value: string, handler: unknown) => void handlers.set(value, handler) };
  },
  deriveConstraint: (request: { headers: Record<string, string | string[] | undefined>; url?: string }) =>
    isKeyLike(request.headers.authorization) && isUnderStaff(request.url ?? "") ? "key" : undefined,
  validate(value: unknown) {
    if (value !== "key") throw new Error("the authorization constraint is \"key\"");
  },
};

const isKeyLike = (authorization: string | string[] | undefined) => typeof authorization === "string" && authorization.includes(API_KEY_PREFIX);

/** The path as the router matches it: decoded, so "/%73taff/api/me" (which reaches /staff/api/me) counts too. */
function isUnderStaff(url: string): boolean {
  let path = url.split("?")[0]!;
  try {
    path = decodeURIComponent(path);
  } catch {
    // Not decodable: the router answers it 400 before any route.
  }
  return /^\/staff(\/|$)/.test(path);
}

export async function integrationRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  app.addConstraintStrategy(byAuthorization as never);
  app.decorateRequest("apiKey", null);
  app.decorateRequest("apiApplicationId", null);
  await app.register(async (api) => {
    api.addHook("onRequest", async (request, reply) => {
      const key = await keyOfRequest(ctx, request);
      if (!key) {
        reply.header("WWW-Authenticate", 'Bearer realm="integration"');
        throw refuse(401, bearerOf(request) === undefined ? "apiKeyNeeded" : "apiKeyInvalid");
      }
      request.apiKey = key;
    });
    // Every answered call, refusals included, with the route and the query; never the key. Calls
    // the rate limit refused are not: a runaway script would fill the log with them. The limit
    // counts a call when it arrives, before its parameters are checked, so a key adds at most
    // API_CALLS_PER_MINUTE rows a minute, whatever it sends.
    api.addHook("onSend", async (request, reply) => {
      if (!request.apiKey || reply.statusCode === 429) return;
      await recordAudit(ctx.db, keyActor(request), {
        at: ctx.now(), action: "api call", applicationId: request.apiApplicationId,
        detail: { key_id: request.apiKey.id, route: `${request.method} ${request.routeOptions.url ?? ""}`, query: queryOf(request.url), status: reply.statusCode },
      });
    });
    await api.register(rateLimit, {
      max: API_CALLS_PER_MINUTE,
      timeWindow: 60_000,
      hook: "onRequest",
      keyGenerator: (request: FastifyRequest) => String(request.apiKey!.id),
      errorResponseBuilder: (_request, context) => refuse(429, "apiRateLimited", Math.max(1, Math.ceil(context.ttl / 1000))),
    });
    api.addHook("onRoute", (route) => {
      route.schema = { ...route.schema, security: [{ apiKey: [] }] };
    });
    keyRoutes(api, ctx);
  }, { prefix: STAFF_API });
}

/** The key in the request's Authorization header ("Bearer wuk_…"), if it has one. */
const bearerOf = (request: FastifyRequest) => /^Bearer (\S+)$/i.exec(request.headers.authorization ?? "")?.[1];

/** The live key the request's Authorization header holds, or null (none, or not a live key). */
export async function keyOfRequest(ctx: ServerContext, request: FastifyRequest): Promise<LiveKey | null> {
  const presented = bearerOf(request);
  return presented === undefined ? null : liveKeyOf(ctx, presented);
}

/** The key a call was made with, as the audit log names it. */
const keyActor = (request: FastifyRequest): AuditActor => ({ staffId: null, actor: request.apiKey!.name, address: request.ip });

/** The query as sent, for the audit log: cut at 500 characters, a secret parameter sent by mistake redacted as in the logs. */
const queryOf = (url: string) => redactSecrets(`?${url.split("?")[1] ?? ""}`).slice(1, 501);

function keyRoutes(api: FastifyInstance, ctx: ServerContext): void {
  const routes = api.withTypeProvider<JsonSchemaToTsProvider>();
  const constraints = { authorization: "key" };
  const answers = <T>(ok: T) => ({ 200: ok, "4xx": messageReply }) as const;

  routes.get("/applications", {
    constraints,
    schema: {
      summary: "With an API key: submitted applications, oldest submission first, 100 a page (follow next_cursor). With a staff session instead: the office's list", tags,
      querystring: integrationListQuery, response: answers(integrationPage),
    },
  }, async (request) => {
    const { submitted_since, cursor, released } = request.query;
    const decision = request.query.decision === undefined ? undefined : knownDecision(ctx, request.query.decision);
    const page = await submittedPage(ctx.db, {
      decision, released, now: ctx.now(),
      since: submitted_since === undefined ? undefined : sinceOf(submitted_since, ctx.sender.timeZone),
      after: cursor === undefined ? undefined : readKeysetCursor(cursor),
    });
    const ids = page.rows.map((row) => row.id);
    const [documents, marks] = await Promise.all([documentsOfMany(ctx.db, ids), checklistMarksOf(ctx.db, ids)]);
    // Who read which application is the first question after an incident: a row for each one on
    // the page (a single read's call row names its application).
    await recordAuditOfEach(ctx.db, keyActor(request), { at: ctx.now(), action: "view application", detail: { key_id: request.apiKey!.id } }, page.rows.map((row) => row.id));
    return {
      applications: await Promise.all(page.rows.map((row) => applicationOf(ctx, row, documents.get(row.id)!, marks.get(row.id)!))),
      next_cursor: page.next && writeKeysetCursor(page.next),
    };
  });

  routes.get("/applications/:reference", {
    constraints,
    schema: {
      summary: "With an API key: one submitted application by its reference. With a staff session instead: one application by its id", tags,
      params: referenceParams, response: answers(integrationApplication),
    },
  }, async (request) => {
    const row = await submittedByReference(ctx.db, request.params.reference, ctx.now());
    if (!row) throw refuse(404, "submittedNotFound");
    request.apiApplicationId = row.id;
    const [documents, marks] = await Promise.all([documentsOfMany(ctx.db, [row.id]), checklistMarksOf(ctx.db, [row.id])]);
    return applicationOf(ctx, row, documents.get(row.id)!, marks.get(row.id)!);
  });
}

/** An application as the API answers it: each answer with its question's label (and its option's), as the version it was submitted on words them. */
async function applicationOf(ctx: ServerContext, row: SubmittedApplication, documents: DocumentRow[], marks: Map<string, Date>) {
  const { form } = await ctx.versions.of(row.version);
  const answers: Record<string, { value: unknown; label: string | null; option_label?: string; has_bidi_controls?: true }> = {};
  for (const [key, value] of Object.entries(row.answers)) {
    // A choice's label (`{key}_desc`) is given as the option_label of its own answer.
    if (value === "" || value === null || isChoiceLabel(form, key)) continue;
    const label = (form.owners.get(key)?.item.item as { label?: string } | undefined)?.label ?? null;
    const optionLabel = isChoice(form, key) && typeof value === "string" ? choiceLabel(form, key, value, row.answers) : undefined;
    answers[key] = {
      value, label, ...(optionLabel === undefined ? {} : { option_label: optionLabel }),
      ...(typeof value === "string" && BIDI_CONTROL.test(value) ? { has_bidi_controls: true } : {}),
    };
  }
  const link = (key: string, fileName: string) => ctx.storage.downloadUrl(key, { fileName, expiresInSeconds: LINK_SECONDS });
  return {
    reference: row.reference,
    email: row.email,
    submitted_at: row.submitted_at.toISOString(),
    review_status: row.review_status,
    request_state: row.request_state,
    decision: row.decision && { ...row.decision, released_at: new Date(row.decision.released_at).toISOString(), responded_at: row.decision.responded_at && new Date(row.decision.responded_at).toISOString() },
    answers,
    documents: await Promise.all(documents.map(async (d) => ({
      answer_key: d.answerKey,
      file_name: d.fileName,
      status: d.status,
      url: await link(d.uploadKey, d.fileName),
      pdf_url: d.status === "COMPLETED" && d.pdfKey ? await link(d.pdfKey, `${d.answerKey}.pdf`) : null,
    }))),
    // The current checklist, as the office and the applicant see it (data/checklist.ts).
    checklist: checklistLines(ctx.form.form, row.answers, documents, marks).map(checklistReply),
  };
}

// Years from 1000 to 9999, as the office's day filters take (api-contract's day): PostgreSQL has
// no year 0, and "0000-01-01" reached it and failed with a 500.
const DAY = /^[1-9]\d{3}-\d{2}-\d{2}$/;
const DATE_TIME = /^[1-9]\d{3}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2})$/i;

/** submitted_since: a day (from its start in the office's time zone) or a moment with its offset. */
function sinceOf(text: string, timeZone: string): Since {
  // "2026-02-30" parses (as March 2nd): a day is one only when it reads back the same.
  const day = new Date(`${text}T00:00:00Z`);
  if (DAY.test(text) && !Number.isNaN(day.getTime()) && day.toISOString().startsWith(text)) return { day: text, timeZone };
  const at = new Date(text);
  if (DATE_TIME.test(text) && !Number.isNaN(at.getTime())) return { at };
  throw refuse(400, "submittedSinceInvalid");
}

const POSITION = /^[1-9]\d{3}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

function writeKeysetCursor({ position, id }: KeysetPosition): string {
  return Buffer.from(JSON.stringify([position, id])).toString("base64url");
}

/** The cursor comes back from whoever holds the key: read as untrusted, refused with a message unless it is one of ours. */
function readKeysetCursor(cursor: string): KeysetPosition {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
  } catch {
    throw refuse(400, "badCursor");
  }
  if (!Array.isArray(parsed) || parsed.length !== 2) throw refuse(400, "badCursor");
  const [position, id] = parsed as unknown[];
  if (typeof position !== "string" || !POSITION.test(position) || Number.isNaN(Date.parse(position))) throw refuse(400, "badCursor");
  if (!isRowId(id)) throw refuse(400, "badCursor");
  return { position, id };
}
