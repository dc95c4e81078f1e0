// Property-based fuzz of every route the server has. The routes come from the app itself
// (app.printRoutes lists every route, hidden ones like /health and Fastify's HEADs included; the
// OpenAPI document gives each one's body fields, query and header parameters), so a new route is
// fuzzed without touching this file; a few routes the app does not have are fuzzed too. Each
// route gets a mix of arbitrary JSON, near-valid bodies built from its real field names, malformed
// payloads under various content types, odd query strings, paths and headers, sent anonymously
// as two logged-in students (one with a few answers, one whose application is submitted) and as
// an admin of the admissions office (whose paths name real applications and staff members), with
// time passing now and then. What must hold for every request: no 5xx; every 4xx is JSON
// with a non-empty `message`; and a refused call changes nothing in the database.
//
// The full fuzz runs on both databases: seconds of requests on each, plus the server's start.
import fc from "fast-check";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { IDLE_MS, LIFETIME_MS, startSession } from "../../src/server/auth/sessions";
import { startStaffSession } from "../../src/server/staff/sessions";
import { LIST_SORTS } from "../../src/api-contract";
import { messages } from "../../src/api-contract/messages";
import { Client, codeFor, completeApplication, databaseKinds, loggedInApplicant, loggedInStaff, newAddress, PASSWORD, startTestServer, type TestServer } from "./harness";

/** Requests per database, spread evenly over the routes (so ≥ 1,000 whatever their number); FUZZ_REQUESTS=20000 for a longer hunt. */
const REQUESTS = Math.max(1000, Number(process.env.FUZZ_REQUESTS ?? 2000));
/** A fixed seed replays a failure: FUZZ_SEED=1234 npx vitest run tests/server/fuzz.test.ts */
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;
const complete = completeApplication();
const SECOND = 1000, MINUTE = 60 * SECOND, HOUR = 60 * MINUTE, DAY = 24 * HOUR;

// ---------------------------------------------------------------------------------------------
// The routes, from the app

interface Schema {
  type?: string | string[];
  enum?: unknown[];
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean | Schema;
  items?: Schema;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  maxItems?: number;
  format?: string;
}
interface Parameter { name: string; in: string; schema?: Schema }
interface Operation { parameters?: Parameter[]; requestBody?: { content?: Record<string, { schema?: Schema }> } }
interface Route {
  method: string;
  /** In OpenAPI form: /items/{id}. */
  path: string;
  body?: Schema;
  parameters: Parameter[];
  /** False for the routes the app does not have, fuzzed to check the 404s. */
  exists: boolean;
}

const HTTP_METHODS = ["GET", "HEAD", "POST", "PUT", "DELETE", "PATCH", "OPTIONS"];

/** Every method and path of app.printRoutes (HEAD included: Fastify adds one to every GET). */
function routesOf(printed: string): { method: string; path: string }[] {
  const found: { method: string; path: string }[] = [];
  const parents: string[] = [];
  for (const line of printed.split("\n")) {
    const match = /^([│ ]*)[├└]── (.*?)(?: \(([^)]*)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    // "/:id|:reference": one node, two routes' parameter names (the integration API's is told apart by its header).
    const [segment, ...otherNames] = match[2]!.split("|");
    const path = (parents[depth - 1] ?? "") + segment!;
    parents[depth] = path;
    const paths = [path, ...otherNames.map((name) => path.replace(/:\w+$/, name))];
    for (const method of (match[3] ?? "").split(", ")) {
      if (HTTP_METHODS.includes(method)) found.push(...paths.map((p) => ({ method, path: p.replace(/:(\w+)/g, "{$1}") })));
    }
  }
  return found;
}

async function discoverRoutes(server: TestServer, staff: Client): Promise<Route[]> {
  const response = await staff.get("/api/openapi.json");
  const paths = (response.json() as { paths: Record<string, Record<string, Operation>> }).paths;
  const routes = routesOf(server.app.printRoutes({ commonPrefix: false })).map(({ method, path }): Route => {
    const operation = paths[path]?.[method.toLowerCase()];
    return { method, path, body: operation?.requestBody?.content?.["application/json"]?.schema, parameters: operation?.parameters ?? [], exists: true };
  });
  // Everything the OpenAPI document promises is in the list.
  for (const [path, operations] of Object.entries(paths)) {
    for (const method of Object.keys(operations)) {
      expect(routes.some((r) => r.path === path && r.method === method.toUpperCase()), `${method} ${path}`).toBe(true);
    }
  }
  const unknown = (method: string, path: string): Route => ({ method, path, parameters: [], exists: false });
  return [
    ...routes,
    unknown("GET", "/api/no-such-route"),
    unknown("POST", "/public/no-such-route"),
    unknown("DELETE", "/api/answer"),
    unknown("PATCH", "/public/signup"),
  ];
}

// ---------------------------------------------------------------------------------------------
// Generators. Bodies are generated as JSON text, so they can hold what JSON.stringify never
// writes: __proto__ keys, duplicate keys, 1e400, nesting deeper than a stack.

type Text = string;
const text = (value: unknown): Text => JSON.stringify(value);
const objectText = (entries: readonly (readonly [string, Text])[]): Text => `{${entries.map(([k, v]) => `${text(k)}:${v}`).join(",")}}`;
const encode = (value: string) => encodeURIComponent(value.toWellFormed());
/** `arbitrary` one time in `odds`, else undefined. */
const rarely = <T>(arbitrary: fc.Arbitrary<T>, odds: number) =>
  fc.oneof({ weight: odds - 1, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary });

const nastyStrings = [
  "", " ", "\u0000", "a\u0000b", "\ud800", "a\udc00", "\udfff\ud800", "\u2028", "İ", "🙂", "%00", "null", "0", "-1", "true",
  "{}", "[]", "__proto__", "constructor", "'; DROP TABLE users; --", "<script>alert(1)</script>", "../../etc/passwd", "\r\n",
];
const anyString = fc.oneof(fc.string(), fc.string({ unit: "binary" }), fc.string({ unit: "grapheme" }), fc.constantFrom(...nastyStrings));
const printable = fc.string({ maxLength: 40 }).map((s) => s.replace(/[^\x20-\x7e]/g, ""));
const deepNesting = fc.tuple(fc.integer({ min: 1, max: 100_000 }), fc.boolean())
  .map(([depth, arrays]) => (arrays ? "[".repeat(depth) + "]".repeat(depth) : '{"a":'.repeat(depth) + "1" + "}".repeat(depth)));
const prototypeKeys = fc.constantFrom(
  '{"__proto__":{"admin":true}}', '{"constructor":{"prototype":{"admin":true}}}', '{"constructor":1}', '{"prototype":[]}', '{"hasOwnProperty":"x"}',
);

/**
 * Values this server knows (addresses with accounts, a code, a reset id, a token, the password),
 * by the field name they belong in: they get past the checks into the handlers.
 */
type Pools = Record<string, string[]>;
const poolFor = (pools: Pools, name: string | undefined) => fc.constantFrom(...((name !== undefined ? pools[name] : undefined) ?? Object.values(pools).flat()));

/** A value the field's schema accepts, mostly. */
function validValue(schema: Schema, pools: Pools, depth = 0, name?: string): fc.Arbitrary<Text> {
  if (schema.enum) return fc.constantFrom(...schema.enum).map(text);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (schema.format === "date" || schema.format === "date-time") {
    const instant = fc.date({ min: new Date("1000-01-01T00:00:00Z"), max: new Date("9999-12-31T23:59:59Z"), noInvalidDate: true }).map((d) => d.toISOString());
    return instant.map((at) => text(schema.format === "date" ? at.slice(0, 10) : at));
  }
  switch (type) {
    case "string": {
      // Within maxLength, counted in code points as Ajv counts.
      const max = Math.min(schema.maxLength ?? 60, 60);
      return fc.oneof(
        { weight: 4, arbitrary: poolFor(pools, name) },
        fc.emailAddress(),
        fc.stringMatching(/^\d{6}$/),
        fc.string({ maxLength: 20 }).map((s) => `Aa1!${s}-Quiet-Lantern`),
        fc.string({ maxLength: max }),
      ).map((s) => text(schema.maxLength === undefined ? s : [...s].slice(0, schema.maxLength).join("")));
    }
    case "integer": return fc.integer({ min: schema.minimum ?? -1e6, max: schema.maximum ?? 1e6 }).map(text);
    case "number": return fc.double({ min: schema.minimum ?? -1e6, max: schema.maximum ?? 1e6, noNaN: true }).map(text);
    case "boolean": return fc.boolean().map(text);
    case "null": return fc.constant("null");
    case "array": return fc.array(validValue(schema.items ?? {}, pools, depth + 1), { maxLength: Math.min(schema.maxItems ?? 4, 4) }).map((items) => `[${items.join(",")}]`);
    case "object": return depth > 2 ? fc.constant("{}") : nearValidObject(schema, pools, depth + 1);
    default: return fc.jsonValue({ maxDepth: 2 }).map(text);
  }
}

/** A value the field's schema refuses: a wrong type, too long, empty, out of range, bad text, too deep. */
function invalidValue(schema: Schema): fc.Arbitrary<Text> {
  const limits = [schema.minimum, schema.maximum].filter((n): n is number => n !== undefined);
  return fc.oneof(
    fc.constantFrom(null, true, false, 0, -1, 1.5, "", "x", [], {}, ["x"], { a: 1 }).map(text),
    fc.integer({ min: 1, max: 64 }).map((n) => text("x".repeat((schema.maxLength ?? 1000) + n))),
    fc.constant(text("")),
    fc.constantFrom(
      ...limits.flatMap((n) => [n - 1, n + 1, n + 0.5]).map(text),
      text(2 ** 53 + 2), text(-(2 ** 31) - 1), text(2 ** 31), text(Number.MAX_VALUE), text(5e-324), "1e400", "-1e400", "-0", "1E2",
    ),
    anyString.map((s) => text(`${s}\u0000`)),
    anyString.map((s) => text(`\ud800${s}`)),
    deepNesting,
    prototypeKeys,
  );
}

/**
 * Query and path parameters at and past the edges of what their types hold, where a value reaches
 * SQL: years 0 and 10000, offsets PostgreSQL has not, numbers JavaScript holds and PostgreSQL's
 * integer, bigint and real do not (each of these once answered 500 somewhere in the office).
 */
const EDGE_TEXTS = [
  "0000-01-01", "0001-01-01", "1000-01-01", "9999-12-31", "10000-01-01", "-0001-01-01", "+275760-09-13", "2026-02-29", "2028-02-29", "2026-13-01",
  "2026-11-01T00:00:00Z", "0000-01-01T00:00:00Z", "2026-11-01T00:00:00+99:99", "2026-11-01T00:00:00+15:59", "2026-11-01T00:00:00-16:00",
  "9999-12-31T23:59:59.999999Z", "0", "-0", "1", "2147483647", "2147483648", "9007199254740991", "9007199254740993", "99999999999999999999",
  "1e20", "1e308", "1e309", "5e-324", "-1e308", "Infinity", "-Infinity", "NaN", "0x10", "1_000", " 7", "7 ", "1.0", "1.5", "+1",
];
/** The same edges inside a cursor written as ours are (base64url JSON): what comes back from a browser or a key's holder is untrusted. */
const EDGE_VALUES: unknown[] = [
  0, -0, 1, 0.5, 1e308, -1e308, 5e-324, 1e-39, 3.4e38, 3.5e38, 2147483648, 2 ** 53 + 2, "", "x", null, true, [], {},
  "0000-01-01T00:00:00+00:00", "2026-11-22T12:00:00.123456+99:99", "2026-11-22T12:00:00.123456+15:59", "2026-11-22T12:00:00.123456Z",
  "0000-01-01T00:00:00.000000Z", "9999-12-31T23:59:59.999999Z",
];
const cursorText = fc.tuple(fc.constantFrom(...LIST_SORTS, "relevance", "x"), fc.constantFrom(...EDGE_VALUES), fc.constantFrom(0, 1, 2147483647, 2147483648, -1, 1.5))
  .chain(([order, value, id]) => fc.constantFrom([order, value, id], [value, id]))
  .map((cursor) => Buffer.from(JSON.stringify(cursor)).toString("base64url"));

/** A query or path parameter's text: mostly one its schema takes, often an edge above or a cursor holding one. */
function parameterText(parameter: Parameter, pools: Pools): fc.Arbitrary<string> {
  const valid = validValue(parameter.schema ?? {}, pools, 0, parameter.name).map((t) => {
    const value: unknown = JSON.parse(t);
    return typeof value === "string" ? value : JSON.stringify(value);
  });
  return fc.oneof({ weight: 3, arbitrary: valid }, { weight: 2, arbitrary: fc.constantFrom(...EDGE_TEXTS) }, { weight: 1, arbitrary: cursorText });
}

/** An object with the schema's real field names: mostly valid values, some not, some unknown keys. */
function nearValidObject(schema: Schema, pools: Pools, depth = 0): fc.Arbitrary<Text> {
  const properties = schema.properties ?? {};
  const names = Object.keys(properties);
  const extraSchema = typeof schema.additionalProperties === "object" ? schema.additionalProperties : {};
  const extraKey = fc.oneof(
    fc.string(),
    fc.constantFrom("__proto__", "constructor", "prototype", "hasOwnProperty", "toString", "", "\u0000", "\ud800", ...names.flatMap((n) => [`${n} `, n.toUpperCase()])),
    fc.integer({ min: 1000, max: 100_000 }).map((n) => "k".repeat(n)),
  );
  const field = (name: string, fieldSchema: Schema) =>
    fc.oneof({ weight: 4, arbitrary: validValue(fieldSchema, pools, depth, name) }, { weight: 1, arbitrary: invalidValue(fieldSchema) }).map((v) => [name, v] as const);
  const chosen = fc.tuple(
    fc.integer({ min: 0, max: 3 }).map((n) => n === 0), // the required fields 3 times in 4
    names.length ? fc.uniqueArray(fc.constantFrom(...names), { maxLength: Math.min(names.length, 12) }) : fc.constant([]),
  ).map(([withoutRequired, some]) => [...new Set([...(withoutRequired ? [] : schema.required ?? []), ...some])]);
  return fc.tuple(
    chosen.chain((keys) => fc.tuple(...keys.map((k) => field(k, properties[k] ?? {})))),
    fc.oneof(
      { weight: 3, arbitrary: fc.constant([]) },
      { weight: 1, arbitrary: fc.array(fc.tuple(extraKey, fc.oneof(validValue(extraSchema, pools, depth + 1), invalidValue(extraSchema))), { maxLength: 2 }) },
    ),
  ).map(([fields, extra]) => objectText([...fields, ...extra]));
}

const JSON_TYPES = ["application/json", "application/json; charset=utf-8", "Application/JSON"];
const OTHER_TYPES = [
  "text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=fuzz", "application/json; charset=utf-16",
  "application/json; charset=latin1", "application/vnd.api+json", "application/jsonx", "*/*", "",
];
const MALFORMED = [
  "", " ", "\n", "{", "}", "[", '{"a":}', "{'a':1}", "{a:1}", '{"a":1,}', "{}garbage", "\ufeff{}", "NaN", "undefined", "1e400", "[1e400]",
  '{"a":1e400}', "nul\u0000l", '"\\ud800"', '"\\u0000"', '{"\\u0000":1}', '{"__proto__":1}', '{"a":1,"a":2}', "a=b&c=d",
  "username=a%40b.c&password=x", '--fuzz\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n--fuzz--', "\u0000",
  text("x".repeat(1_100_000)),
];

interface FuzzRequest {
  method: string;
  url: string;
  contentType: string | undefined;
  payload: string | undefined;
  headers: Record<string, string>;
  who: "anonymous" | "student" | "submitted" | "admin" | "key";
  /** For the anonymous client: a session cookie nobody was given. */
  forgedCookie: string | undefined;
  /** Time that passes before the request (codes, reset links, sessions, limits expire), in ms. */
  wait: number | undefined;
}

/**
 * Each part of a request (path, query, content type, body, headers) is either clean (what our
 * browser app sends, the body near-valid) or wild, each wild one time in four: a quarter of the
 * requests are clean in every part, and many of those get past the schema into the handlers.
 */
function requestFor(route: Route, pools: Pools): fc.Arbitrary<FuzzRequest> {
  const segment = fc.oneof(
    fc.string({ minLength: 1 }).map(encode),
    poolFor(pools, "path_id"),
    fc.constantFrom("%00", "%ZZ", "%", "%ED%A0%80", "%C0%80", "..", "%2e%2e", "0", "-1", "99999999999999999999", "null", "x".repeat(5000)),
  );
  /** The route's path with random path parameters (when it has any). */
  const pathParameter = (name: string) => {
    const parameter = route.parameters.find((p) => p.in === "path" && p.name === name);
    return parameter ? fc.oneof(segment, parameterText(parameter, pools).map(encode)) : segment;
  };
  const filled = fc.tuple(...(route.path.match(/\{\w+\}/g) ?? []).map((name) => pathParameter(name.slice(1, -1))))
    .map((values) => { let i = 0; return route.path.replace(/\{\w+\}/g, () => values[i++]!); });
  const wildPath = fc.oneof(
    fc.tuple(filled, segment).map(([p, s]) => `${p}/${s}`),
    fc.constantFrom(`${route.path}/`, `${route.path}%00`, route.path.toUpperCase(), `/${route.path}`, `${route.path}/..`),
    fc.tuple(fc.constantFrom("", "/api", "/public", "/lookup", "/service"), fc.array(segment, { minLength: 1, maxLength: 3 })).map(([base, parts]) => `${base}/${parts.join("/")}`),
  );

  const queryParameters = route.parameters.filter((p) => p.in === "query");
  const queryNames = queryParameters.map((p) => p.name);
  const queryKey = fc.oneof(fc.constantFrom(...queryNames, "token", "__proto__", "constructor", "a[]", "a[b]", "", "%00"), fc.string().map(encode));
  const queryValue = fc.oneof(
    poolFor(pools, undefined).map(encode),
    anyString.map(encode),
    fc.constantFrom("%00", "a%00b", "%", "%zz", "%ED%A0%80", "%C0%80", "%FF", "%F0%9F%99%82", "x".repeat(200), ""),
  );
  // Each parameter one time in two, so that one refused value does not hide what the others reach.
  const cleanQuery = fc.tuple(...queryParameters.map((p) => fc.option(parameterText(p, pools).map((v) => `${p.name}=${encode(v)}`), { freq: 2 })))
    .map((pairs) => pairs.filter((pair) => pair !== null))
    .map((pairs) => (pairs.length ? `?${pairs.join("&")}` : ""));
  const wildQuery = fc.oneof(
    { weight: 3, arbitrary: fc.array(fc.tuple(queryKey, queryValue), { minLength: 1, maxLength: 5 }).map((pairs) => `?${pairs.map(([k, v]) => `${k}=${v}`).join("&")}`) },
    { weight: 1, arbitrary: fc.tuple(queryKey, queryValue, queryValue).map(([k, a, b]) => `?${k}=${a}&${k}=${b}`) },
    { weight: 1, arbitrary: fc.constantFrom("", "?", "?&", "?=", "?a", "?a=1&&b", "?%00=%00", "?token", "?token=&token=") },
  );

  const wellFormed = nearValidObject(route.body ?? { type: "object", properties: {} }, pools);
  const wildPayload = fc.oneof(
    { weight: 3, arbitrary: fc.jsonValue().map(text) },
    { weight: 1, arbitrary: fc.anything({ maxDepth: 3, withDate: true, withNullPrototype: true, withSparseArray: true }).map((v) => JSON.stringify(v) as string | undefined) },
    { weight: 2, arbitrary: wellFormed.chain((t) => fc.integer({ min: 0, max: Math.max(0, t.length - 1) }).map((n) => t.slice(0, n))) },
    { weight: 2, arbitrary: fc.oneof(anyString, fc.constantFrom(...MALFORMED)) },
    { weight: 1, arbitrary: fc.constant(undefined) },
  );

  const headerParameters = route.parameters.filter((p) => p.in === "header").map((p) => p.name);
  const headerValue = fc.oneof(fc.constantFrom('"0"', '"1"', '"2"', "*", 'W/"1"', '"-1"', "", '"99999999999999999999"'), printable);
  const cleanHeaders = fc.tuple(...headerParameters.map((name) => rarely(headerValue.map((v) => [name, v] as const), 3)))
    .map((pairs) => Object.fromEntries(pairs.filter((p) => p !== undefined)) as Record<string, string>);
  const wildHeaders = fc.tuple(
    cleanHeaders,
    fc.option(fc.constantFrom("cross-site", "same-site", "same-origin", "none")),
    fc.option(fc.constantFrom("http://localhost:8080", "https://evil.example", "null")),
  ).map(([parameters, site, origin]) => ({ ...parameters, ...(site !== null ? { "sec-fetch-site": site } : {}), ...(origin !== null ? { origin } : {}) }));

  const either = <T>(clean: fc.Arbitrary<T>, wild: fc.Arbitrary<T>) =>
    fc.oneof({ weight: 3, arbitrary: clean }, { weight: 1, arbitrary: wild });
  return fc.record<FuzzRequest>({
    method: route.exists ? fc.constant(route.method) : fc.constantFrom(route.method, ...HTTP_METHODS),
    url: fc.tuple(either(filled, wildPath), either(cleanQuery, wildQuery)).map(([p, q]) => p + q),
    contentType: either(fc.constantFrom(...JSON_TYPES), fc.constantFrom(...OTHER_TYPES, undefined)),
    payload: either(wellFormed, wildPayload),
    headers: either(cleanHeaders, wildHeaders),
    who: fc.constantFrom("anonymous", "student", "student", "submitted", "admin", "key"),
    forgedCookie: rarely(fc.oneof(printable, fc.constant("x".repeat(43))), 5),
    wait: rarely(fc.constantFrom(61 * SECOND, 11 * MINUTE, 16 * MINUTE, 31 * MINUTE, 13 * HOUR, 31 * DAY), 30),
  }).map((request) => Object.assign(request, { [fc.toStringMethod]: () => describeRequest(request) }));
}

const shorten = (value: string, length = 300) => (value.length > length ? `${value.slice(0, length)}… (${value.length} characters)` : value);
/** The request in a few lines (a counterexample can hold a 1 MB body). */
function describeRequest(request: FuzzRequest): string {
  return `${request.wait ? `after ${request.wait / SECOND} s: ` : ""}${request.method} ${shorten(request.url)} as ${request.who === "student" ? "the student" : request.who === "submitted" ? "the student who submitted" : request.who === "admin" ? "an admin of the office" : request.who === "key" ? "the integration API's key" : `anonymous${request.forgedCookie !== undefined ? ", forged session cookie" : ""}`}`
    + `\ncontent-type: ${request.contentType ?? "(none)"}, headers: ${JSON.stringify(request.headers)}`
    + `\npayload: ${request.payload === undefined ? "(none)" : JSON.stringify(shorten(request.payload))}`;
}

// ---------------------------------------------------------------------------------------------
// The database snapshot a refused call must leave as it was

/**
 * Every table an applicant's call can write, as one JSON text, rows in a fixed order. Left out,
 * because a refused call changes them by design:
 * - signup_attempts.failed_attempts: a wrong code counts a try (five, and the code is dead);
 *   signup_attempts.id_hash: a login with an attempt's password, answered 403 "confirm first",
 *   makes that browser the attempt's holder (a new id).
 * - sessions.last_seen_at: every authenticated request renews its session, refused or not.
 * - throttles: failed logins, sign-ups, saves and mail sends count per address and account, and
 *   the refusals (wrong password, 429) are exactly what they count.
 * - audit_log: a refused staff login is recorded by design (the address typed, from where).
 * - staff_sessions.last_seen_at: as sessions'.
 * - api_keys.last_used_at: every call with a key, refused or not, is its use.
 * - schema_migrations and server_keys: written once when the server starts, by no request.
 * - lookup_schools and lookup_spellings: written by the import script and the sample loaded at start, by no request.
 * definition_versions is snapshotted without its files (a trigger refuses any change to a version).
 * (pg-boss's job tables are in a schema of their own, pgboss: jobs are sent only by accepted calls.)
 */
const SNAPSHOT = `SELECT json_build_object(
  'users', (SELECT json_agg(t ORDER BY t.id) FROM users t),
  'signup_attempts', (SELECT json_agg(to_jsonb(t) - 'failed_attempts' - 'id_hash' ORDER BY t.user_id, t.expires_at, t.code_hash) FROM signup_attempts t),
  'email_changes', (SELECT json_agg(to_jsonb(t) - 'failed_attempts' ORDER BY t.user_id) FROM email_changes t),
  'password_resets', (SELECT json_agg(t ORDER BY t.id_hash) FROM password_resets t),
  'sessions', (SELECT json_agg(to_jsonb(t) - 'last_seen_at' ORDER BY t.id_hash) FROM sessions t),
  'successful_logins', (SELECT json_agg(t ORDER BY t.user_id, t.logged_in_at) FROM successful_logins t),
  'applications', (SELECT json_agg(t ORDER BY t.user_id) FROM applications t),
  'application_checklists', (SELECT json_agg(t ORDER BY t.application_id) FROM application_checklists t),
  'temporary_answers', (SELECT json_agg(t ORDER BY t.token_hash) FROM temporary_answers t),
  'upload_keys', (SELECT json_agg(t ORDER BY t.storage_key) FROM upload_keys t),
  'document_answers', (SELECT json_agg(t ORDER BY t.user_id, t.answer_key) FROM document_answers t),
  'pdf_copies', (SELECT json_agg(t ORDER BY t.user_id) FROM pdf_copies t),
  'service_tokens', (SELECT json_agg(t ORDER BY t.token_hash) FROM service_tokens t),
  'staff', (SELECT json_agg(t ORDER BY t.id) FROM staff t),
  'staff_invitations', (SELECT json_agg(t ORDER BY t.id_hash) FROM staff_invitations t),
  'staff_recovery_codes', (SELECT json_agg(t ORDER BY t.staff_id, t.code_hash) FROM staff_recovery_codes t),
  'staff_sessions', (SELECT json_agg(to_jsonb(t) - 'last_seen_at' ORDER BY t.id_hash) FROM staff_sessions t),
  'export_jobs', (SELECT json_agg(t ORDER BY t.id) FROM export_jobs t),
  'review_notes', (SELECT json_agg(t ORDER BY t.id) FROM review_notes t),
  'information_requests', (SELECT json_agg(t ORDER BY t.id) FROM information_requests t),
  'decisions', (SELECT json_agg(t ORDER BY t.application_id) FROM decisions t),
  'api_keys', (SELECT json_agg(to_jsonb(t) - 'last_used_at' ORDER BY t.id) FROM api_keys t),
  'definition_versions', (SELECT json_agg(json_build_object('hash', t.hash, 'label', t.label, 'published_at', t.published_at) ORDER BY t.hash) FROM definition_versions t)
)::text AS snapshot`;
const SNAPSHOT_TABLES = [
  "users", "signup_attempts", "email_changes", "password_resets", "sessions", "successful_logins", "applications", "temporary_answers",
  "upload_keys", "document_answers", "pdf_copies", "service_tokens", "staff", "staff_invitations", "staff_recovery_codes", "staff_sessions",
  "export_jobs",
  "review_notes", "api_keys", "definition_versions", "checklist_marks", "information_requests", "decisions", "application_checklists",
];
const SEED_ANSWERS = { first_name: "Ada", middle_name: "King", last_name: "Lovelace", suffix: "II" };
/** The audit log records refusals too (a failed staff login) by design; it only ever grows. */
const UNSNAPSHOTTED_TABLES = ["throttles", "schema_migrations", "server_keys", "lookup_schools", "lookup_spellings", "audit_log"];

// ---------------------------------------------------------------------------------------------

describe.each(databaseKinds())("fuzzing every route on %s", (kind) => {
  let server: TestServer;
  /** Logged in: one with a few answers, one whose application is submitted (every change refused). */
  let students: Student[];
  /** An admin of the admissions office, logged in again whenever the fuzz logged them out. */
  let admin: { client: Client; id: number };
  let pools: Pools;
  /** An integration API key the admin made: the API's routes reached with it. */
  let apiKey: string;
  let requests = 0;
  let refused = 0;
  let renewedLogins = 0;
  let replacedStudents = 0;

  interface Student {
    client: Client;
    id: number;
    username: string;
    address: string;
    /** The answers GET /api/profile shows; changed only by accepted calls. */
    answers: unknown;
  }

  const newStudent = async (address: string, answers: Record<string, unknown>): Promise<Student> => {
    const username = newAddress("fuzzed");
    const client = await loggedInApplicant(server, username, address);
    const [user] = await server.db.query<{ id: number }>("SELECT id FROM users WHERE username = $1", [username]);
    const saved = await client.put("/api/answer", answers);
    expect(saved.statusCode, saved.body).toBe(200);
    const student: Student = { client, id: user!.id, username, address, answers: undefined };
    student.answers = await profileAnswers(student);
    return student;
  };

  beforeAll(async () => {
    server = await startTestServer(kind);
    const seeded = await newStudent("10.0.0.2", SEED_ANSWERS);
    expect(seeded.answers).toEqual({ first_name: "Ada", middle_name: "King", last_name: "Lovelace", suffix: "II", suffix_desc: "II" });
    const submitted = await newStudent("10.0.0.4", complete);
    const submittal = await submitted.client.post("/api/submit");
    expect(submittal.statusCode, submittal.body).toBe(200);
    students = [seeded, submitted];
    const staff = await loggedInStaff(server, "admin");
    admin = { client: staff, id: staff.staffId };
    const reviewer = await loggedInStaff(server, "reviewer");
    const made = await staff.post("/staff/api/api-keys", { name: "fuzzed" });
    expect(made.statusCode, made.body).toBe(201);
    apiKey = (made.json() as { key: string }).key;

    // Values for the fuzz to aim at: an unconfirmed account with a live code, a pending password
    // reset of the student, a visitor's saved answers, the form's tab ids.
    const { username } = seeded;
    const unconfirmed = newAddress("unconfirmed");
    const anonymous = new Client(server, "10.0.0.3");
    expect((await anonymous.post("/public/signup", { username: unconfirmed, password: PASSWORD })).statusCode).toBe(200);
    server.advance(61_000); // one account mail a minute per address: the sign-up's was just sent
    expect((await anonymous.post("/public/forgot-password", { username })).statusCode).toBe(200);
    const saved = await anonymous.post("/public/tmp", { first_name: "Visitor" });
    expect(saved.statusCode, saved.body).toBe(200);
    pools = {
      username: [username, username.toUpperCase(), submitted.username, unconfirmed],
      password: [PASSWORD],
      confirm_password: [PASSWORD],
      code: [codeFor(server, unconfirmed), "000000"],
      id: [resetIdFor(username)],
      token: [(saved.json() as { token: string }).token],
      chosen_tab: [...server.ctx.form.form.tabGroups.values()].flatMap((group) => group.tabs.map((tab) => tab.id)),
      // Ids in addresses: the students' applications, the admin, another staff member.
      path_id: [seeded.id, submitted.id, admin.id, reviewer.staffId].map(String),
      email: [newAddress("invitee"), staff.email],
      review_status: ["received", "in review", "needs information", "complete"],
    };
  }, 60_000);
  afterAll(async () => { await server?.app.close(); });

  const resetIdFor = (username: string) => {
    const mail = server.mail.filter((m) => m.to === username && /reset/i.test(m.subject)).at(-1)!;
    return new URL(/http\S+/.exec(mail.text)![0]).searchParams.get("id")!;
  };
  const profileAnswers = async (student: Student) => {
    await keepLoggedIn(student);
    const response = await student.client.get("/api/profile");
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { answer: unknown }).answer;
  };
  const snapshot = async () => (await server.db.query<{ snapshot: string }>(SNAPSHOT))[0]!.snapshot;

  /** The fuzz may log a student out (GET /api/logout, a password reset, time): log them in again. */
  const keepLoggedIn = async (student: Student) => {
    const id = student.client.cookies.get(server.ctx.cookies.names.session);
    const now = server.clock.now.getTime();
    const [session] = id ? await server.db.query<{ user_id: number }>(
      "SELECT user_id FROM sessions WHERE id_hash = $1 AND last_seen_at > $2 AND created_at > $3",
      [server.ctx.hash(id), new Date(now - IDLE_MS), new Date(now - LIFETIME_MS)]) : [];
    if (session?.user_id === student.id) return;
    renewedLogins++;
    student.client.cookies.clear();
    student.client.cookies.set(server.ctx.cookies.names.session, await startSession(server.db, server.ctx.hash, student.id, server.clock.now));
    student.client.cookies.set(server.ctx.cookies.names.loggedIn, "1");
  };

  /** The fuzz may log the admin out (logout, time): log them in again. */
  const keepStaffLoggedIn = async () => {
    const name = server.ctx.staffCookie.name;
    const id = admin.client.cookies.get(name);
    const now = server.clock.now.getTime();
    const [session] = id ? await server.db.query<{ staff_id: number }>(
      "SELECT staff_id FROM staff_sessions WHERE id_hash = $1 AND last_seen_at > $2 AND created_at > $3",
      [server.ctx.hash(id), new Date(now - IDLE_MS), new Date(now - LIFETIME_MS)]) : [];
    if (session?.staff_id === admin.id) return;
    renewedLogins++;
    admin.client.cookies.clear();
    admin.client.cookies.set(name, await startStaffSession(server.db, server.ctx.hash, admin.id, server.clock.now));
  };

  /** The audit log's newest row of an export when the last one was checked. */
  let lastExport = 0;
  /** An export answered 200 is a stream: its audit row says whether it broke off midway, after the 200. */
  const expectWholeExport = async (label: string) => {
    const newer = async () => server.db.query<{ id: string; detail: { complete: boolean } }>(
      "SELECT id, detail FROM audit_log WHERE action = 'export' AND id > $1 ORDER BY id", [lastExport]);
    await expect.poll(async () => (await newer()).length, { timeout: 10_000, message: `no audit row of the export:\n${label}` }).toBeGreaterThan(0);
    const rows = await newer();
    lastExport = Number(rows.at(-1)!.id);
    expect(rows.map((row) => row.detail.complete), `an export broke off after its 200:\n${label}`).toEqual(rows.map(() => true));
  };

  const send = async (route: Route, request: FuzzRequest) => {
    requests++;
    if (request.wait) server.advance(request.wait);
    const student = request.who === "student" ? students[0]! : request.who === "submitted" ? students[1]! : undefined;
    if (student) await keepLoggedIn(student);
    if (request.who === "admin") await keepStaffLoggedIn();
    const cookies = student ? [...student.client.cookies].map(([k, v]) => `${k}=${v}`).join("; ")
      : request.who === "admin" ? [...admin.client.cookies].map(([k, v]) => `${k}=${v}`).join("; ")
      : request.forgedCookie !== undefined ? `${server.ctx.cookies.names.session}=${request.forgedCookie}` : undefined;
    const before = await snapshot();
    const response: LightMyRequestResponse = await server.app.inject({
      method: request.method as "GET",
      url: request.url,
      // Anonymous calls come from a new address every time, so the per-address limits (sign-ups,
      // saves, logins) do not turn the rest of the run into 429s.
      remoteAddress: student?.address ?? `10.1.${(requests >> 8) & 255}.${requests & 255}`,
      headers: {
        ...request.headers,
        ...(request.contentType !== undefined ? { "content-type": request.contentType } : {}),
        ...(cookies ? { cookie: cookies } : {}),
        ...(request.who === "key" ? { authorization: `Bearer ${apiKey}` } : {}),
      },
      ...(request.payload !== undefined ? { payload: request.payload } : {}),
    });
    for (const c of student ? response.cookies : []) {
      if (c.value === "" || c.maxAge === 0) student!.client.cookies.delete(c.name);
      else student!.client.cookies.set(c.name, c.value);
    }

    const label = `fuzzing ${route.method} ${route.path}: ${describeRequest(request)}\n→ ${response.statusCode} ${shorten(response.body)}`;
    expect(response.statusCode, label).toBeLessThan(500);
    if (response.statusCode === 200 && route.path.startsWith("/staff/api/exports/")) await expectWholeExport(label);
    if (response.statusCode >= 400) {
      refused++;
      expect(response.headers["content-type"], label).toMatch(/^application\/json/);
      let message: unknown;
      try {
        message = (JSON.parse(response.body) as { message?: unknown }).message;
      } catch {
        message = undefined;
      }
      // A HEAD answer has the headers of its GET but no body.
      if (request.method !== "HEAD") expect(typeof message === "string" && message.trim() !== "", `${label}\n4xx without a message`).toBe(true);
      const after = await snapshot();
      if (after !== before) expect(JSON.parse(after), `a refused call changed the database:\n${label}`).toEqual(JSON.parse(before));
    } else if (request.method !== "GET" && request.method !== "HEAD") {
      // An accepted DELETE /api/account took the student's account away: a new student with the
      // seed's answers takes its place.
      if (student && request.method === "DELETE" && route.path === "/api/account") {
        students[students.indexOf(student)] = await newStudent(`10.0.9.${replacedStudents++ % 250}`, SEED_ANSWERS);
      }
      // An accepted call may change a student's answers (a valid save, a tab, fewer blocks).
      for (const s of students) s.answers = await profileAnswers(s);
    }
  };

  it("snapshots every table but those a refused call changes by design", async () => {
    const tables = await server.db.query<{ table_name: string }>(
      "SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() ORDER BY table_name");
    expect(tables.map((t) => t.table_name)).toEqual([...SNAPSHOT_TABLES, ...UNSNAPSHOTTED_TABLES].sort());
  });

  it("answers every route without a 5xx, refuses with a message, and a refusal changes nothing", async () => {
    const routes = await discoverRoutes(server, admin.client);
    expect(routes.filter((r) => r.exists).map((r) => `${r.method} ${r.path}`)).toEqual(expect.arrayContaining(["GET /health", "PUT /api/answer", "POST /public/signup"]));
    const runs = Math.ceil(REQUESTS / routes.length);
    for (const route of routes) {
      await fc.assert(fc.asyncProperty(requestFor(route, pools), (request) => send(route, request)), { numRuns: runs, ...(SEED !== undefined ? { seed: SEED } : {}) });
    }
    console.log(`${kind}: ${requests} requests over ${routes.length} routes, ${refused} refused, students logged in again ${renewedLogins} times`);
    expect(requests).toBeGreaterThanOrEqual(1000);
    // The fuzz reaches the handlers: not everything is refused at the door.
    expect(requests - refused).toBeGreaterThan(requests / 20);
  }, REQUESTS * 100);

  it("leaves the students' seeded answers as only accepted calls changed them", async () => {
    const [seeded, submitted] = students;
    expect(await profileAnswers(seeded!)).toEqual(seeded!.answers);
    // Nothing changes a submitted application.
    expect(await profileAnswers(submitted!)).toEqual(complete);
  });

  // What the fuzz found, pinned down.
  it("refuses a body nested deeper than the stack with a 400, not a 500", async () => {
    const deep = '{"a":'.repeat(100_000) + "1" + "}".repeat(100_000);
    for (const url of ["/public/tmp", "/public/no-such-route"]) {
      const response = await server.app.inject({ method: "POST", url, headers: { "content-type": "application/json" }, payload: deep });
      expect(response.statusCode, response.body).toBe(url === "/public/tmp" ? 400 : 404);
    }
  });

  it("leaves an expired password reset link in place when it refuses it", async () => {
    const username = newAddress("expired");
    await loggedInApplicant(server, username, "10.0.0.5");
    server.advance(61_000);
    expect((await new Client(server).post("/public/forgot-password", { username })).statusCode).toBe(200);
    const id = resetIdFor(username);
    server.advance(31 * MINUTE);
    const before = await snapshot();
    const response = await new Client(server).post("/public/reset-password", { username, password: "Brand-New-Secret-7", id });
    expect([response.statusCode, (response.json() as { message: string }).message]).toEqual([400, messages.resetWrong]);
    expect(JSON.parse(await snapshot())).toEqual(JSON.parse(before));
  });
});
