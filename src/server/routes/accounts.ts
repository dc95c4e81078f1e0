// Sign-up, confirmation, login, password reset and logout over HTTP: the accounts service
// (accounts/service.ts) decides; this file holds the cookies and turns refusals into answers.
// The sign-up attempt's id lives in an HttpOnly cookie of its own, sent to /public only.
import type { FastifyInstance, FastifyReply } from "fastify";
import type { JsonSchemaToTsProvider } from "@fastify/type-provider-json-schema-to-ts";
import { ApiError, addressBody, confirmBody, credentialsBody, replies, resetBody, resetCheckBody, refuse } from "../../api-contract";
import { ATTEMPT_MS, createAccountService, type AccountRefusal } from "../accounts/service";
import { clearSessionCookies, setSessionCookies } from "../auth/sessions";
import type { ServerContext } from "../context";
import { messages } from "../../api-contract/messages";

function refusal(refused: AccountRefusal): ApiError {
  switch (refused.code) {
    case "emailInvalid": case "loginEmailInvalid": case "resendEmailInvalid": case "passwordRequired": case "passwordsMustMatch":
    case "passwordCommon": case "codeFormat": case "codeWrong": case "loginWrong": case "resetWrong":
      return refuse(400, refused.code);
    case "passwordRules": return refuse(400, "passwordRules", refused.failed);
    case "loginUnconfirmed": return refuse(403, "loginUnconfirmed");
    case "tooManySignups": case "tooManyForgots": case "mailThrottled": return refuse(429, refused.code);
    case "loginThrottled": return refuse(429, "loginThrottled", refused.minutes);
    case "mailFailed": return refuse(503, "mailFailed");
    default: {
      const unknown: never = refused;
      throw new Error(`no answer for ${JSON.stringify(unknown)}`);
    }
  }
}

export function accountRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const accounts = createAccountService(ctx);
  const routes = app.withTypeProvider<JsonSchemaToTsProvider>();
  const attemptCookie = `${ctx.config.cookiePrefix}signup`;
  const attemptCookieOptions = { path: "/public", sameSite: "strict", secure: ctx.cookies.secure, httpOnly: true } as const;
  const holdAttempt = (reply: FastifyReply, attemptId: string) =>
    reply.setCookie(attemptCookie, attemptId, { ...attemptCookieOptions, maxAge: ATTEMPT_MS / 1000 });

  routes.post("/public/signup", {
    schema: { summary: "Create an account; a confirmation code goes to the address", body: credentialsBody, response: replies },
  }, async (request, reply) => {
    const result = await accounts.signUp(request, request.body);
    if (!result.ok) throw refusal(result);
    holdAttempt(reply, result.value.attemptId);
    return { message: messages.signedUp };
  });

  routes.post("/public/confirm", {
    schema: { summary: "Confirm an account with the code from the mail", body: confirmBody, response: replies },
  }, async (request, reply) => {
    const result = await accounts.confirm(request.body, request.cookies[attemptCookie]);
    if (!result.ok) throw refusal(result);
    reply.clearCookie(attemptCookie, attemptCookieOptions);
    return { message: messages.confirmed };
  });

  routes.post("/public/resend-confirm", {
    schema: { summary: "Send a new confirmation code; the old one stops working", body: addressBody, response: replies },
  }, async (request) => {
    const result = await accounts.resendCode(request, request.body, request.cookies[attemptCookie]);
    if (!result.ok) throw refusal(result);
    return { message: messages.codeResent };
  });

  routes.post("/public/login", {
    schema: { summary: "Log in; sets the session cookies", body: credentialsBody, response: replies },
  }, async (request, reply) => {
    const result = await accounts.logIn(request, request.body, request.cookies[ctx.cookies.names.session]);
    if (!result.ok && result.code === "loginUnconfirmed") {
      holdAttempt(reply, result.attemptId);
      return reply.status(403).send({ message: messages.loginUnconfirmed });
    }
    if (!result.ok) throw refusal(result);
    setSessionCookies(reply, result.value.sessionId, ctx.cookies);
    return { message: messages.loggedIn };
  });

  routes.post("/public/forgot-password", {
    schema: { summary: "Mail a password reset link, if the address has an account", body: addressBody, response: replies },
  }, async (request) => {
    const result = await accounts.forgotPassword(request, request.body);
    if (!result.ok) throw refusal(result);
    return { message: messages.forgotSent };
  });

  routes.post("/public/reset-password", {
    schema: {
      summary: "Set a new password with the id from the reset mail; ends every session of the account",
      body: resetBody,
      response: replies,
    },
  }, async (request) => {
    const result = await accounts.resetPassword(request.body);
    if (!result.ok) throw refusal(result);
    return { message: messages.resetDone };
  });

  // A POST, not a GET with the id in the address: the id stays out of access logs and caches.
  routes.post("/public/reset-password/check", {
    schema: { summary: "Whether a reset link still works (unused, within its 30 minutes); changes nothing", body: resetCheckBody, response: replies },
  }, async (request) => {
    const result = await accounts.checkReset(request.body);
    if (!result.ok) throw refusal(result);
    return { message: messages.resetLive };
  });
}

/** Under /api: needs the session it ends. */
export function sessionRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const accounts = createAccountService(ctx);
  const routes = app.withTypeProvider<JsonSchemaToTsProvider>();
  // The browser calls this while the applicant reads or types without saving, so the server's
  // 15-minute idle limit measures the person's inactivity, not the requests'.
  routes.get("/api/session", {
    schema: { summary: "Keep the session alive (any /api call does); answers who is logged in", response: replies },
  }, async () => ({ message: messages.sessionActive }));
  routes.get("/api/logout", {
    schema: { summary: "Log out: ends this session and clears its cookies", response: replies },
  }, async (request, reply) => {
    await accounts.logOut(request.cookies[ctx.cookies.names.session]!);
    clearSessionCookies(reply, ctx.cookies);
    return { message: messages.loggedOut };
  });
}
