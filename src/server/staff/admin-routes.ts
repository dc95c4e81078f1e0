// Admins' routes: the staff list, inviting, changing a role or disabling, and the audit log.
// Registered inside the staff session check (access.ts), so `request.staff` is set.
import type { FastifyInstance } from "fastify";
import type { JsonSchemaToTsProvider } from "@fastify/type-provider-json-schema-to-ts";
import { auditPage as auditPageReply, auditQuery, changeStaffBody, inviteStaffBody, messageReply, staffIdParams, staffList, staffMember } from "../../api-contract";
import type { ServerContext } from "../context";
import { allow } from "./access";
import { auditPage, staffActor } from "./audit";
import { inviteStaff } from "./invitations";
import { changeStaff, listStaff, staffMemberOf } from "./members";
import { staffRefusal } from "./refusals";

const answers = <T>(ok: T) => ({ 200: ok, "4xx": messageReply, "5xx": messageReply }) as const;

export function staffAdminRoutes(api: FastifyInstance, ctx: ServerContext): void {
  const routes = api.withTypeProvider<JsonSchemaToTsProvider>();
  const admin = { preHandler: allow("admin") };

  routes.get("/staff", {
    ...admin,
    schema: { summary: "Every staff account: role, state and last login", tags: ["staff"], response: answers(staffList) },
  }, async () => ({ staff: await listStaff(ctx.db) }));

  routes.post("/staff", {
    ...admin,
    schema: {
      summary: "Invite a staff member: mails a link valid once, for 24 hours (again for someone invited but not enrolled yet)",
      tags: ["staff"], body: inviteStaffBody, response: answers(staffMember),
    },
  }, async (request) => {
    const result = await inviteStaff(ctx, staffActor(request), request.body);
    if (!result.ok && result.code === "mailFailed") request.log.error({ reason: result.reason }, "mailing a staff invitation failed");
    if (!result.ok) throw staffRefusal(result);
    return (await staffMemberOf(ctx.db, result.value.staffId))!;
  });

  routes.patch("/staff/:id", {
    ...admin,
    schema: {
      summary: "Change a staff member's role, or disable (enable) the account; disabling ends its sessions at once",
      tags: ["staff"], params: staffIdParams, body: changeStaffBody, response: answers(staffMember),
    },
  }, async (request) => {
    const result = await changeStaff(ctx, staffActor(request), request.params.id, request.body);
    if (!result.ok) throw staffRefusal(result);
    return result.value;
  });

  routes.get("/audit", {
    ...admin,
    schema: { summary: "The audit log, newest first, 50 a page", tags: ["staff"], querystring: auditQuery, response: answers(auditPageReply) },
  }, async (request) => auditPage(ctx.db, { ...request.query, timeZone: ctx.sender.timeZone }));
}
