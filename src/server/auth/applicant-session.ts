// The applicant's session on /api, checked in one place: the hook every route under /api runs
// (sessionCheck) reads the cookie once; a route's statement then checks the session and renews it,
// the one that reads the application, or PUT /api/answer's usual save, the one that writes.
import type { FastifyReply, FastifyRequest, onRequestHookHandler } from "fastify";
import type { ServerContext } from "../context";
import { applicationOfSession, type Application, type SessionKey } from "../data/applications";
import { ApiError, FORM_VERSION_HEADER, refuse } from "../../api-contract";
import { clearSessionCookies } from "./sessions";

declare module "fastify" {
  interface FastifyContextConfig {
    /**
     * The route checks the session in its own statement (request.session): the /api hook refuses
     * only a request without a session cookie, and a refusal before the route checked answers 401
     * all the same when there is no session (app.ts).
     */
    ownSessionCheck?: boolean;
  }
  interface FastifyRequest {
    /** The applicant's session cookie, hashed, at the time of the request; set under /api. */
    session: SessionKey | null;
  }
}

/** 401 with the session message, the session's cookies cleared. */
function sessionRefusal(ctx: ServerContext, reply: FastifyReply): ApiError {
  clearSessionCookies(reply, ctx.cookies);
  return refuse(401, "sessionInvalid");
}

/** Refuses the request with 401 (sessionRefusal). */
export function refuseSession(ctx: ServerContext, reply: FastifyReply): never {
  throw sessionRefusal(ctx, reply);
}

/** The session's application, set on the request; 401 when the session has ended. */
export async function authenticate(ctx: ServerContext, request: FastifyRequest, reply: FastifyReply): Promise<Application> {
  const application = await applicationOfSession(ctx.db, request.session!);
  if (!application) refuseSession(ctx, reply);
  request.application = application;
  return application;
}

/**
 * The /api hook of a route: 401 without a session cookie; else the session on the request, and,
 * unless the route checks it in its own statement (ownSessionCheck), the session's application.
 * A plain callback, as http.ts's hooks: a save runs it.
 */
export function sessionCheck(ctx: ServerContext, ownSessionCheck: boolean): onRequestHookHandler {
  return (request, reply, done) => {
    const id = request.cookies[ctx.cookies.names.session];
    if (id === undefined) return done(sessionRefusal(ctx, reply));
    // A page built on other definitions (open in a tab across a deploy) writes nothing of the
    // application: it reloads. Its account (/api/account…) is no definitions' business.
    const version = request.headers[FORM_VERSION_HEADER];
    if (version !== undefined && version !== ctx.version.hash && request.method !== "GET" && !request.url.startsWith("/api/account")) {
      return done(refuse(409, "formUpdated"));
    }
    request.session = { idHash: ctx.hash(id), now: ctx.now() };
    if (ownSessionCheck) return done();
    authenticate(ctx, request, reply).then(() => done(), done);
  };
}
