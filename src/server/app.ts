// Builds the server: database (migrated), definitions, and every route. main.ts listens;
// tests call buildServer and use app.inject.
import { join } from "node:path";
import Fastify, { type FastifyInstance, type FastifyServerOptions } from "fastify";
import cookie from "@fastify/cookie";
import swagger from "@fastify/swagger";
import { applicationOfSession, type Application } from "./applications";
import { loadHasher } from "./auth/secrets";
import { clearSessionCookies, IDLE_MS, LIFETIME_MS, sessionCookies } from "./auth/sessions";
import type { Config } from "./config";
import type { ServerContext } from "./context";
import { openPglite, openPostgres, type Database } from "./db/database";
import { migrate } from "./db/migrate";
import { loadServerForm, type ServerForm } from "./form";
import { ApiError, registerHttpRules } from "./http";
import { createMailer, type SendMail } from "./mail";
import { messages } from "./messages";
import { accountRoutes, sessionRoutes } from "./routes/accounts";
import { applicationRoutes } from "./routes/application";
import { temporaryAnswerRoutes } from "./routes/temporary-answers";
import { sweepExpired } from "./sweep";
import { webRoutes } from "./web";

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

export async function openDatabase(config: Config): Promise<Database> {
  return config.databaseUrl ? openPostgres(config.databaseUrl) : openPglite(join(config.dataDir, "pglite"));
}

export async function buildServer(options: ServerOptions): Promise<{ app: FastifyInstance; ctx: ServerContext }> {
  const { config } = options;
  const db = options.db ?? await openDatabase(config);
  await migrate(db);
  const form = options.form ?? loadServerForm();
  const { institution } = form.form;
  const ctx: ServerContext = {
    config,
    db,
    form,
    hash: await loadHasher(db),
    sendMail: options.sendMail ?? createMailer({
      from: config.mailFrom ?? `${institution.office_name ?? institution.name} <${institution.contacts.email}>`,
      smtpUrl: config.smtpUrl,
      outbox: join(config.dataDir, "outbox"),
    }),
    now: options.now ?? (() => new Date()),
    cookies: sessionCookies(config.cookiePrefix, config.publicUrl),
    sender: { institution: institution.name, office: institution.office_name ?? institution.name, publicUrl: config.publicUrl },
  };

  const app = Fastify({
    logger: options.logger ?? false,
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // Refuse rather than repair: no unknown keys dropped, no "1" turned into 1.
    ajv: { customOptions: { removeAdditional: false, coerceTypes: false, useDefaults: false } },
  });
  app.decorateRequest("application", null as unknown as Application);
  await app.register(cookie);
  await app.register(swagger, {
    openapi: {
      info: { title: `${institution.name} admission application API`, version: "1" },
      components: { securitySchemes: { session: { type: "apiKey", in: "cookie", name: ctx.cookies.names.session } } },
    },
  });
  registerHttpRules(app, { publicUrl: config.publicUrl });
  const sweeping = setInterval(() => {
    sweepExpired(db, ctx.now()).catch((error: unknown) => app.log.error(error, "sweeping expired rows failed"));
  }, 60 * 60_000);
  sweeping.unref();
  app.addHook("onClose", async () => {
    clearInterval(sweeping);
    await db.close();
  });

  app.get("/health", { schema: { hide: true } }, async () => {
    await db.query("SELECT 1");
    return { status: "ok", database: db.kind };
  });
  app.get("/api/openapi.json", { schema: { hide: true } }, async () => app.swagger());

  accountRoutes(app, ctx);
  temporaryAnswerRoutes(app, ctx);
  await app.register(async (api) => {
    api.addHook("onRequest", async (request, reply) => {
      const id = request.cookies[ctx.cookies.names.session];
      const now = ctx.now();
      const application = id
        ? await applicationOfSession(db, ctx.hash(id), now, new Date(now.getTime() - IDLE_MS), new Date(now.getTime() - LIFETIME_MS))
        : null;
      if (!application) {
        clearSessionCookies(reply, ctx.cookies);
        throw new ApiError(401, messages.sessionInvalid);
      }
      request.application = application;
    });
    api.addHook("onRoute", (route) => {
      route.schema = { ...route.schema, security: [{ session: [] }] };
    });
    sessionRoutes(api, ctx);
    applicationRoutes(api, ctx);
  });
  if (config.clientDir) await webRoutes(app, { dir: config.clientDir, cookiePrefix: config.cookiePrefix });
  await app.ready();
  return { app, ctx };
}
