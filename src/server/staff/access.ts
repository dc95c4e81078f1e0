// Who may call what under /staff/api: every route but the login and the invitation needs a staff
// session, and each route names the least role it needs. An applicant's session opens nothing
// here (another cookie, another table), and nothing here writes an applicant's answers.
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from "fastify";
import { STAFF_ROLES, type StaffRole } from "../../api-contract/staff";
import type { ServerContext } from "../context";
import { clearStaffCookie, staffOfSession, type Staff } from "./sessions";
import { refuse } from "../../api-contract";

declare module "fastify" {
  interface FastifyRequest {
    /** The logged-in staff member; set for every route registered through `staffOnly`. */
    staff: Staff;
  }
}

/** Where the office's routes and the integration API are (app.ts registers them with this prefix). */
export const STAFF_API = "/staff/api";

/** The staff member whose live session the request carries, or null. */
export async function staffOfRequest(ctx: ServerContext, request: FastifyRequest): Promise<Staff | null> {
  const id = request.cookies[ctx.staffCookie.name];
  return id ? staffOfSession(ctx.db, ctx.hash(id), ctx.now()) : null;
}

/** Registers `routes` behind the staff session check. */
export async function staffOnly(app: FastifyInstance, ctx: ServerContext, routes: (api: FastifyInstance) => void): Promise<void> {
  await app.register(async (api) => {
    api.addHook("onRequest", async (request, reply) => {
      const staff = await staffOfRequest(ctx, request);
      if (!staff) {
        if (request.cookies[ctx.staffCookie.name]) clearStaffCookie(reply, ctx.staffCookie);
        throw refuse(401, "loginNeeded");
      }
      request.staff = staff;
    });
    // A path is text and the server coerces nothing (app.ts): the ids the schemas call integers
    // ("/staff/api/applications/12") are read as numbers here, before the schema checks them.
    api.addHook("preValidation", async (request) => {
      const params = request.params as Record<string, unknown>;
      if (typeof params.id === "string" && /^\d{1,10}$/.test(params.id)) params.id = Number(params.id);
    });
    api.addHook("onRoute", (route) => {
      route.schema = { ...route.schema, security: [{ staffSession: [] }] };
    });
    routes(api);
  });
}

const rank = (role: StaffRole) => STAFF_ROLES.indexOf(role);

/** Whether `role` is `least` or above. */
export const isAtLeast = (role: StaffRole, least: StaffRole) => rank(role) >= rank(least);

/** A route's preHandler: 403 unless the staff member's role is `least` or above. */
export const allow = (least: StaffRole): preHandlerAsyncHookHandler => async (request: FastifyRequest) => {
  if (!isAtLeast(request.staff.role, least)) throw refuse(403, "roleNeeded", least);
};
