// Every call of the spec's table (accounts-and-shell §7), typed. Paths and payloads are the spec's.
import type { Answers } from "../../engine";
import { call } from "./client";

export interface Reply {
  message: string;
}

export interface Profile {
  answer: Answers;
  document_answer: Record<string, unknown>;
  username: string;
  last_page: string | null;
  successful_login: { logged_in_at: string }[];
  web_status: { web_status: string }[];
  revision: number;
}

export type WebStatus = "started" | "validating" | "submitted";

export interface Credentials {
  username: string;
  password: string;
}

export const api = {
  signup: (body: Credentials) => call<Reply>("POST", "/public/signup", body),
  confirm: (body: { username: string; code: string }) => call<Reply>("POST", "/public/confirm", body),
  resendConfirm: (body: { username: string }) => call<Reply>("POST", "/public/resend-confirm", body),
  login: (body: Credentials) => call<Reply>("POST", "/public/login", body),
  forgotPassword: (body: { username: string }) => call<Reply>("POST", "/public/forgot-password", body),
  resetPassword: (body: { username: string; password: string; confirm_password: string; id: string }) =>
    call<Reply>("POST", "/public/reset-password", body),
  logout: (options?: { handleUnauthorized: boolean }) => call<Reply>("GET", "/api/logout", undefined, options),
  keepAlive: () => call<Reply>("GET", "/api/session"),
  profile: () => call<Profile>("GET", "/api/profile"),
  webStatus: (web_status: WebStatus) => call<Reply>("POST", "/api/web-status", { web_status }),
  lastPage: (last_page: string) => call<Reply>("PUT", "/api/last-page", { last_page }),
  saveAnswers: (answers: Answers) => call<Reply & { revision: number; cleared: string[] }>("PUT", "/api/answer", answers),
  validations: () => call<Record<string, string[]>>("POST", "/api/validations"),
};
