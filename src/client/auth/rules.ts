// The account cards' rules and messages, over the engine's checks
// that the server runs too.
import { failedPasswordRequirements, isConfirmationCode, isEmail } from "../../engine/accounts";
import { accountMessages } from "../../engine/messages";

const PASSWORD_UNMET = "Your password must meet every requirement in the list.";

export const emailError = (email: string) => (isEmail(email.trim()) ? undefined : accountMessages.emailInvalid);
export const loginEmailError = (email: string) => (isEmail(email.trim()) ? undefined : accountMessages.loginEmailInvalid);
export const resendEmailError = (email: string) => (isEmail(email.trim()) ? undefined : accountMessages.resendEmailInvalid);
export const loginPasswordError = (password: string) => (password === "" ? accountMessages.passwordRequired : undefined);
export const newPasswordError = (password: string) => (failedPasswordRequirements(password).length > 0 ? PASSWORD_UNMET : undefined);
export const codeError = (code: string) => (isConfirmationCode(code.trim()) ? undefined : accountMessages.codeFormat);
export const matchError = (password: string, confirmation: string) => (password === confirmation ? undefined : accountMessages.passwordsMustMatch);
