// The applicant's own account (/api/account/…): change the e-mail address (a code to the new
// address, then the code), change the password, download everything held (a zip), delete an
// application not yet submitted. Refusals answer { message } (reply.ts).
import { body, password } from "./schema";

const email = { type: "string", maxLength: 254, description: "The new e-mail address" } as const;

/** POST /api/account/email: the new address and the current password; a code goes to the new address. */
export const emailChangeBody = body({ email, password: { ...password, description: "The current password" } }, ["email", "password"]);
/** POST /api/account/email/confirm: the code from the new address's mail. */
export const emailConfirmBody = body({ code: { type: "string", maxLength: 64 } }, ["code"]);
/** What a confirmed change answers: the address to log in with from now on. */
export const emailChanged = body({ message: { type: "string" }, username: { type: "string" } }, ["message", "username"]);
/** POST /api/account/password: the current password and the new one (sign-up's rules). */
export const passwordChangeBody = body({ password: { ...password, description: "The current password" }, new_password: password }, ["password", "new_password"]);
