// Sign-up, confirmation, login, password reset and logout. No answer tells whether an address
// has an account: sign-up, resend and forgot-password answer the same for every address, and
// resend and forgot-password in the same time too (their mail goes out after the answer).
// Each sign-up of an unconfirmed address is an attempt of its own (migration 004): its password,
// its code, and the browser that made it, which holds the attempt's id in an HttpOnly cookie
// (as does a browser that logs in with the attempt's password). A code confirms only with its
// own attempt's id and sets only that attempt's password, so a password someone else chose for
// the address never opens the account.
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { JsonSchemaToTsProvider } from "@fastify/type-provider-json-schema-to-ts";
import { failedPasswordRequirements, isConfirmationCode, isEmail } from "../../engine/runtime";
import { hashPassword, isCommonPassword, verifyNothing, verifyPassword } from "../auth/passwords";
import { randomCode, randomId } from "../auth/secrets";
import { endEverySession, endSession, removeEndedSessions, setSessionCookies, startSession, clearSessionCookies } from "../auth/sessions";
import { forget, giveBack, hit, take } from "../auth/throttle";
import type { ServerContext } from "../context";
import { ApiError, message } from "../http";
import { mailTexts, type Mail } from "../mail";
import { messages } from "../messages";

const CODE_MS = 10 * 60_000;
const RESET_MS = 30 * 60_000;
const MAIL_INTERVAL_MS = 60_000;
const LOGIN_WINDOW_MS = 15 * 60_000;
const LOGIN_FAILURES_PER_ACCOUNT = 5;
const LOGIN_FAILURES_PER_ADDRESS = 50;
const CODE_ATTEMPTS = 5;
const SIGNUPS_PER_ADDRESS_PER_HOUR = 20;
const FORGOTS_PER_ADDRESS_PER_HOUR = 30;
/** An attempt outlives its code by a day (as does its cookie), so a resend from its browser finds it. */
const ATTEMPT_MS = 24 * 60 * 60_000;
/** An unconfirmed address's attempts a login compares its password with (the mail limit allows ~10 live). */
const ATTEMPTS_CHECKED_AT_LOGIN = 10;

const email = { type: "string", maxLength: 254, description: "The e-mail address" } as const;
const password = { type: "string", maxLength: 256 } as const;
const replies = { 200: message, "4xx": message } as const;
const body = <const P extends Record<string, unknown>, const R extends readonly string[]>(properties: P, required: R) =>
  ({ type: "object", properties, required, additionalProperties: false }) as const;

export function accountRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const { db, hash, now } = ctx;
  const routes = app.withTypeProvider<JsonSchemaToTsProvider>();

  const mailOut = async (request: FastifyRequest, mail: Mail, secret?: string) => {
    if (ctx.config.logSecrets && secret) request.log.info({ to: mail.to, secret }, `mail: ${mail.subject}`);
    await ctx.sendMail(mail);
  };
  /** Mail the answer waits for (sign-up): a failure is the applicant's to know. */
  const send = async (request: FastifyRequest, mail: Mail, secret?: string) => {
    try {
      await mailOut(request, mail, secret);
    } catch (error) {
      request.log.error(error, "sending mail failed");
      throw new ApiError(503, messages.mailFailed);
    }
  };
  const attemptCookie = `${ctx.config.cookiePrefix}signup`;
  const attemptCookieOptions = { path: "/public", sameSite: "strict", secure: ctx.cookies.secure, httpOnly: true } as const;
  const holdAttempt = (reply: FastifyReply, attemptId: string) =>
    reply.setCookie(attemptCookie, attemptId, { ...attemptCookieOptions, maxAge: ATTEMPT_MS / 1000 });
  /** One account e-mail per address a minute, whatever the address (so the limit tells nothing). */
  const limitMail = async (username: string) => {
    if ((await hit(db, `mail:${username}`, MAIL_INTERVAL_MS, now())) > 1) throw new ApiError(429, messages.mailThrottled);
  };
  const codeHash = (userId: number, code: string) => hash(`${userId}:${code}`);
  const codeExpiry = () => new Date(now().getTime() + CODE_MS);
  const attemptExpiry = () => new Date(now().getTime() + ATTEMPT_MS);
  const checkNewPassword = (value: string) => {
    const failed = failedPasswordRequirements(value);
    if (failed.length > 0) throw new ApiError(400, messages.passwordRules(failed));
    if (isCommonPassword(value)) throw new ApiError(400, messages.passwordCommon);
  };
  const address = (value: string, refusal: string) => {
    const username = value.toLowerCase();
    if (!isEmail(username)) throw new ApiError(400, refusal);
    return username;
  };

  routes.post("/public/signup", {
    schema: { summary: "Create an account; a confirmation code goes to the address", body: body({ username: email, password }, ["username", "password"]), response: replies },
  }, async (request, reply) => {
    const username = address(request.body.username, messages.emailInvalid);
    checkNewPassword(request.body.password);
    if ((await hit(db, `signup:${request.ip}`, 60 * 60_000, now())) > SIGNUPS_PER_ADDRESS_PER_HOUR) throw new ApiError(429, messages.tooManySignups);
    await limitMail(username);
    const passwordHash = await hashPassword(request.body.password);
    const attemptId = randomId();
    const code = await db.transaction(async (tx) => {
      const [created] = await tx.query<{ id: number }>(
        "INSERT INTO users (username, password_hash, created_at) VALUES ($1, $2, $3) ON CONFLICT (username) DO NOTHING RETURNING id",
        [username, passwordHash, now()],
      );
      if (created) await tx.query("INSERT INTO applications (user_id, updated_at) VALUES ($1, $2)", [created.id, now()]);
      const [user] = created ? [{ id: created.id, confirmed: false }] : await tx.query<{ id: number; confirmed: boolean }>(
        "SELECT id, confirmed_at IS NOT NULL AS confirmed FROM users WHERE username = $1 FOR UPDATE", [username]);
      if (user!.confirmed) return undefined;
      // An attempt beside any earlier ones: whoever made each keeps it, with its own password.
      const newCode = randomCode();
      await tx.query("INSERT INTO signup_attempts (id_hash, user_id, password_hash, code_hash, code_expires_at, expires_at) VALUES ($1, $2, $3, $4, $5, $6)",
        [hash(attemptId), user!.id, passwordHash, codeHash(user!.id, newCode), codeExpiry(), attemptExpiry()]);
      return newCode;
    });
    const text = code ? mailTexts.confirmationCode(ctx.sender, code) : mailTexts.alreadyRegistered(ctx.sender);
    await send(request, { to: username, ...text }, code);
    // Set for every address alike (for a confirmed one it names no attempt).
    holdAttempt(reply, attemptId);
    return { message: messages.signedUp };
  });

  routes.post("/public/confirm", {
    schema: { summary: "Confirm an account with the code from the mail", body: body({ username: email, code: { type: "string", maxLength: 64 } }, ["username", "code"]), response: replies },
  }, async (request, reply) => {
    const username = address(request.body.username, messages.emailInvalid);
    if (!isConfirmationCode(request.body.code)) throw new ApiError(400, messages.codeFormat);
    const attemptId = request.cookies[attemptCookie];
    const confirmed = attemptId !== undefined && await db.transaction(async (tx) => {
      const [row] = await tx.query<{ user_id: number; password_hash: string; code_hash: string; expires_at: Date; failed_attempts: number }>(
        `SELECT a.user_id, a.password_hash, a.code_hash, a.code_expires_at AS expires_at, a.failed_attempts FROM signup_attempts a JOIN users u ON u.id = a.user_id
         WHERE a.id_hash = $1 AND u.username = $2 AND u.confirmed_at IS NULL FOR UPDATE OF a`, [hash(attemptId), username]);
      if (!row || row.expires_at <= now() || row.failed_attempts >= CODE_ATTEMPTS) return false;
      if (codeHash(row.user_id, request.body.code) !== row.code_hash) {
        await tx.query("UPDATE signup_attempts SET failed_attempts = failed_attempts + 1 WHERE id_hash = $1", [hash(attemptId)]);
        return false;
      }
      // This attempt's password, and no other attempt's, opens the account.
      await tx.query("UPDATE users SET password_hash = $2, confirmed_at = $3 WHERE id = $1", [row.user_id, row.password_hash, now()]);
      await tx.query("DELETE FROM signup_attempts WHERE user_id = $1", [row.user_id]);
      return true;
    });
    if (!confirmed) throw new ApiError(400, messages.codeWrong);
    reply.clearCookie(attemptCookie, attemptCookieOptions);
    return { message: messages.confirmed };
  });

  routes.post("/public/resend-confirm", {
    schema: { summary: "Send a new confirmation code; the old one stops working", body: body({ username: email }, ["username"]), response: replies },
  }, async (request) => {
    const username = address(request.body.username, messages.resendEmailInvalid);
    await limitMail(username);
    // A new code for this browser's attempt, if it has one for this unconfirmed address.
    const attemptId = request.cookies[attemptCookie];
    if (attemptId !== undefined) {
      ctx.background.run("resending a confirmation code", async () => {
        const [attempt] = await db.query<{ user_id: number }>(
          "SELECT a.user_id FROM signup_attempts a JOIN users u ON u.id = a.user_id WHERE a.id_hash = $1 AND u.username = $2 AND u.confirmed_at IS NULL AND a.expires_at > $3",
          [hash(attemptId), username, now()]);
        if (!attempt) return;
        const code = randomCode();
        await db.query("UPDATE signup_attempts SET code_hash = $2, code_expires_at = $3, expires_at = $4, failed_attempts = 0 WHERE id_hash = $1",
          [hash(attemptId), codeHash(attempt.user_id, code), codeExpiry(), attemptExpiry()]);
        await mailOut(request, { to: username, ...mailTexts.confirmationCode(ctx.sender, code) }, code);
      });
    }
    return { message: messages.codeResent };
  });

  routes.post("/public/login", {
    schema: { summary: "Log in; sets the session cookies", body: body({ username: email, password }, ["username", "password"]), response: replies },
  }, async (request, reply) => {
    const username = address(request.body.username, messages.loginEmailInvalid);
    if (request.body.password === "") throw new ApiError(400, messages.passwordRequired);
    const accountKey = `login:account:${username}`;
    const addressKey = `login:address:${request.ip}`;
    // Every attempt is counted before its password is checked, in the statement that decides
    // whether it may be checked: of many attempts at once, no more than the limit are tried.
    const waits = [
      await take(db, accountKey, LOGIN_FAILURES_PER_ACCOUNT, LOGIN_WINDOW_MS, now()),
      await take(db, addressKey, LOGIN_FAILURES_PER_ADDRESS, LOGIN_WINDOW_MS, now()),
    ];
    const wait = Math.max(...waits);
    if (wait > 0) throw new ApiError(429, messages.loginThrottled(Math.ceil(wait / 60_000)));
    const [user] = await db.query<{ id: number; password_hash: string; confirmed: boolean }>(
      "SELECT id, password_hash, confirmed_at IS NOT NULL AS confirmed FROM users WHERE username = $1", [username]);
    if (user && !user.confirmed) return unconfirmedLogin(reply, user.id, request.body.password, [accountKey, addressKey]);
    const isRight = user ? await verifyPassword(user.password_hash, request.body.password) : await verifyNothing(request.body.password);
    if (!user || !isRight) throw new ApiError(400, messages.loginWrong);
    // A right password is no failure: the account's count starts over, the address's takes it back.
    await forget(db, accountKey);
    await giveBack(db, addressKey);
    // A new session id at every login: an id planted before login is worth nothing after it.
    const previous = request.cookies[ctx.cookies.names.session];
    if (previous) await endSession(db, hash, previous);
    await removeEndedSessions(db, user.id, now());
    const sessionId = await startSession(db, hash, user.id, now());
    await db.query("INSERT INTO successful_logins (user_id, logged_in_at) VALUES ($1, $2)", [user.id, now()]);
    setSessionCookies(reply, sessionId, ctx.cookies);
    return { message: messages.loggedIn };
  });

  /**
   * An unconfirmed account has no password yet, only its attempts'. The password of one of them
   * makes this browser that attempt's holder (a new id), so its code can be asked for again
   * here and confirmed here: a sign-up on one device, confirmed on another.
   */
  const unconfirmedLogin = async (reply: FastifyReply, userId: number, password: string, throttles: string[]) => {
    const attempts = await db.query<{ id_hash: string; password_hash: string }>(
      "SELECT id_hash, password_hash FROM signup_attempts WHERE user_id = $1 AND expires_at > $2 ORDER BY expires_at DESC LIMIT $3",
      [userId, now(), ATTEMPTS_CHECKED_AT_LOGIN]);
    for (const attempt of attempts) {
      if (!(await verifyPassword(attempt.password_hash, password))) continue;
      const attemptId = randomId();
      await db.query("UPDATE signup_attempts SET id_hash = $2 WHERE id_hash = $1", [attempt.id_hash, hash(attemptId)]);
      await forget(db, throttles[0]!);
      await giveBack(db, throttles[1]!);
      holdAttempt(reply, attemptId);
      return reply.status(403).send({ message: messages.loginUnconfirmed });
    }
    if (attempts.length === 0) await verifyNothing(password);
    throw new ApiError(400, messages.loginWrong);
  };

  routes.post("/public/forgot-password", {
    schema: { summary: "Mail a password reset link, if the address has an account", body: body({ username: email }, ["username"]), response: replies },
  }, async (request) => {
    const username = address(request.body.username, messages.emailInvalid);
    if ((await hit(db, `forgot:${request.ip}`, 60 * 60_000, now())) > FORGOTS_PER_ADDRESS_PER_HOUR) throw new ApiError(429, messages.tooManyForgots);
    await limitMail(username);
    ctx.background.run("mailing a password reset link", async () => {
      const [user] = await db.query<{ id: number }>("SELECT id FROM users WHERE username = $1", [username]);
      if (!user) return;
      const id = randomId();
      await db.query("INSERT INTO password_resets (id_hash, user_id, expires_at) VALUES ($1, $2, $3)", [hash(id), user.id, new Date(now().getTime() + RESET_MS)]);
      await mailOut(request, { to: username, ...mailTexts.passwordReset(ctx.sender, username, id) }, id);
    });
    return { message: messages.forgotSent };
  });

  routes.post("/public/reset-password", {
    schema: {
      summary: "Set a new password with the id from the reset mail; ends every session of the account",
      body: body({ username: email, password, confirm_password: password, id: { type: "string", maxLength: 128 } }, ["username", "password", "id"]),
      response: replies,
    },
  }, async (request) => {
    const { password: newPassword, confirm_password: confirmation, id } = request.body;
    const username = address(request.body.username, messages.emailInvalid);
    if (confirmation !== undefined && confirmation !== newPassword) throw new ApiError(400, messages.passwordsMustMatch);
    checkNewPassword(newPassword);
    const passwordHash = await hashPassword(newPassword);
    const userId = await db.transaction(async (tx) => {
      // Only a live reset is used up: a refused (expired) one is left as it was.
      const [reset] = await tx.query<{ user_id: number }>(
        "DELETE FROM password_resets WHERE id_hash = $1 AND user_id = (SELECT id FROM users WHERE username = $2) AND expires_at > $3 RETURNING user_id",
        [hash(id), username, now()]);
      if (!reset) return undefined;
      // The mail proved the address, so a reset also confirms an unconfirmed account.
      await tx.query("UPDATE users SET password_hash = $2, confirmed_at = COALESCE(confirmed_at, $3) WHERE id = $1", [reset.user_id, passwordHash, now()]);
      await tx.query("DELETE FROM password_resets WHERE user_id = $1", [reset.user_id]);
      await tx.query("DELETE FROM signup_attempts WHERE user_id = $1", [reset.user_id]);
      await endEverySession(tx, reset.user_id);
      await forget(tx, `login:account:${username}`);
      return reset.user_id;
    });
    if (userId === undefined) throw new ApiError(400, messages.resetWrong);
    return { message: messages.resetDone };
  });
}

/** Under /api: needs the session it ends. */
export function sessionRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const routes = app.withTypeProvider<JsonSchemaToTsProvider>();
  // The browser calls this while the applicant reads or types without saving, so the server's
  // 15-minute idle limit measures the person's inactivity, not the requests'.
  routes.get("/api/session", {
    schema: { summary: "Keep the session alive (any /api call does); answers who is logged in", response: replies },
  }, async () => ({ message: messages.sessionActive }));
  routes.get("/api/logout", {
    schema: { summary: "Log out: ends this session and clears its cookies", response: replies },
  }, async (request, reply) => {
    await endSession(ctx.db, ctx.hash, request.cookies[ctx.cookies.names.session]!);
    clearSessionCookies(reply, ctx.cookies);
    return { message: messages.loggedOut };
  });
}
