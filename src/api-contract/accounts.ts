// Sign-up, confirmation, login and password reset. Every one of
// them answers `{ message }` (reply.ts).
import { body, password } from "./schema";

const email = { type: "string", maxLength: 254, description: "The e-mail address" } as const;

export const credentialsBody = body({ username: email, password }, ["username", "password"]);
export const confirmBody = body({ username: email, code: { type: "string", maxLength: 64 } }, ["username", "code"]);
/** Resend a confirmation code, or mail a password reset link. */
export const addressBody = body({ username: email }, ["username"]);
const resetId = { type: "string", maxLength: 128 } as const;
export const resetBody = body({ username: email, password, confirm_password: password, id: resetId }, ["username", "password", "id"]);
/** Whether a reset link still works, asked as its page opens. */
export const resetCheckBody = body({ username: email, id: resetId }, ["username", "id"]);
