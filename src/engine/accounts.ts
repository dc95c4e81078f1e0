// Account rules both the sign-up card and the server check.

/** The special characters a password may use to meet the special-character rule. */
export const PASSWORD_SPECIAL_CHARACTERS = `^$*.[]{}()?-"!@#%&/\\,><':;|_~\`+=`;

const PASSWORD_MIN_LENGTH = 12;

/** The requirements, each with the phrase the sign-up checklist shows. */
export const passwordRequirements: readonly { phrase: string; test: (password: string) => boolean }[] = [
  { phrase: "is at least 12 characters", test: (p) => [...p].length >= PASSWORD_MIN_LENGTH },
  { phrase: "contains at least one uppercase letter", test: (p) => /\p{Lu}/u.test(p) },
  { phrase: "contains at least one lowercase letter", test: (p) => /\p{Ll}/u.test(p) },
  { phrase: "contains at least one number", test: (p) => /\d/.test(p) },
  { phrase: "contains at least one special character", test: (p) => [...p].some((c) => PASSWORD_SPECIAL_CHARACTERS.includes(c)) },
  { phrase: "contains no leading or trailing whitespace", test: (p) => p === p.trim() },
];

/** The phrases of the requirements a password fails; empty when it passes them all. */
export function failedPasswordRequirements(password: string): string[] {
  return passwordRequirements.filter((r) => !r.test(password)).map((r) => r.phrase);
}

// ajv-formats' "email" format: what the answer schemas accept is what an account accepts.
const EMAIL = /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/i;

export function isEmail(text: string): boolean {
  return text.length <= 254 && EMAIL.test(text);
}

export function isConfirmationCode(text: string): boolean {
  return /^\d{6}$/.test(text);
}
