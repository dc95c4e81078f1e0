// The routes a staff member calls without a session: the login, and the invitation's three steps
// (whose link is the credential).
import type { FastifyInstance } from "fastify";
import type { JsonSchemaToTsProvider } from "@fastify/type-provider-json-schema-to-ts";
import {
  invitation, invitationPasswordBody, invitationQuery, invitationTotpBody, messageReply, recoveryCodes, staffLoginBody, staffSelf, totpEnrolment,
} from "../../api-contract";
import type { ServerContext } from "../context";
import { choosePassword, enrol, invitationOf } from "./invitations";
import { logInStaff } from "./login";
import { staffRefusal } from "./refusals";
import { setStaffCookie } from "./sessions";

const answers = <T>(ok: T) => ({ 200: ok, "4xx": messageReply, "5xx": messageReply }) as const;

export function staffAccountRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const routes = app.withTypeProvider<JsonSchemaToTsProvider>();

  routes.post("/login", {
    schema: {
      summary: "Log in to the admissions office with password and authenticator (or recovery) code; sets the staff session cookie",
      tags: ["staff"], body: staffLoginBody, response: answers(staffSelf),
    },
  }, async (request, reply) => {
    const result = await logInStaff(ctx, { ...request.body, address: request.ip }, request.cookies[ctx.staffCookie.name]);
    if (!result.ok) throw staffRefusal(result);
    setStaffCookie(reply, result.value.sessionId, ctx.staffCookie);
    return result.value.staff;
  });

  routes.get("/invitation", {
    schema: { summary: "Whose invitation a link is (404 when it is not valid)", tags: ["staff"], querystring: invitationQuery, response: answers(invitation) },
  }, async (request) => {
    const result = await invitationOf(ctx, request.query.token);
    if (!result.ok) throw staffRefusal(result);
    return result.value;
  });

  routes.post("/invitation/password", {
    schema: {
      summary: "Choose the password; answers a new authenticator secret to enrol",
      tags: ["staff"], body: invitationPasswordBody, response: answers(totpEnrolment),
    },
  }, async (request) => {
    const result = await choosePassword(ctx, request.body.token, request.body.password);
    if (!result.ok) throw staffRefusal(result);
    return result.value;
  });

  routes.post("/invitation/totp", {
    schema: {
      summary: "Finish enrolment with a code from the authenticator; answers the ten recovery codes, once",
      tags: ["staff"], body: invitationTotpBody, response: answers(recoveryCodes),
    },
  }, async (request) => {
    const result = await enrol(ctx, request.body.token, request.body.code, request.ip);
    if (!result.ok) throw staffRefusal(result);
    return { recovery_codes: result.value.recoveryCodes };
  });
}
