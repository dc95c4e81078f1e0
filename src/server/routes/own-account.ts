// The applicant's own account over HTTP (/api/account/…, behind the session like every /api
// route, with the same Origin and JSON-only rules against other sites): the service
// (accounts/own-account.ts) decides; this file turns refusals into answers and ends the cookies
// of a deleted account.
import type { FastifyInstance } from "fastify";
import type { JsonSchemaToTsProvider } from "@fastify/type-provider-json-schema-to-ts";
import { ApiError, emailChangeBody, emailChanged, emailConfirmBody, messageReply, passwordChangeBody, replies, refuse } from "../../api-contract";
import { createOwnAccountService, type OwnAccountRefusal } from "../accounts/own-account";
import { ownDataZip, zipName } from "../accounts/own-data";
import { clearSessionCookies } from "../auth/sessions";
import { hit } from "../auth/throttle";
import type { ServerContext } from "../context";
import { ownData } from "../data/own-account";
import { messages } from "../../api-contract/messages";
import { applicantActor, recordAudit } from "../staff/audit";
import { attachment } from "../storage/keys";

const DOWNLOADS_PER_HOUR = 10;

function refusal(refused: OwnAccountRefusal): ApiError {
  switch (refused.code) {
    case "emailInvalid": case "emailSame": case "codeFormat": case "emailChangeCodeWrong": case "currentPasswordWrong": case "passwordCommon":
      return refuse(400, refused.code);
    case "passwordRules": return refuse(400, "passwordRules", refused.failed);
    case "emailTaken": case "keptSubmitted": return refuse(409, refused.code);
    case "mailThrottled": case "tooManyEmailChanges": return refuse(429, refused.code);
    case "loginThrottled": return refuse(429, "loginThrottled", refused.minutes);
    case "mailFailed": return refuse(503, "mailFailed");
    default: {
      const unknown: never = refused;
      throw new Error(`no answer for ${JSON.stringify(unknown)}`);
    }
  }
}

export function ownAccountRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const account = createOwnAccountService(ctx);
  const routes = app.withTypeProvider<JsonSchemaToTsProvider>();
  const sessionOf = (cookies: Record<string, string | undefined>) => cookies[ctx.cookies.names.session]!;

  routes.post("/api/account/email", {
    schema: { summary: "Change the e-mail address: with the current password, a code goes to the new address", body: emailChangeBody, response: replies },
  }, async (request) => {
    const result = await account.requestEmailChange(request, request.application, request.body);
    if (!result.ok) throw refusal(result);
    return { message: messages.emailChangeSent };
  });

  routes.post("/api/account/email/confirm", {
    schema: { summary: "Confirm the new e-mail address with the code mailed to it; the old address is told", body: emailConfirmBody, response: { 200: emailChanged, "4xx": messageReply } },
  }, async (request) => {
    const result = await account.confirmEmailChange(request, request.application, request.body);
    if (!result.ok) throw refusal(result);
    return { message: messages.emailChanged, username: result.value.username };
  });

  routes.post("/api/account/password", {
    schema: { summary: "Change the password (the current one first); every other session of the account ends", body: passwordChangeBody, response: replies },
  }, async (request) => {
    const result = await account.changePassword(request, request.application, sessionOf(request.cookies), request.body);
    if (!result.ok) throw refusal(result);
    return { message: messages.passwordChanged };
  });

  // Untyped by the provider: its answer is a stream, not the JSON the refusals' schema describes.
  app.get("/api/account/data", {
    schema: {
      summary: "Everything held about the applicant: a zip of application.json and the documents, as uploaded and as PDF",
      response: { "4xx": messageReply },
    },
  }, async (request, reply) => {
    const { userId, username } = request.application;
    if ((await hit(ctx.db, `own-data:${userId}`, 60 * 60_000, ctx.now())) > DOWNLOADS_PER_HOUR) throw refuse(429, "tooManyDownloads");
    const data = await ownData(ctx.db, userId);
    await recordAudit(ctx.db, applicantActor(username, request.ip), { at: ctx.now(), action: "download own data", applicationId: userId });
    return reply
      .header("Content-Type", "application/zip")
      .header("Content-Disposition", attachment(zipName(ctx.now().toISOString().slice(0, 10))))
      .send(ownDataZip(ctx.storage, data, request.log));
  });

  routes.delete("/api/account", {
    schema: { summary: "Delete the account with its application and documents, unless submitted (409); ends the session", response: replies },
  }, async (request, reply) => {
    const result = await account.deleteApplication(request, request.application);
    if (!result.ok) throw refusal(result);
    clearSessionCookies(reply, ctx.cookies);
    return { message: messages.applicationDeleted };
  });
}
