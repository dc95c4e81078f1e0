// What every request goes through: refusing what our browser app never sends, security headers,
// and turning every failure into { "message": … } with a 4xx (or, for our own bugs, a logged 500).
import { AjvCompiler } from "@fastify/ajv-compiler";
import type { FastifyError, FastifyInstance, FastifyServerOptions } from "fastify";
import { ApiError } from "../api-contract";
import { messages } from "./messages";

/**
 * Scripts only from our own origin. Styles too, except the <style> elements React Aria adds at
 * run time, which carry the page's nonce (src/server/web.ts puts it in the page).
 */
export function contentSecurityPolicy(styleNonce?: string): string {
  return [
    "default-src 'self'", "script-src 'self'", `style-src 'self'${styleNonce ? ` 'nonce-${styleNonce}'` : ""}`, "img-src 'self' data: blob:",
    "font-src 'self'", "connect-src 'self'", "object-src 'none'", "base-uri 'none'", "form-action 'self'", "frame-ancestors 'none'",
  ].join("; ");
}
const CSP = contentSecurityPolicy();

/**
 * Request checks refuse rather than repair: no unknown keys dropped, no defaults filled in, and in
 * a JSON body no "1" turned into 1. An address and a query string are text, though: there "7" is
 * the whole number a schema asks for (/staff/api/staff/7, ?before=120), as Fastify does by default.
 */
export function requestValidators(): NonNullable<FastifyServerOptions["schemaController"]> {
  const fromPool = AjvCompiler();
  const strict = { removeAdditional: false, useDefaults: false } as const;
  return {
    compilersFactory: {
      buildValidator: (externalSchemas) => {
        const json = fromPool(externalSchemas, { customOptions: { ...strict, coerceTypes: false } });
        const text = fromPool(externalSchemas, { customOptions: { ...strict, coerceTypes: true } });
        return (route) => {
          if (route.httpPart !== "body") return text(route);
          if (!isWideObject(route.schema)) return json(route);
          return keyByKey(route.schema, (schema) => json({ ...route, schema: schema as typeof route.schema })) as unknown as ReturnType<typeof json>;
        };
      },
    },
  };
}

/** The schema's own keywords Ajv would check on an object of many named properties (the answers). */
interface WideObject { type: "object"; properties: Record<string, unknown>; additionalProperties: false; maxProperties?: number }
const WIDE = 64;
const isWideObject = (schema: unknown): schema is WideObject => {
  const s = schema as Partial<WideObject> & Record<string, unknown>;
  return s.type === "object" && s.additionalProperties === false && typeof s.properties === "object" && Object.keys(s.properties).length > WIDE
    && Object.keys(s).every((k) => ["type", "description", "properties", "additionalProperties", "maxProperties"].includes(k));
};

interface KeyError { instancePath: string; schemaPath: string; keyword: string; params: Record<string, unknown>; message?: string }
type Check = ((data: unknown) => boolean) & { errors?: KeyError[] | null };

/**
 * A body of many named properties (PUT /api/answer's, some 490 keys) checked key by key: Ajv's
 * validator of the whole object looks up every property of the schema on each request, a twentieth
 * of an autosave's CPU; this looks up only the keys sent, each with the validator of its own schema
 * (compiled by the same Ajv, on first use), and reports the error Ajv would report first: the type,
 * too many keys, the first unknown key in the body, then the failing key first in the schema.
 */
function keyByKey(schema: WideObject, compile: (schema: unknown) => unknown): Check {
  const order = new Map(Object.keys(schema.properties).map((key, i) => [key, i]));
  const checks = new Map<string, Check>();
  const fail = (error: KeyError) => ((check.errors = [error]), false);
  const check: Check = (data) => {
    check.errors = null;
    if (typeof data !== "object" || data === null || Array.isArray(data)) {
      return fail({ instancePath: "", schemaPath: "#/type", keyword: "type", params: { type: "object" }, message: "must be object" });
    }
    const keys = Object.keys(data);
    if (schema.maxProperties !== undefined && keys.length > schema.maxProperties) {
      return fail({ instancePath: "", schemaPath: "#/maxProperties", keyword: "maxProperties", params: { limit: schema.maxProperties }, message: `must NOT have more than ${schema.maxProperties} properties` });
    }
    for (const key of keys) {
      if (!order.has(key)) {
        return fail({ instancePath: "", schemaPath: "#/additionalProperties", keyword: "additionalProperties", params: { additionalProperty: key }, message: "must NOT have additional properties" });
      }
    }
    let first: { at: number; errors: KeyError[] } | undefined;
    for (const key of keys) {
      let keyCheck = checks.get(key);
      if (!keyCheck) checks.set(key, (keyCheck = compile(schema.properties[key]) as Check));
      if (keyCheck((data as Record<string, unknown>)[key])) continue;
      const at = order.get(key)!;
      if (!first || at < first.at) {
        const path = `/${key.replace(/~/g, "~0").replace(/\//g, "~1")}`;
        first = { at, errors: (keyCheck.errors ?? []).map((e) => ({ ...e, instancePath: path + e.instancePath, schemaPath: `#/properties/${key}${e.schemaPath.slice(1)}` })) };
      }
    }
    if (!first) return true;
    check.errors = first.errors;
    return false;
  };
  return check;
}

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
      return done(new ApiError(403, messages.crossSite));
    }
    // The configured address, not the Host header: a request names whatever host it likes.
    const origin = request.headers.origin;
    if (origin !== undefined && request.method !== "GET" && request.method !== "HEAD" && origin !== publicOrigin) {
      return done(new ApiError(403, messages.crossSite));
    }
    done();
  });

  app.addHook("preValidation", (request, _reply, done) => {
    if (request.body === undefined && request.method !== "GET" && request.method !== "HEAD") request.body = {};
    // PostgreSQL cannot store NUL or unpaired surrogates; refuse them here rather than fail later.
    if (!isCleanText(request.body) || !isCleanText(request.query) || !isCleanText(request.params)) {
      return done(new ApiError(400, messages.badText));
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
    if (isApiPath(request.url)) reply.header("Cache-Control", "no-store");
    done(null, payload);
  });

  app.setNotFoundHandler((request, reply) => {
    void reply.status(404).send({ message: messages.notFound(request.method, request.url.split("?")[0]!) });
  });

  app.setErrorHandler((error: FastifyError | ApiError, request, reply) => {
    if (error instanceof ApiError) return reply.status(error.status).send({ message: error.message, ...error.body });
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error(error);
      return reply.status(500).send({ message: messages.unexpected });
    }
    return reply.status(status).send({ message: clientErrorMessage(error) });
  });
}

function clientErrorMessage(error: FastifyError): string {
  if (error.validation) return validationMessage(error);
  switch (error.code) {
    case "FST_ERR_CTP_INVALID_MEDIA_TYPE": return messages.jsonOnly;
    case "FST_ERR_CTP_EMPTY_JSON_BODY": return messages.emptyJson;
    case "FST_ERR_CTP_BODY_TOO_LARGE": return messages.tooLarge;
    case "FST_ERR_CTP_INVALID_JSON_BODY": return messages.badJson;
  }
  // Fastify's JSON parser reports syntax errors (and __proto__ keys) with the parser's words.
  if (error instanceof SyntaxError || /JSON|prototype/i.test(error.message)) return messages.badJson;
  return error.message;
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

