// Every route under /staff/api: the login and the invitation (no session yet), then the rest
// behind the staff session check (access.ts), each naming the least role it needs.
import type { FastifyInstance } from "fastify";
import { messageReply, staffSelf } from "../../api-contract";
import type { ServerContext } from "../context";
import { staffOnly } from "./access";
import { officeApplicationRoutes } from "./applications";
import { staffMessages } from "./messages";
import { clearStaffCookie, endStaffSession } from "./sessions";

export async function staffRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  await staffOnly(app, ctx, (api) => {
    api.get("/staff/api/me", {
      schema: { summary: "The staff member logged in", tags: ["staff"], response: { 200: staffSelf, "4xx": messageReply } },
    }, async (request) => request.staff);

    api.post("/staff/api/logout", {
      schema: { summary: "Log out of the admissions office", tags: ["staff"], response: { 200: messageReply, "4xx": messageReply } },
    }, async (request, reply) => {
      await endStaffSession(ctx.db, ctx.hash(request.cookies[ctx.staffCookie.name]!));
      clearStaffCookie(reply, ctx.staffCookie);
      return { message: staffMessages.loggedOut };
    });

    officeApplicationRoutes(api, ctx);
  });
}
