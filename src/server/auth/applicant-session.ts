// The applicant's session on /api: checked (and renewed) in the statement that reads the
// application, for every route; PUT /api/answer's usual save checks it in the statement that writes.
import type { FastifyReply, FastifyRequest } from "fastify";
import type { ServerContext } from "../context";
import { applicationOfSession, type Application } from "../data/applications";
import { ApiError } from "../../api-contract";
import { messages } from "../messages";
import { clearSessionCookies, IDLE_MS, LIFETIME_MS } from "./sessions";

declare module "fastify" {
  interface FastifyContextConfig {
    /**
     * The route checks the session in its own statement (applicantSession): the /api hook refuses
     * only a request without a session cookie, and a refusal before the route checked answers 401
     * all the same when there is no session (app.ts).
     */
    ownSessionCheck?: boolean;
  }
}

/** The session cookie's hash and the bounds a live session is within at `now`: no request since idleSince, or started before startedSince. */
export function applicantSession(ctx: ServerContext, request: FastifyRequest, now: Date): { idHash: string; idleSince: Date; startedSince: Date } | null {
  const id = request.cookies[ctx.cookies.names.session];
  return id ? { idHash: ctx.hash(id), idleSince: new Date(now.getTime() - IDLE_MS), startedSince: new Date(now.getTime() - LIFETIME_MS) } : null;
}

/** 401 with the session message, the session's cookies cleared. */
export function refuseSession(ctx: ServerContext, reply: FastifyReply): never {
  clearSessionCookies(reply, ctx.cookies);
  throw new ApiError(401, messages.sessionInvalid);
}

/** The session's application, set on the request; 401 when the session has ended or there is none. */
export async function authenticate(ctx: ServerContext, request: FastifyRequest, reply: FastifyReply): Promise<Application> {
  const now = ctx.now();
  const session = applicantSession(ctx, request, now);
  const application = session && await applicationOfSession(ctx.db, session.idHash, now, session.idleSince, session.startedSince);
  if (!application) refuseSession(ctx, reply);
  request.application = application;
  return application;
}
