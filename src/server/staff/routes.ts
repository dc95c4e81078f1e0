// Every route under /staff/api: the login and the invitation (no session yet), then the rest
// behind the staff session check (access.ts), each naming the least role it needs.
import type { FastifyInstance } from "fastify";
import { messageReply, staffSelf } from "../../api-contract";
import type { ServerContext } from "../context";
import { exportRoutes } from "../exports/routes";
import { staffOnly } from "./access";
import { officeApplicationRoutes } from "./applications";
import { officeDecisionRoutes } from "./decisions";
import { staffAccountRoutes } from "./account-routes";
import { staffAdminRoutes } from "./admin-routes";
import { exportJobRoutes } from "../exports/job-routes";
import { apiKeyRoutes } from "./api-key-routes";
import { versionRoutes } from "./version-routes";
import { officeDashboardRoutes } from "./dashboard";
import { recordAudit, staffActor } from "./audit";
import { messages } from "../../api-contract/messages";
import { clearStaffCookie, endStaffSession } from "./sessions";

export async function staffRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  staffAccountRoutes(app, ctx);
  await staffOnly(app, ctx, (api) => {
    api.get("/me", {
      schema: { summary: "The staff member logged in", tags: ["staff"], response: { 200: staffSelf, "4xx": messageReply } },
    }, async (request) => request.staff);

    api.post("/logout", {
      schema: { summary: "Log out of the admissions office", tags: ["staff"], response: { 200: messageReply, "4xx": messageReply } },
    }, async (request, reply) => {
      await endStaffSession(ctx.db, ctx.hash(request.cookies[ctx.staffCookie.name]!));
      await recordAudit(ctx.db, staffActor(request), { at: ctx.now(), action: "logout" });
      clearStaffCookie(reply, ctx.staffCookie);
      return { message: messages.loggedOut };
    });

    officeApplicationRoutes(api, ctx);
    officeDecisionRoutes(api, ctx);
    officeDashboardRoutes(api, ctx);
    staffAdminRoutes(api, ctx);
    exportRoutes(api, ctx);
    exportJobRoutes(api, ctx);
    apiKeyRoutes(api, ctx);
    versionRoutes(api, ctx);
  });
}
