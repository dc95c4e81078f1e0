// What a logged-in applicant does with their own account, without HTTP (routes/own-account.ts
// answers): change the e-mail address (a code mailed to the new one), change the password, and
// delete an application not yet submitted. Each is checked like its sign-up counterpart (the
// address, the password rules, the code's 10 minutes and 5 tries, one mail per address a minute),
// and each is written to the office's audit log with the applicant as the actor, never a code or
// a password. Downloading one's data is accounts/own-data.ts.
import { failedPasswordRequirements, isConfirmationCode, isEmail } from "../../engine/runtime";
import { hashPassword, isCommonPassword, verifyPassword } from "../auth/passwords";
import { randomCode } from "../auth/secrets";
import { hit, takeLogin } from "../auth/throttle";
import type { ServerContext } from "../context";
import { userByName } from "../data/accounts";
import type { Application } from "../data/applications";
import { deleteAccount, dropEmailChange, finishEmailChange, isAddressTaken, setPassword, startEmailChange } from "../data/own-account";
import { mailTexts } from "../platform/mail";
import { applicantActor, recordAudit } from "../staff/audit";
import { withDerived } from "../convert/documents";
import { LOGIN_SCOPE, type Asker } from "./service";

const CODE_MS = 10 * 60_000;
const CODE_ATTEMPTS = 5;
const MAIL_INTERVAL_MS = 60_000;
const EMAIL_CHANGES_PER_HOUR = 10;

export type OwnAccountRefusal =
  | { code: "emailInvalid" | "emailSame" | "emailTaken" | "codeFormat" | "emailChangeCodeWrong" | "currentPasswordWrong" | "passwordCommon" }
  | { code: "passwordRules"; failed: string[] }
  | { code: "mailThrottled" | "tooManyEmailChanges" | "mailFailed" }
  | { code: "loginThrottled"; minutes: number }
  | { code: "keptSubmitted" };

export type OwnAccountResult<T = undefined> = { ok: true; value: T } | ({ ok: false } & OwnAccountRefusal);

const done = <T>(value: T) => ({ ok: true, value }) as const;
const refuse = (refusal: OwnAccountRefusal) => ({ ok: false, ...refusal }) as const;

export function createOwnAccountService(ctx: ServerContext) {
  const { db, hash, now } = ctx;
  const codeHash = (userId: number, newUsername: string, code: string) => hash(`email:${userId}:${newUsername}:${code}`);

  /** The current password, counted against the same limits as a login's (a session held by someone else is no way round them); null when it is right. */
  async function passwordRefusal(asker: Asker, application: Application, password: string): Promise<OwnAccountRefusal | null> {
    const gate = await takeLogin(db, LOGIN_SCOPE, application.username, asker.ip, now());
    if (gate.wait > 0) return { code: "loginThrottled", minutes: Math.ceil(gate.wait / 60_000) };
    const user = await userByName(db, application.username);
    if (!user || !(await verifyPassword(user.passwordHash, password))) return { code: "currentPasswordWrong" };
    await gate.pass();
    return null;
  }

  return {
    /**
     * A code to the new address, or, when a confirmed account has it, a mail saying so: the answer
     * is the same either way, as sign-up's is, so the page tells nobody whose the address is.
     */
    async requestEmailChange(asker: Asker, application: Application, body: { email: string; password: string }): Promise<OwnAccountResult> {
      const newUsername = body.email.trim().toLowerCase();
      if (!isEmail(newUsername)) return refuse({ code: "emailInvalid" });
      if (newUsername === application.username) return refuse({ code: "emailSame" });
      const wrong = await passwordRefusal(asker, application, body.password);
      if (wrong) return refuse(wrong);
      if ((await hit(db, `email-change:${application.userId}`, 60 * 60_000, now())) > EMAIL_CHANGES_PER_HOUR) return refuse({ code: "tooManyEmailChanges" });
      if ((await hit(db, `mail:${newUsername}`, MAIL_INTERVAL_MS, now())) > 1) return refuse({ code: "mailThrottled" });
      const code = randomCode();
      const isTaken = await isAddressTaken(db, newUsername);
      if (isTaken) await dropEmailChange(db, application.userId);
      else await startEmailChange(db, { userId: application.userId, newUsername, codeHash: codeHash(application.userId, newUsername, code), expiresAt: new Date(now().getTime() + CODE_MS) });
      const text = isTaken ? mailTexts.emailChangeTaken(ctx.sender) : mailTexts.emailChangeCode(ctx.sender, code);
      try {
        if (ctx.config.logSecrets && !isTaken) asker.log.info({ to: newUsername, secret: code }, `mail: ${text.subject}`);
        await ctx.sendMail({ to: newUsername, ...text });
      } catch (error) {
        asker.log.error(error, "sending mail failed");
        return refuse({ code: "mailFailed" });
      }
      return done(undefined);
    },

    /** The code from the new address's mail: the address changes, and the old one is told. */
    async confirmEmailChange(asker: Asker, application: Application, body: { code: string }): Promise<OwnAccountResult<{ username: string }>> {
      const code = body.code.trim();
      if (!isConfirmationCode(code)) return refuse({ code: "codeFormat" });
      const result = await finishEmailChange(db, { userId: application.userId, now: now(), maxFailures: CODE_ATTEMPTS },
        (newUsername, stored) => codeHash(application.userId, newUsername, code) === stored,
      ).catch((error: unknown) => {
        // A sign-up of the same address committed between the check and the change (unique_violation).
        if ((error as { code?: string }).code === "23505") return { ok: false, code: "emailTaken" } as const;
        throw error;
      });
      if (!result.ok) return refuse({ code: result.code === "codeWrong" ? "emailChangeCodeWrong" : "emailTaken" });
      const { oldUsername, newUsername } = result.value;
      await recordAudit(db, applicantActor(application.username, asker.ip), { at: now(), action: "change email", applicationId: application.userId, detail: { new_email: newUsername } });
      ctx.background.run("mailing an address change to the old address", () =>
        ctx.sendMail({ to: oldUsername, ...mailTexts.emailChanged(ctx.sender, { newUsername, at: now() }) }));
      return done({ username: newUsername });
    },

    /** A new password under sign-up's rules; every other session of the account ends. */
    async changePassword(asker: Asker, application: Application, sessionId: string, body: { password: string; new_password: string }): Promise<OwnAccountResult> {
      const failed = failedPasswordRequirements(body.new_password);
      if (failed.length > 0) return refuse({ code: "passwordRules", failed });
      if (isCommonPassword(body.new_password)) return refuse({ code: "passwordCommon" });
      const wrong = await passwordRefusal(asker, application, body.password);
      if (wrong) return refuse(wrong);
      await setPassword(db, application.userId, await hashPassword(body.new_password), hash(sessionId));
      await recordAudit(db, applicantActor(application.username, asker.ip), { at: now(), action: "change password", applicationId: application.userId });
      ctx.background.run("mailing a password change", () =>
        ctx.sendMail({ to: application.username, ...mailTexts.passwordChanged(ctx.sender, now()) }));
      return done(undefined);
    },

    /** Deletes the account with its application and files, unless submitted; the caller ends the session's cookies. */
    async deleteApplication(asker: Asker, application: Application): Promise<OwnAccountResult> {
      const result = await deleteAccount(db, application.userId);
      if (!result.ok) return refuse({ code: "keptSubmitted" });
      await recordAudit(db, applicantActor(application.username, asker.ip), { at: now(), action: "delete application", applicationId: application.userId, detail: { files: result.value.storageKeys.length } });
      // After the rows: a file whose removal fails here is named by no row, so the hourly sweep removes it a day later.
      await Promise.all(result.value.storageKeys.flatMap(withDerived).map((key) => ctx.storage.remove(key).catch((error: unknown) => asker.log.error(error, "removing a deleted applicant's file failed"))));
      return done(undefined);
    },
  };
}
