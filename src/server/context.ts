import type { SessionCookies } from "./auth/sessions";
import type { Background } from "./jobs/background";
import type { Hasher } from "./auth/secrets";
import type { Config } from "./platform/config";
import type { Database } from "./db/database";
import type { FormVersions, ServerForm } from "./form";
import type { DefinitionVersion } from "./data/definition-versions";
import type { Jobs } from "./jobs/queue";
import type { Sender, SendMail } from "./platform/mail";
import type { Printer } from "./pdf-copy/chromium";
import type { StaffCookie } from "./staff/sessions";
import type { Storage } from "./storage/types";

/** What route handlers share: built once at start-up by buildServer. */
export interface ServerContext {
  config: Config;
  db: Database;
  form: ServerForm;
  /** The version of `form`'s definitions, published at start-up: what a submit records. */
  version: DefinitionVersion;
  /** The form of any published version: a submitted application is shown with the one it was submitted on. */
  versions: FormVersions;
  hash: Hasher;
  sendMail: SendMail;
  /** The clock; tests move it. */
  now: () => Date;
  cookies: SessionCookies;
  /** The staff session's cookie (/staff only). */
  staffCookie: StaffCookie;
  /** Uploaded documents, their PDFs and PDF copies. */
  storage: Storage;
  jobs: Jobs;
  /** Prints service views (PDF copies); Chromium starts on first use. */
  printer: Printer;
  /** Work an answer does not wait for: account mail whose timing would tell too much, the submit's confirmation mail. */
  background: Background;
  /** Names used in mail. */
  sender: Sender;
}
