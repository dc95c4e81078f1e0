// Property-based fuzz of every route the server has. The routes come from the app itself
// (app.printRoutes lists every route, hidden ones like /health included; the OpenAPI document
// gives each one's body fields, query and header parameters), so a new route is fuzzed without
// touching this file. Each route gets a mix of arbitrary JSON, near-valid bodies built from its
// real field names, malformed payloads under various content types, odd query strings and
// paths, sent both anonymously and as a logged-in student. What must hold for every request:
// no 5xx; every 4xx is JSON with a non-empty `message`; and a refused call changes nothing in
// the database.
import fc from "fast-check";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSession } from "../../src/server/auth/sessions";
import { Client, codeFor, databaseKinds, loggedInApplicant, newAddress, PASSWORD, startTestServer, type TestServer } from "./harness";

/** Requests per database, spread evenly over the routes (so ≥ 1,000 whatever their number). */
const REQUESTS = 1200;
/** A fixed seed replays a failure: FUZZ_SEED=1234 npx vitest run tests/server/fuzz.test.ts */
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;

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

const HTTP_METHODS = ["GET", "POST", "PUT", "DELETE", "PATCH", "OPTIONS"];

/** Every method and path of app.printRoutes (HEAD left out: its 4xx have no body to check). */
function routesOf(printed: string): { method: string; path: string }[] {
  const found: { method: string; path: string }[] = [];
  const parents: string[] = [];
  for (const line of printed.split("\n")) {
    const match = /^([│ ]*)[├└]── (.*?)(?: \(([^)]*)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    const path = (parents[depth - 1] ?? "") + match[2]!;
    parents[depth] = path;
    for (const method of (match[3] ?? "").split(", ")) {
      if (HTTP_METHODS.includes(method)) found.push({ method, path: path.replace(/:(\w+)/g, "{$1}") });
    }
  }
  return found;
}

async function discoverRoutes(server: TestServer): Promise<Route[]> {
  const response = await server.app.inject({ method: "GET", url: "/api/openapi.json" });
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

interface Pools {
  /** Values this server knows (addresses with accounts, a code, a token, the password): they get past the checks into the handlers. */
  known: string[];
}

/** A value the field's schema accepts, mostly. */
function validValue(schema: Schema, pools: Pools, depth = 0): fc.Arbitrary<Text> {
  if (schema.enum) return fc.constantFrom(...schema.enum).map(text);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case "string": {
      const max = Math.min(schema.maxLength ?? 60, 60);
      return fc.oneof(
        fc.constantFrom(...pools.known),
        fc.emailAddress(),
        fc.stringMatching(/^\d{6}$/),
        fc.string({ maxLength: 20 }).map((s) => `Aa1!${s}-Quiet-Lantern`),
        fc.string({ maxLength: max }),
      ).map(text);
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
    fc.oneof({ weight: 3, arbitrary: validValue(fieldSchema, pools, depth) }, { weight: 1, arbitrary: invalidValue(fieldSchema) }).map((v) => [name, v] as const);
  const chosen = fc.tuple(
    fc.boolean(),
    names.length ? fc.uniqueArray(fc.constantFrom(...names), { maxLength: Math.min(names.length, 12) }) : fc.constant([]),
  ).map(([withRequired, some]) => [...new Set([...(withRequired ? schema.required ?? [] : []), ...some])]);
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
  student: boolean;
  /** For the anonymous client: a session cookie nobody was given. */
  forgedCookie: string | undefined;
}

function requestFor(route: Route, pools: Pools): fc.Arbitrary<FuzzRequest> {
  const segment = fc.oneof(
    fc.string({ minLength: 1 }).map(encode),
    fc.constantFrom("%00", "%ZZ", "%", "%ED%A0%80", "%C0%80", "..", "%2e%2e", "0", "-1", "99999999999999999999", "null", "x".repeat(5000)),
  );
  const filled = (template: string) => fc.tuple(...(template.match(/\{\w+\}/g) ?? []).map(() => segment))
    .map((values) => { let i = 0; return template.replace(/\{\w+\}/g, () => values[i++]!); });
  const path = fc.oneof(
    { weight: 8, arbitrary: filled(route.path) },
    { weight: 1, arbitrary: fc.tuple(filled(route.path), segment).map(([p, s]) => `${p}/${s}`) },
    { weight: 1, arbitrary: fc.constantFrom(`${route.path}/`, `${route.path}%00`, route.path.toUpperCase(), `/${route.path}`, `${route.path}/..`) },
    { weight: 1, arbitrary: fc.tuple(fc.constantFrom("", "/api", "/public", "/lookup", "/service"), fc.array(segment, { minLength: 1, maxLength: 3 })).map(([base, parts]) => `${base}/${parts.join("/")}`) },
  );

  const queryNames = route.parameters.filter((p) => p.in === "query").map((p) => p.name);
  const queryKey = fc.oneof(fc.constantFrom(...queryNames, "token", "__proto__", "constructor", "a[]", "a[b]", "", "%00"), fc.string().map(encode));
  const queryValue = fc.oneof(
    fc.constantFrom(...pools.known).map(encode),
    anyString.map(encode),
    fc.constantFrom("%00", "a%00b", "%", "%zz", "%ED%A0%80", "%C0%80", "%FF", "%F0%9F%99%82", "x".repeat(200), ""),
  );
  const query = fc.oneof(
    { weight: 3, arbitrary: fc.constant("") },
    { weight: 3, arbitrary: fc.array(fc.tuple(queryKey, queryValue), { minLength: 1, maxLength: 5 }).map((pairs) => `?${pairs.map(([k, v]) => `${k}=${v}`).join("&")}`) },
    { weight: 1, arbitrary: fc.tuple(queryKey, queryValue, queryValue).map(([k, a, b]) => `?${k}=${a}&${k}=${b}`) },
    { weight: 1, arbitrary: fc.constantFrom("?", "?&", "?=", "?a", "?a=1&&b", "?%00=%00", "?token", "?token=&token=") },
  );

  const bodySchema: Schema = route.body ?? { type: "object", properties: {} };
  const wellFormed = nearValidObject(bodySchema, pools);
  const payload = fc.oneof(
    { weight: 5, arbitrary: wellFormed },
    { weight: 2, arbitrary: fc.jsonValue().map(text) },
    { weight: 1, arbitrary: fc.anything({ maxDepth: 3, withDate: true, withNullPrototype: true, withSparseArray: true }).map((v) => JSON.stringify(v) as string | undefined) },
    { weight: 1, arbitrary: wellFormed.chain((t) => fc.integer({ min: 0, max: Math.max(0, t.length - 1) }).map((n) => t.slice(0, n))) },
    { weight: 1, arbitrary: fc.oneof(anyString, fc.constantFrom(...MALFORMED)) },
    { weight: 1, arbitrary: fc.constant(undefined) },
  );
  const contentType = fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom(...JSON_TYPES) },
    { weight: 2, arbitrary: fc.constantFrom(...OTHER_TYPES) },
    { weight: 1, arbitrary: fc.constant(undefined) },
  );

  const headerParameters = route.parameters.filter((p) => p.in === "header").map((p) => p.name);
  const headerValue = fc.oneof(fc.constantFrom('"0"', '"1"', '"2"', "*", 'W/"1"', '"-1"', "", '"99999999999999999999"'), printable);
  const headers = fc.record({
    parameters: fc.tuple(...headerParameters.map((name) => fc.option(headerValue.map((v) => [name, v] as const), { freq: 2 }))),
    site: fc.option(fc.constantFrom("cross-site", "same-site", "same-origin", "none"), { freq: 8 }),
    origin: fc.option(fc.constantFrom("http://localhost:8080", "https://evil.example", "null"), { freq: 8 }),
  }).map(({ parameters, site, origin }) => ({
    ...Object.fromEntries(parameters.filter((p) => p !== null)),
    ...(site !== null ? { "sec-fetch-site": site } : {}),
    ...(origin !== null ? { origin } : {}),
  }));

  const method = route.exists ? fc.constant(route.method) : fc.constantFrom(route.method, ...HTTP_METHODS);
  return fc.record({
    method,
    url: fc.tuple(path, query).map(([p, q]) => p + q),
    contentType,
    payload,
    headers,
    student: fc.boolean(),
    forgedCookie: fc.option(fc.oneof(printable, fc.constant("x".repeat(43))), { freq: 4 }).map((v) => v ?? undefined),
  });
}

// ---------------------------------------------------------------------------------------------
// The database snapshot a refused call must leave as it was

/**
 * Every table an applicant's call can write, as one JSON text, rows in a fixed order. Left out,
 * because a refused call changes them by design:
 * - confirmation_codes.failed_attempts: a wrong code counts a try (five, and the code is dead).
 * - sessions.last_seen_at: every authenticated request renews its session, refused or not.
 * - throttles: failed logins, sign-ups, saves and mail sends count per address and account, and
 *   the refusals (wrong password, 429) are exactly what they count.
 * - schema_migrations and server_keys: written once when the server starts, by no request.
 */
const SNAPSHOT = `SELECT json_build_object(
  'users', (SELECT json_agg(t ORDER BY t.id) FROM users t),
  'confirmation_codes', (SELECT json_agg(to_jsonb(t) - 'failed_attempts' ORDER BY t.user_id) FROM confirmation_codes t),
  'password_resets', (SELECT json_agg(t ORDER BY t.id_hash) FROM password_resets t),
  'sessions', (SELECT json_agg(to_jsonb(t) - 'last_seen_at' ORDER BY t.id_hash) FROM sessions t),
  'successful_logins', (SELECT json_agg(t ORDER BY t.user_id, t.logged_in_at) FROM successful_logins t),
  'applications', (SELECT json_agg(t ORDER BY t.user_id) FROM applications t),
  'temporary_answers', (SELECT json_agg(t ORDER BY t.token_hash) FROM temporary_answers t)
)::text AS snapshot`;
const SNAPSHOT_TABLES = ["users", "confirmation_codes", "password_resets", "sessions", "successful_logins", "applications", "temporary_answers"];
const UNSNAPSHOTTED_TABLES = ["throttles", "schema_migrations", "server_keys"];

// ---------------------------------------------------------------------------------------------

describe.each(databaseKinds)("fuzzing every route on %s", (kind) => {
  let server: TestServer;
  let student: Client;
  let studentId: number;
  /** The student's answers as GET /api/profile shows them; changed only by accepted calls. */
  let expectedAnswers: unknown;
  let pools: Pools;
  let requests = 0;
  let refused = 0;
  let renewedLogins = 0;

  beforeAll(async () => {
    server = await startTestServer(kind);
    const username = newAddress("fuzzed");
    student = await loggedInApplicant(server, username, "10.0.0.2");
    studentId = (await server.db.query<{ id: number }>("SELECT id FROM users WHERE username = $1", [username]))[0]!.id;
    const seeded = await student.put("/api/answer", { first_name: "Ada", middle_name: "King", last_name: "Lovelace", suffix: "II" });
    expect(seeded.statusCode, seeded.body).toBe(200);
    expectedAnswers = await profileAnswers();
    expect(expectedAnswers).toMatchObject({ first_name: "Ada", last_name: "Lovelace" });

    // Rows for the fuzz to aim at: an unconfirmed account with a live code, a pending password
    // reset of the student, a visitor's saved answers.
    const unconfirmed = newAddress("unconfirmed");
    const anonymous = new Client(server, "10.0.0.3");
    expect((await anonymous.post("/public/signup", { username: unconfirmed, password: PASSWORD })).statusCode).toBe(200);
    server.advance(61_000); // one account mail a minute per address: the sign-up's was just sent
    expect((await anonymous.post("/public/forgot-password", { username })).statusCode).toBe(200);
    const resetMail = server.mail.filter((m) => m.to === username && /reset/i.test(m.subject)).at(-1)!;
    const resetId = new URL(/http\S+/.exec(resetMail.text)![0]).searchParams.get("id")!;
    const saved = await anonymous.post("/public/tmp", { first_name: "Visitor" });
    expect(saved.statusCode, saved.body).toBe(200);
    pools = { known: [username, username.toUpperCase(), unconfirmed, codeFor(server, unconfirmed), resetId, (saved.json() as { token: string }).token, PASSWORD, "000000"] };
  }, 60_000);
  afterAll(async () => { await server?.app.close(); });

  const profileAnswers = async () => {
    const response = await student.get("/api/profile");
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { answer: unknown }).answer;
  };
  const snapshot = async () => (await server.db.query<{ snapshot: string }>(SNAPSHOT))[0]!.snapshot;

  /** The fuzz may log the student out (GET /api/logout, a password reset): log them in again. */
  const keepStudentLoggedIn = async () => {
    const id = student.cookies.get(server.ctx.cookies.session);
    const [session] = id ? await server.db.query<{ user_id: number }>("SELECT user_id FROM sessions WHERE id_hash = $1", [server.ctx.hash(id)]) : [];
    if (session?.user_id === studentId) return;
    renewedLogins++;
    student.cookies.clear();
    student.cookies.set(server.ctx.cookies.session, await startSession(server.db, server.ctx.hash, studentId, server.clock.now));
    student.cookies.set(server.ctx.cookies.loggedIn, "1");
  };

  const send = async (route: Route, request: FuzzRequest) => {
    requests++;
    if (request.student) await keepStudentLoggedIn();
    const cookies = request.student ? [...student.cookies].map(([k, v]) => `${k}=${v}`).join("; ")
      : request.forgedCookie !== undefined ? `${server.ctx.cookies.session}=${request.forgedCookie}` : undefined;
    const before = await snapshot();
    const response: LightMyRequestResponse = await server.app.inject({
      method: request.method as "GET",
      url: request.url,
      // A different address every time, so the per-address limits (sign-ups, saves, logins)
      // do not turn the rest of the run into 429s.
      remoteAddress: request.student ? "10.0.0.2" : `10.1.${(requests >> 8) & 255}.${requests & 255}`,
      headers: {
        ...request.headers,
        ...(request.contentType !== undefined ? { "content-type": request.contentType } : {}),
        ...(cookies ? { cookie: cookies } : {}),
      },
      ...(request.payload !== undefined ? { payload: request.payload } : {}),
    });
    if (request.student) {
      for (const c of response.cookies) {
        if (c.value === "" || c.maxAge === 0) student.cookies.delete(c.name);
        else student.cookies.set(c.name, c.value);
      }
    }

    const payload = request.payload === undefined ? "(none)" : request.payload.length > 300 ? `${request.payload.slice(0, 300)}… (${request.payload.length} characters)` : request.payload;
    const label = `${request.method} ${request.url.slice(0, 300)} (route ${route.method} ${route.path}) as ${request.student ? "the student" : "anonymous"}`
      + `\ncontent-type: ${request.contentType ?? "(none)"}, headers: ${JSON.stringify(request.headers)}\npayload: ${payload}`
      + `\n→ ${response.statusCode} ${response.body.slice(0, 300)}`;
    expect(response.statusCode, label).toBeLessThan(500);

    if (response.statusCode >= 400) {
      refused++;
      expect(response.headers["content-type"], label).toMatch(/^application\/json/);
      let message: unknown;
      try {
        message = (JSON.parse(response.body) as { message?: unknown }).message;
      } catch {
        message = undefined;
      }
      expect(typeof message === "string" && message.trim() !== "", `${label}\n4xx without a message`).toBe(true);
      const after = await snapshot();
      if (after !== before) expect(JSON.parse(after), `a refused call changed the database:\n${label}`).toEqual(JSON.parse(before));
    } else if (request.method !== "GET") {
      // An accepted call may change the student's answers (a valid save, a tab, fewer blocks).
      await keepStudentLoggedIn();
      expectedAnswers = await profileAnswers();
    }
  };

  it("snapshots every table but those a refused call changes by design", async () => {
    const tables = await server.db.query<{ table_name: string }>(
      "SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() ORDER BY table_name");
    expect(tables.map((t) => t.table_name)).toEqual([...SNAPSHOT_TABLES, ...UNSNAPSHOTTED_TABLES].sort());
  });

  it("answers every route without a 5xx, refuses with a message, and a refusal changes nothing", async () => {
    const routes = await discoverRoutes(server);
    expect(routes.filter((r) => r.exists).map((r) => `${r.method} ${r.path}`)).toEqual(expect.arrayContaining(["GET /health", "PUT /api/answer", "POST /public/signup"]));
    const runs = Math.ceil(REQUESTS / routes.length);
    for (const route of routes) {
      await fc.assert(fc.asyncProperty(requestFor(route, pools), (request) => send(route, request)), { numRuns: runs, ...(SEED !== undefined ? { seed: SEED } : {}) });
    }
  }, 180_000);

  it("leaves the seeded answers of the student as only accepted calls changed them", async () => {
    await keepStudentLoggedIn();
    expect(await profileAnswers()).toEqual(expectedAnswers);
  });

  it(`sent at least 1,000 requests`, () => {
    console.log(`${kind}: ${requests} requests, ${refused} refused, student logged in again ${renewedLogins} times`);
    expect(requests).toBeGreaterThanOrEqual(1000);
  });
});
