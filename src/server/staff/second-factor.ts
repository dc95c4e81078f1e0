// The staff's second factor: an authenticator app's six-digit code (TOTP, RFC 6238: 30-second
// steps, HMAC-SHA1, as every authenticator app expects) or, when the phone is lost, one of ten
// recovery codes given at enrolment, each usable once.
import { randomInt } from "node:crypto";
import { generateSecret, generateURI, verifySync } from "otplib";
import QRCode from "qrcode";
import type { Hasher } from "../auth/secrets";

const STEP_SECONDS = 30;
const RECOVERY_CODE_COUNT = 10;
/** Letters and digits that cannot be mistaken for each other when copied by hand (no 0/o, 1/l/i). */
const RECOVERY_ALPHABET = "23456789abcdefghjkmnpqrstuvwxyz";
/** Twelve characters of 31: 59 bits, more than enough for codes that also need the password. */
const RECOVERY_GROUPS = 3;
const RECOVERY_GROUP_LENGTH = 4;

export interface TotpEnrolment {
  secret: string;
  otpauth_url: string;
  qr_svg: string;
}

/** A new secret (160 bits, base32) and the otpauth link an authenticator app reads from its QR code. */
export async function newTotpEnrolment(issuer: string, email: string): Promise<TotpEnrolment> {
  const secret = generateSecret();
  const url = generateURI({ issuer, label: email, secret });
  return { secret, otpauth_url: url, qr_svg: await QRCode.toString(url, { type: "svg", margin: 2 }) };
}

export const isTotpCode = (code: string) => /^\d{6}$/.test(code);

/**
 * The time step a code belongs to when it is right now or one step either side (a phone's clock a
 * little off, a code typed as it changed); null when it is not. The caller refuses a step at or
 * before the last one used, so each code works once.
 */
export function totpStep(secret: string, code: string, now: Date): number | null {
  // otplib throws on a code that is not six digits.
  if (!isTotpCode(code)) return null;
  const epoch = Math.floor(now.getTime() / 1000);
  const result = verifySync({ secret, token: code, epoch, epochTolerance: STEP_SECONDS });
  return result.valid ? Math.floor(epoch / STEP_SECONDS) + result.delta : null;
}

/** Ten codes such as 7kpm-x2vd-h9ra. */
export function newRecoveryCodes(): string[] {
  const group = () => Array.from({ length: RECOVERY_GROUP_LENGTH }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join("");
  const codes = new Set<string>();
  while (codes.size < RECOVERY_CODE_COUNT) codes.add(Array.from({ length: RECOVERY_GROUPS }, group).join("-"));
  return [...codes];
}

/** As stored: an HMAC of the code without case, spaces or dashes (as people retype it), bound to its owner. */
export const recoveryCodeHash = (hash: Hasher, staffId: number, code: string) =>
  hash(`recovery:${staffId}:${code.toLowerCase().replace(/[^a-z0-9]/g, "")}`);
