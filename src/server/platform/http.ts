// What every request goes through: refusing what our browser app never sends, security headers,
// and turning every failure into { "message": … } with a 4xx (or, for our own bugs, a logged 500).
import type { FastifyError, FastifyInstance, FastifyReply } from "fastify";
import { ApiError, refuse } from "../../api-contract";

/**
 * Scripts only from our own origin. Styles too, except the <style> elements React Aria adds at
 * run time, which carry the page's nonce (src/server/platform/web.ts puts it in the page).
 */
export function contentSecurityPolicy(styleNonce?: string): string {
  return [
    "default-src 'self'", "script-src 'self'", `style-src 'self'${styleNonce ? ` 'nonce-${styleNonce}'` : ""}`, "img-src 'self' data: blob:",
    "font-src 'self'", "connect-src 'self'", "object-src 'none'", "base-uri 'none'", "form-action 'self'", "frame-ancestors 'none'",
  ].join("; ");
}
const CSP = contentSecurityPolicy();

export const isApiPath = (url: string) => /^\/(api|public|service|lookup|upload|files|staff\/api)(\/|\?|$)/.test(url);

export function registerHttpRules(app: FastifyInstance, options: { publicUrl: string }): void {
  const publicOrigin = new URL(options.publicUrl).origin;
  const https = publicOrigin.startsWith("https:");

  // Only JSON bodies: a cross-site form can send text/plain or form-encoded bodies without a
  // preflight, never application/json.
  app.removeContentTypeParser(["text/plain", "application/json"]);
  // A call without a payload may still send the JSON header: an empty body is an empty object.
  const parseJson = app.getDefaultJsonParser("error", "error");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) => {
    if (body === "") done(null, {});
    else parseJson(request, body as string, done);
  });

  // The hooks every request runs are plain callbacks, not async functions: a promise and its
  // turns for each, on every save, were measurable beside the floor (scripts/bench-server.ts).
  app.addHook("onRequest", (request, _reply, done) => {
    const site = request.headers["sec-fetch-site"];
    if (site !== undefined && site !== "same-origin" && site !== "none" && isApiPath(request.url)) {
      return done(refuse(403, "crossSite"));
    }
    // The configured address, not the Host header: a request names whatever host it likes.
    const origin = request.headers.origin;
    if (origin !== undefined && request.method !== "GET" && request.method !== "HEAD" && origin !== publicOrigin) {
      return done(refuse(403, "crossSite"));
    }
    done();
  });

  app.addHook("preValidation", (request, _reply, done) => {
    if (request.body === undefined && request.method !== "GET" && request.method !== "HEAD") request.body = {};
    // PostgreSQL cannot store NUL or unpaired surrogates; refuse them here rather than fail later.
    if (!isCleanText(request.body) || !isCleanText(request.query) || !isCleanText(request.params)) {
      return done(refuse(400, "badText"));
    }
    done();
  });

  const securityHeaders = {
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "no-referrer",
    "Cross-Origin-Opener-Policy": "same-origin",
    "Cross-Origin-Resource-Policy": "same-origin",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=()",
    ...(https ? { "Strict-Transport-Security": "max-age=31536000; includeSubDomains" } : {}),
  };
  app.addHook("onSend", (request, reply, payload, done) => {
    if (!reply.hasHeader("Content-Security-Policy")) reply.header("Content-Security-Policy", CSP);
    reply.headers(securityHeaders);
    // Unless the route says otherwise (a definition version, which never changes).
    if (isApiPath(request.url) && !reply.hasHeader("Cache-Control")) reply.header("Cache-Control", "no-store");
    done(null, payload);
  });

  app.setNotFoundHandler((request, reply) => {
    void answer(reply, refuse(404, "notFound", request.method, request.url.split("?")[0]!));
  });

  app.setErrorHandler((error: FastifyError | ApiError, request, reply) => {
    if (error instanceof ApiError) {
      // Ours to mend, said in words (a definition version that does not load): logged as any 500.
      if (error.status >= 500) request.log.error(error);
      return answer(reply, error);
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error(error);
      return answer(reply, refuse(500, "unexpected"));
    }
    return answer(reply, clientRefusal(status, error));
  });
}

/** Every refusal's answer: `{ message, code, ...body }` (api-contract/messages.ts). */
const answer = (reply: FastifyReply, error: ApiError) => reply.status(error.status).send({ message: error.message, code: error.code, ...error.body });

/** Fastify's own refusals (its body parser, a route's schema) in our words. */
function clientRefusal(status: number, error: FastifyError): ApiError {
  if (error.validation) return refuse(status, "badRequest", validationMessage(error));
  switch (error.code) {
    case "FST_ERR_CTP_INVALID_MEDIA_TYPE": return refuse(status, "jsonOnly");
    case "FST_ERR_CTP_EMPTY_JSON_BODY": return refuse(status, "emptyJson");
    case "FST_ERR_CTP_BODY_TOO_LARGE": return refuse(status, "tooLarge");
    case "FST_ERR_CTP_INVALID_JSON_BODY": return refuse(status, "badJson");
  }
  // Fastify's JSON parser reports syntax errors (and __proto__ keys) with the parser's words.
  if (error instanceof SyntaxError || /JSON|prototype/i.test(error.message)) return refuse(status, "badJson");
  return refuse(status, "badRequest", error.message);
}

/** Ajv's first error as a sentence: "username must be a string.", "Unknown field \"x\" in the request body." */
function validationMessage(error: FastifyError): string {
  const [first] = error.validation!;
  const part = { body: "the request body", querystring: "the query string", params: "the address", headers: "the headers" }[error.validationContext ?? "body"] ?? "the request";
  if (!first) return `${capitalize(part)} is not valid.`;
  const where = first.instancePath.slice(1).replace(/\//g, ".");
  const subject = where || capitalize(part);
  const params = first.params as Record<string, unknown>;
  switch (first.keyword) {
    case "required": return `${where ? `${where}.` : ""}${String(params.missingProperty)} is required in ${part}.`;
    case "additionalProperties": return `Unknown field "${String(params.additionalProperty)}" in ${part}.`;
    case "type": return `${subject} must be ${article(String(params.type))}.`;
    case "maxLength": return `${subject} must be at most ${String(params.limit)} characters.`;
    case "minLength": return `${subject} must be at least ${String(params.limit)} characters.`;
    case "maxProperties": return `${subject} may have at most ${String(params.limit)} fields.`;
    case "maxItems": return `${subject} may have at most ${String(params.limit)} entries.`;
    case "enum": return `${subject} must be one of: ${(params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(", ")}.`;
    case "minimum": case "maximum": return `${subject} must be ${first.keyword === "minimum" ? "at least" : "at most"} ${String(params.limit)}.`;
    case "pattern": case "format": return `${subject} is not in the expected form.`;
    default: return `${subject} ${first.message ?? "is not valid"}.`;
  }
}

const capitalize = (text: string) => text[0]!.toUpperCase() + text.slice(1);
const article = (type: string) => ({ object: "an object", array: "a list", integer: "a whole number" })[type] ?? `a ${type.replace(",", " or ")}`;

/** A loop, not recursion: JSON.parse takes any depth, and a deep body must not overflow the stack (a 500). */
function isCleanText(root: unknown): boolean {
  const pending: unknown[] = [root];
  while (pending.length > 0) {
    const value = pending.pop();
    if (typeof value === "string") {
      if (!value.isWellFormed() || value.includes("\0")) return false;
    } else if (Array.isArray(value)) {
      for (const item of value) pending.push(item);
    } else if (value && typeof value === "object") {
      for (const key in value) pending.push(key, (value as Record<string, unknown>)[key]);
    }
  }
  return true;
}

