// Sign-up, confirmation, login and password reset, without HTTP: each answers a value or a
// refusal (routes/accounts.ts turns it into an answer and cookies). No answer tells whether an
// address has an account: sign-up, resend and forgot-password answer the same for every address,
// and resend and forgot-password in the same time too (their mail goes out in the background,
// after the answer).
// Each sign-up of an unconfirmed address is an attempt of its own (migration 004): its password,
// its code, and the browser that made it, which holds the attempt's id in a cookie (as does a
// browser that logs in with the attempt's password). A code confirms only with its own attempt's
// id and sets only that attempt's password, so a password someone else chose for the address
// never opens the account.
import type { FastifyBaseLogger } from "fastify";
import { failedPasswordRequirements, isConfirmationCode, isEmail } from "../../engine/runtime";
import { hashPassword, isCommonPassword, verifyNothing, verifyPassword } from "../auth/passwords";
import { randomCode, randomId } from "../auth/secrets";
import { endSession, removeEndedSessions, startSession } from "../auth/sessions";
import { hit, takeLogin, type LoginGate } from "../auth/throttle";
import type { ServerContext } from "../context";
import {
  addPasswordReset, addSignupAttempt, confirmWithAttempt, isResetLive, liveAttempts, moveAttempt, recordLogin, renewAttemptCode,
  resetPassword, userByName, userIdByName, userOfLiveAttempt,
} from "../data/accounts";
import { mailTexts, type Mail } from "../platform/mail";

const CODE_MS = 10 * 60_000;
const RESET_MS = 30 * 60_000;
const MAIL_INTERVAL_MS = 60_000;
/** The applicants' login counts (auth/throttle.ts), which the check of a current password shares (own-account.ts). */
export const LOGIN_SCOPE = "login";
const CODE_ATTEMPTS = 5;
const SIGNUPS_PER_ADDRESS_PER_HOUR = 20;
const FORGOTS_PER_ADDRESS_PER_HOUR = 30;
/** An attempt outlives its code by a day (as does its cookie), so a resend from its browser finds it. */
export const ATTEMPT_MS = 24 * 60 * 60_000;
/** An unconfirmed address's attempts a login compares its password with (the mail limit allows ~10 live). */
const ATTEMPTS_CHECKED_AT_LOGIN = 10;

/** Why an account call was refused; each code has its message and status in routes/accounts.ts. */
export type AccountRefusal =
  | { code: "emailInvalid" | "loginEmailInvalid" | "resendEmailInvalid" | "passwordRequired" | "passwordsMustMatch" | "passwordCommon" | "codeFormat" }
  | { code: "codeWrong" | "loginWrong" | "resetWrong" }
  | { code: "tooManySignups" | "tooManyForgots" | "mailThrottled" | "mailFailed" }
  | { code: "passwordRules"; failed: string[] }
  | { code: "loginThrottled"; minutes: number }
  /** The password of one of an unconfirmed account's attempts: this browser now holds that attempt. */
  | { code: "loginUnconfirmed"; attemptId: string };

export type AccountResult<T = undefined> = { ok: true; value: T } | ({ ok: false } & AccountRefusal);

/** Who asks: their network address (throttles) and the request's log (mail failures, and secrets when LOG_SECRETS is on). */
export interface Asker { ip: string; log: FastifyBaseLogger }

const done = <T>(value: T) => ({ ok: true, value }) as const;
const refuse = (refusal: AccountRefusal) => ({ ok: false, ...refusal }) as const;

export function createAccountService(ctx: ServerContext) {
  const { db, hash, now } = ctx;

  const mailOut = async (log: FastifyBaseLogger, mail: Mail, secret?: string) => {
    if (ctx.config.logSecrets && secret) log.info({ to: mail.to, secret }, `mail: ${mail.subject}`);
    await ctx.sendMail(mail);
  };
  /** One account e-mail per address a minute, whatever the address (so the limit tells nothing). */
  const isMailAllowed = async (username: string) => (await hit(db, `mail:${username}`, MAIL_INTERVAL_MS, now())) <= 1;
  const codeHash = (userId: number, code: string) => hash(`${userId}:${code}`);
  const codeExpiry = () => new Date(now().getTime() + CODE_MS);
  const attemptExpiry = () => new Date(now().getTime() + ATTEMPT_MS);
  const newPasswordRefusal = (password: string): AccountRefusal | null => {
    const failed = failedPasswordRequirements(password);
    if (failed.length > 0) return { code: "passwordRules", failed };
    if (isCommonPassword(password)) return { code: "passwordCommon" };
    return null;
  };
  /** The address as accounts store it (lower case), or null when it is no e-mail address. */
  const addressOf = (value: string) => {
    const username = value.toLowerCase();
    return isEmail(username) ? username : null;
  };

  return {
    /** A new attempt (or, for a confirmed address, an "already registered" mail); answers the attempt's id for its cookie. */
    async signUp(asker: Asker, body: { username: string; password: string }): Promise<AccountResult<{ attemptId: string }>> {
      const username = addressOf(body.username);
      if (!username) return refuse({ code: "emailInvalid" });
      const weak = newPasswordRefusal(body.password);
      if (weak) return refuse(weak);
      if ((await hit(db, `signup:${asker.ip}`, 60 * 60_000, now())) > SIGNUPS_PER_ADDRESS_PER_HOUR) return refuse({ code: "tooManySignups" });
      if (!(await isMailAllowed(username))) return refuse({ code: "mailThrottled" });
      const passwordHash = await hashPassword(body.password);
      const attemptId = randomId();
      const code = randomCode();
      const isAttempt = await addSignupAttempt(db, {
        username, passwordHash, attemptIdHash: hash(attemptId), codeHash: (userId) => codeHash(userId, code),
        codeExpiresAt: codeExpiry(), expiresAt: attemptExpiry(), now: now(), version: ctx.version.hash,
      });
      const text = isAttempt ? mailTexts.confirmationCode(ctx.sender, code) : mailTexts.alreadyRegistered(ctx.sender);
      // The answer waits for this mail: a failure is the applicant's to know.
      try {
        await mailOut(asker.log, { to: username, ...text }, isAttempt ? code : undefined);
      } catch (error) {
        asker.log.error(error, "sending mail failed");
        return refuse({ code: "mailFailed" });
      }
      // An id for every address alike (for a confirmed one it names no attempt).
      return done({ attemptId });
    },

    async confirm(body: { username: string; code: string }, attemptId: string | undefined): Promise<AccountResult> {
      const username = addressOf(body.username);
      if (!username) return refuse({ code: "emailInvalid" });
      if (!isConfirmationCode(body.code)) return refuse({ code: "codeFormat" });
      const isConfirmed = attemptId !== undefined && await confirmWithAttempt(
        db, { attemptIdHash: hash(attemptId), username, now: now(), maxFailures: CODE_ATTEMPTS },
        (userId, stored) => codeHash(userId, body.code) === stored,
      );
      return isConfirmed ? done(undefined) : refuse({ code: "codeWrong" });
    },

    /** A new code for this browser's attempt, if it has one for this unconfirmed address: mailed after the answer. */
    async resendCode(asker: Asker, body: { username: string }, attemptId: string | undefined): Promise<AccountResult> {
      const username = addressOf(body.username);
      if (!username) return refuse({ code: "resendEmailInvalid" });
      if (!(await isMailAllowed(username))) return refuse({ code: "mailThrottled" });
      if (attemptId !== undefined) {
        ctx.background.run("resending a confirmation code", async () => {
          const userId = await userOfLiveAttempt(db, hash(attemptId), username, now());
          if (userId === null) return;
          const code = randomCode();
          await renewAttemptCode(db, hash(attemptId), codeHash(userId, code), codeExpiry(), attemptExpiry());
          await mailOut(asker.log, { to: username, ...mailTexts.confirmationCode(ctx.sender, code) }, code);
        });
      }
      return done(undefined);
    },

    /** A new session (its id for the cookie); `previousSessionId`, if any, ends. */
    async logIn(asker: Asker, body: { username: string; password: string }, previousSessionId: string | undefined): Promise<AccountResult<{ sessionId: string }>> {
      const username = addressOf(body.username);
      if (!username) return refuse({ code: "loginEmailInvalid" });
      if (body.password === "") return refuse({ code: "passwordRequired" });
      // Counted before its password is checked (auth/throttle.ts): a storm from one address slows
      // that address, not the account's owner logging in from elsewhere.
      const gate = await takeLogin(db, LOGIN_SCOPE, username, asker.ip, now());
      if (gate.wait > 0) return refuse({ code: "loginThrottled", minutes: Math.ceil(gate.wait / 60_000) });
      const user = await userByName(db, username);
      if (user && !user.isConfirmed) return unconfirmedLogin(user.id, body.password, gate);
      const isRight = user ? await verifyPassword(user.passwordHash, body.password) : await verifyNothing(body.password);
      if (!user || !isRight) return refuse({ code: "loginWrong" });
      await gate.pass();
      // A new session id at every login: an id planted before login is worth nothing after it.
      if (previousSessionId) await endSession(db, hash, previousSessionId);
      await removeEndedSessions(db, user.id, now());
      const sessionId = await startSession(db, hash, user.id, now());
      await recordLogin(db, user.id, now());
      return done({ sessionId });
    },

    /** A reset link mailed after the answer, if the address has an account. */
    async forgotPassword(asker: Asker, body: { username: string }): Promise<AccountResult> {
      const username = addressOf(body.username);
      if (!username) return refuse({ code: "emailInvalid" });
      if ((await hit(db, `forgot:${asker.ip}`, 60 * 60_000, now())) > FORGOTS_PER_ADDRESS_PER_HOUR) return refuse({ code: "tooManyForgots" });
      if (!(await isMailAllowed(username))) return refuse({ code: "mailThrottled" });
      ctx.background.run("mailing a password reset link", async () => {
        const userId = await userIdByName(db, username);
        if (userId === null) return;
        const id = randomId();
        await addPasswordReset(db, hash(id), userId, new Date(now().getTime() + RESET_MS));
        await mailOut(asker.log, { to: username, ...mailTexts.passwordReset(ctx.sender, username, id) }, id);
      });
      return done(undefined);
    },

    /** A new password with the id from the reset mail; ends every session of the account. */
    async resetPassword(body: { username: string; password: string; confirm_password?: string; id: string }): Promise<AccountResult> {
      const { password, confirm_password: confirmation, id } = body;
      const username = addressOf(body.username);
      if (!username) return refuse({ code: "emailInvalid" });
      if (confirmation !== undefined && confirmation !== password) return refuse({ code: "passwordsMustMatch" });
      const weak = newPasswordRefusal(password);
      if (weak) return refuse(weak);
      const passwordHash = await hashPassword(password);
      const isReset = await resetPassword(db, { idHash: hash(id), username, passwordHash, now: now(), loginScope: LOGIN_SCOPE });
      return isReset ? done(undefined) : refuse({ code: "resetWrong" });
    },

    /**
     * Whether a reset link still works, asked as its page opens: the reset's own checks of the
     * address and the link, without a password. Only the holder of the mailed id learns anything,
     * and nothing the reset itself would not tell them.
     */
    async checkReset(body: { username: string; id: string }): Promise<AccountResult> {
      const username = addressOf(body.username);
      if (!username) return refuse({ code: "emailInvalid" });
      return (await isResetLive(db, { idHash: hash(body.id), username, now: now() })) ? done(undefined) : refuse({ code: "resetWrong" });
    },

    async logOut(sessionId: string): Promise<void> {
      await endSession(db, hash, sessionId);
    },
  };

  /**
   * An unconfirmed account has no password yet, only its attempts'. The password of one of them
   * makes this browser that attempt's holder (a new id), so its code can be asked for again
   * here and confirmed here: a sign-up on one device, confirmed on another.
   */
  async function unconfirmedLogin(userId: number, password: string, gate: LoginGate): Promise<AccountResult<never>> {
    const attempts = await liveAttempts(db, userId, now(), ATTEMPTS_CHECKED_AT_LOGIN);
    for (const attempt of attempts) {
      if (!(await verifyPassword(attempt.passwordHash, password))) continue;
      const attemptId = randomId();
      await moveAttempt(db, attempt.idHash, hash(attemptId));
      await gate.pass();
      return refuse({ code: "loginUnconfirmed", attemptId });
    }
    if (attempts.length === 0) await verifyNothing(password);
    return refuse({ code: "loginWrong" });
  }
}
