// Builds the server: database (migrated), definitions, and every route. main.ts listens;
// tests call buildServer and use app.inject.
import Fastify, { type FastifyInstance, type FastifyServerOptions } from "fastify";
import cookie from "@fastify/cookie";
import swagger from "@fastify/swagger";
import underPressure from "@fastify/under-pressure";
import { ApiError, refuse } from "../api-contract";
import type { Application } from "./data/applications";
import { openBackground } from "./jobs/background";
import { loadHasher } from "./auth/secrets";
import { authenticate, sessionCheck } from "./auth/applicant-session";
import { OWASP_HASH_COST, setPasswordHashConcurrency, setPasswordHashCost } from "./auth/passwords";
import { sessionCookies } from "./auth/sessions";
import { SHUTDOWN_TIMEOUT_MS, type Config } from "./platform/config";
import type { ServerContext } from "./context";
import { openDatabase, type Database } from "./db/database";
import { migrate } from "./db/migrate";
import { formVersions, loadServerForm, type ServerForm } from "./form";
import { registerHttpRules } from "./platform/http";
import { requestValidators } from "./platform/validators";
import { convertDocument, type ConvertJob } from "./convert/documents";
import { runExportJob, type ExportJob } from "./exports/jobs";
import { openJobs } from "./jobs/queue";
import { logSerializers } from "./platform/logging";
import { measure } from "./platform/metrics";
import { loadSampleSchools } from "./lookup/import";
import { configuredMailer, mailDestination, senderOf, type SendMail } from "./platform/mail";
import { messages } from "../api-contract/messages";
import { makePdfCopy, type PdfCopyJob } from "./pdf-copy/pdf-copy";
import { openPrinter } from "./pdf-copy/chromium";
import { accountRoutes, sessionRoutes } from "./routes/accounts";
import { applicationRoutes } from "./routes/application";
import { documentRoutes } from "./routes/documents";
import { statusRoutes } from "./routes/status";
import { decisionMailJob } from "./decisions/mail";
import { lookupRoutes } from "./routes/lookup";
import { ownAccountRoutes } from "./routes/own-account";
import { pdfCopyRoutes } from "./pdf-copy/routes";
import { definitionRoutes, serviceRoutes } from "./routes/service";
import { temporaryAnswerRoutes } from "./routes/temporary-answers";
import { localStorageRoutes } from "./storage/routes";
import type { LocalStorage } from "./storage/local";
import { openStorage } from "./storage/storage";
import { runOperatorCommand } from "./staff/operator";
import { openOperatorChannel } from "./staff/operator-channel";
import { STAFF_API, staffOfRequest } from "./staff/access";
import { staffRoutes } from "./staff/routes";
import { integrationRoutes, keyOfRequest } from "./staff/integration";
import { staffCookie } from "./staff/sessions";
import { sweepExpired } from "./jobs/sweep";
import { webRoutes } from "./platform/web";
import { publishVersion } from "./data/definition-versions";
import { listChecklists } from "./data/checklist";

declare module "fastify" {
  interface FastifyRequest {
    /** The logged-in applicant's application; set for every route under /api. */
    application: Application;
  }
}

export interface ServerOptions {
  config: Config;
  /** Defaults to PostgreSQL at config.databaseUrl, else PGlite in config.dataDir. */
  db?: Database;
  form?: ServerForm;
  sendMail?: SendMail;
  now?: () => Date;
  logger?: FastifyServerOptions["logger"];
}

export async function buildServer(options: ServerOptions): Promise<{ app: FastifyInstance; ctx: ServerContext }> {
  const { config } = options;
  // First: definitions the linter refuses stop the start before a database is opened.
  const form = options.form ?? loadServerForm();
  const db = options.db ?? await openDatabase(config);
  await migrate(db);
  const { institution } = form.form;
  const now = options.now ?? (() => new Date());
  const hash = await loadHasher(db);
  const version = await publishVersion(db, form.files, now());
  // The office list's checklist filters read each submitted application's items as this checklist lists them.
  await listChecklists(db, form.form);
  const app = Fastify({
    logger: options.logger ? { ...(options.logger === true ? {} : options.logger), serializers: logSerializers } : false,
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    schemaController: requestValidators(),
  });
  const ctx: ServerContext = {
    config,
    db,
    form,
    version,
    versions: formVersions(db, form, version),
    hash,
    sendMail: options.sendMail ?? configuredMailer(config, institution),
    now,
    storage: openStorage({ s3: config.s3 }, { dataDir: config.dataDir, publicUrl: config.publicUrl, sign: (text) => hash(`storage:${text}`), now }),
    jobs: await openJobs(db, {
      handlers: config.workJobs
        ? {
            "convert-document": (data) => convertDocument(db, ctx.storage, data as unknown as ConvertJob, now, ctx.form.form.institution.uploads),
            "pdf-copy": (data) => makePdfCopy(ctx, data as unknown as PdfCopyJob),
            export: (data) => runExportJob(ctx, data as unknown as ExportJob),
            "decision-mail": () => decisionMailJob(ctx),
          }
        : undefined,
      onError: (error) => app.log.error(error, "a job failed"),
      stopWaitMs: config.shutdownTimeoutMs ?? SHUTDOWN_TIMEOUT_MS,
    }),
    printer: openPrinter(config.chromiumPath),
    cookies: sessionCookies(config.cookiePrefix, config.publicUrl),
    staffCookie: staffCookie(config.cookiePrefix, new URL(config.publicUrl).protocol === "https:"),
    background: openBackground((error, what) => app.log.error(error, what)),
    sender: senderOf(config, institution),
  };

  app.decorateRequest("application", null as unknown as Application);
  app.decorateRequest("session", null);
  measure(app, db);
  // Absent in tests and scripts that build their own config: a test's PGlite blocks the loop for seconds as it starts.
  if (config.pressure) await shedLoad(app, config.pressure);
  setPasswordHashConcurrency(config.passwordHashConcurrency ?? 1);
  setPasswordHashCost(config.passwordHashCost ?? OWASP_HASH_COST);
  await app.register(cookie);
  await app.register(swagger, {
    openapi: {
      info: { title: `${institution.name} admission application API`, version: "1" },
      components: { securitySchemes: {
        session: { type: "apiKey", in: "cookie", name: ctx.cookies.names.session },
        staffSession: { type: "apiKey", in: "cookie", name: ctx.staffCookie.name },
        apiKey: { type: "http", scheme: "bearer", description: "An integration API key (wuk_…), made by an admin or with npm run staff -- api-key create" },
      } },
    },
  });
  registerHttpRules(app, { publicUrl: config.publicUrl });
  // A fresh install has no school lists yet: the made-up sample lets the lookups find something.
  const sample = await loadSampleSchools(db);
  if (sample) app.log.info(`no schools yet: loaded the sample lists in lookup-data/ (${sample.hs_ceeb} high schools, ${sample.college_ceeb} colleges); npm run lookups:import loads real ones`);
  const sweeping = setInterval(() => {
    sweepExpired(db, ctx.storage, ctx.now()).catch((error: unknown) => app.log.error(error, "sweeping expired rows failed"));
  }, 60 * 60_000);
  sweeping.unref();
  // A PGlite folder this server opened is closed to other processes: the operator's commands
  // (npm run staff) come in through the server instead.
  const closeOperatorChannel = !options.db && db.kind === "pglite"
    ? await openOperatorChannel(config.dataDir, (command) => runOperatorCommand(ctx, mailDestination(config), command), (error) => app.log.error(error, "an operator command failed"))
    : async () => {};
  app.addHook("onClose", async () => {
    await closeOperatorChannel();
    clearInterval(sweeping);
    await ctx.background.idle();
    await ctx.jobs.stop();
    await ctx.printer.close();
    await db.close();
  });

  // Alive: the process answers, whatever its dependencies do (a load balancer or an orchestrator
  // restarts a process that stops answering this). Ready: it can do its work now (take it out of
  // the rotation while it cannot). Neither is turned away under pressure: a busy process is alive.
  app.get("/health", { schema: { hide: true }, config: UNDER_ANY_PRESSURE }, async () => ({ status: "ok", database: db.kind }));
  app.get("/ready", { schema: { hide: true }, config: UNDER_ANY_PRESSURE }, async (_request, reply) => {
    const failed = await unreachable(ctx);
    if (failed) {
      reply.header("Retry-After", "5");
      throw refuse(503, "notReady", failed);
    }
    return { status: "ready" };
  });
  // The metrics are on their own port (platform/metrics.ts); here the path is nobody's, not the browser app's page.
  app.get("/metrics", { schema: { hide: true } }, (_request, reply) => reply.callNotFound());
  // The whole API's description is the office's (a staff session or an integration key): it maps
  // every route a stranger could try. The applicant's routes, which the browser app calls from any
  // page, are described to anyone.
  app.get("/api/openapi.json", { schema: { hide: true } }, async (request) => {
    const isOffice = (await staffOfRequest(ctx, request)) !== null || (await keyOfRequest(ctx, request)) !== null;
    if (!isOffice) throw refuse(401, "loginNeeded");
    return app.swagger();
  });
  app.get("/public/openapi.json", { schema: { hide: true } }, async () => {
    const whole = app.swagger() as { paths?: Record<string, unknown> };
    return { ...whole, paths: Object.fromEntries(Object.entries(whole.paths ?? {}).filter(([path]) => !path.startsWith(STAFF_API))) };
  });

  accountRoutes(app, ctx);
  temporaryAnswerRoutes(app, ctx);
  serviceRoutes(app, ctx);
  definitionRoutes(app, ctx);
  lookupRoutes(app, ctx);
  if (ctx.storage.kind === "local") await localStorageRoutes(app, ctx.storage as LocalStorage);
  await app.register(async (api) => {
    api.addHook("onRequest", (request, _reply, done) => {
      // A service token reads one application's service view and opens nothing else.
      if ((request.query as Record<string, unknown> | undefined)?.service_token !== undefined) return done(refuse(403, "serviceTokenReadOnly"));
      done();
    });
    const withApplication = sessionCheck(ctx, false);
    const sessionOnly = sessionCheck(ctx, true);
    // A route checking the session itself was refused before it did (a body it cannot take, a
    // malformed If-Match): without a session the answer is 401, as on every other route. A refusal
    // of the hooks' own (a service token's 403, a missing cookie's 401) stands. A thrown error goes
    // on to the server's error handler (platform/http.ts).
    api.setErrorHandler(async (error, request, reply) => {
      if (request.session && !request.application && request.routeOptions.config.ownSessionCheck && !(error instanceof ApiError && error.status === 401)) {
        await authenticate(ctx, request, reply);
      }
      throw error;
    });
    api.addHook("onRoute", (route) => {
      route.schema = { ...route.schema, security: [{ session: [] }] };
      route.onRequest = [...[route.onRequest ?? []].flat(), route.config?.ownSessionCheck ? sessionOnly : withApplication];
    });
    sessionRoutes(api, ctx);
    applicationRoutes(api, ctx);
    documentRoutes(api, ctx);
    statusRoutes(api, ctx);
    pdfCopyRoutes(api, ctx);
    ownAccountRoutes(api, ctx);
  });
  await app.register(async (office) => staffRoutes(office, ctx), { prefix: STAFF_API });
  // After the staff's routes: the OpenAPI document shows the key's answer for the paths they share.
  await integrationRoutes(app, ctx);
  if (config.clientDir) await webRoutes(app, { dir: config.clientDir, cookiePrefix: config.cookiePrefix });
  await app.ready();
  return { app, ctx };
}

/** A route's config that lets it answer under pressure (under-pressure goes on when its handler answers nothing). */
const UNDER_ANY_PRESSURE = { pressureHandler: () => undefined };

/**
 * 503 with Retry-After, before the event loop is so far behind that every answer is late: the
 * browser's autosave tries again later (its answers are kept), where a stalled server would time
 * out on everyone at once.
 */
async function shedLoad(app: FastifyInstance, limits: NonNullable<Config["pressure"]>): Promise<void> {
  await app.register(underPressure, {
    maxEventLoopDelay: limits.maxEventLoopDelayMs,
    maxHeapUsedBytes: limits.maxHeapUsedBytes,
    maxRssBytes: limits.maxRssBytes,
    // It sets Retry-After and the status, then throws this one error (made once): the error
    // handler (platform/http.ts) answers it as `{ message, code }` like every other refusal.
    retryAfter: limits.retryAfterSeconds,
    customError: UnderPressure,
  });
}

class UnderPressure extends ApiError {
  constructor() {
    super(503, "underPressure", messages.underPressure);
  }
}

/** The first dependency the server cannot reach now, or null: the database, the file store, the job queue. */
async function unreachable(ctx: ServerContext): Promise<"database" | "storage" | "jobs" | null> {
  const within = <T>(work: Promise<T>) => Promise.race([work, new Promise<never>((_, reject) => setTimeout(() => reject(new Error("timed out")), READY_TIMEOUT_MS).unref())]);
  if (!(await within(ctx.db.query("SELECT 1")).then(() => true, () => false))) return "database";
  // A key no object has: the store answers "none" when it is there and reachable.
  if (!(await within(ctx.storage.read("ready/probe")).then(() => true, () => false))) return "storage";
  if (!(await within(ctx.jobs.start().then(() => ctx.db.query("SELECT 1 FROM pgboss.queue LIMIT 1"))).then(() => true, () => false))) return "jobs";
  return null;
}

/** Longer than a healthy dependency ever takes; shorter than a load balancer's check timeout. */
const READY_TIMEOUT_MS = 2_000;
