// npm run staff -- invite EMAIL --role reader|reviewer|admin [--print-link]
// npm run staff -- list
// npm run staff -- api-key create --name NAME | api-key revoke NAME
// The admissions office's staff from the server's command line: the first admin is invited here.
// Uses the server's settings (DATA_DIR, DATABASE_URL, SMTP_URL, PUBLIC_URL), and works whether or
// not the server is running (src/server/staff/operate.ts). Exit 0 when done, 1 when refused, 2 on
// a usage error.
import { STAFF_ROLES } from "../src/api-contract/staff";
import { configFromEnv } from "../src/server/platform/config";
import { operate } from "../src/server/staff/operate";
import type { OperatorCommand } from "../src/server/staff/operator";
import { runStaffCommand, type CommandIo } from "./lib/staff-command";

const USAGE = `usage: npm run staff -- invite EMAIL --role ${STAFF_ROLES.join("|")} [--print-link]
       npm run staff -- list
       npm run staff -- api-key create --name NAME
       npm run staff -- api-key revoke NAME

invite  mails EMAIL a link (valid once, for 24 hours) to choose a password and set up an
        authenticator app; --print-link also prints it, for a server without mail.
list    every staff account: e-mail, role and state (invited, active, disabled).
api-key create  makes a key for the integration API (a student information system) and prints
        it once; only its HMAC is kept. NAME: up to 40 lower-case letters, digits, - and _.
api-key revoke  refuses the key named NAME from its next call on.

Uses the server's settings: DATA_DIR (PGlite, and the mail outbox), DATABASE_URL, SMTP_URL, PUBLIC_URL.`;

type Parsed = { ok: true; command: OperatorCommand } | { ok: false; message: string; exitCode: number };

function parseArgs(args: string[]): Parsed {
  const [name, ...rest] = args;
  if (name === undefined || name === "--help" || name === "-h" || name === "help") return { ok: false, message: USAGE, exitCode: name ? 0 : 2 };
  if (name === "list" && rest.length === 0) return { ok: true, command: { command: "list" } };
  if (name === "api-key") return parseApiKey(rest);
  if (name !== "invite") return { ok: false, message: `unknown command "${args.join(" ")}".\n\n${USAGE}`, exitCode: 2 };
  let role: string | undefined;
  let printLink = false;
  const emails: string[] = [];
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i]!;
    if (arg === "--role") role = rest[++i];
    else if (arg.startsWith("--role=")) role = arg.slice("--role=".length);
    else if (arg === "--print-link") printLink = true;
    else if (arg.startsWith("-")) return { ok: false, message: `unknown option ${arg}.\n\n${USAGE}`, exitCode: 2 };
    else emails.push(arg);
  }
  if (emails.length !== 1 || role === undefined) return { ok: false, message: `invite needs one e-mail address and --role.\n\n${USAGE}`, exitCode: 2 };
  return { ok: true, command: { command: "invite", email: emails[0]!, role, printLink } };
}

function parseApiKey([action, ...rest]: string[]): Parsed {
  if (action === "create" && rest.length === 1 && rest[0]!.startsWith("--name=")) return { ok: true, command: { command: "api-key create", name: rest[0]!.slice("--name=".length) } };
  if (action === "create" && rest.length === 2 && rest[0] === "--name") return { ok: true, command: { command: "api-key create", name: rest[1]! } };
  if (action === "revoke" && rest.length === 1 && !rest[0]!.startsWith("-")) return { ok: true, command: { command: "api-key revoke", name: rest[0]! } };
  return { ok: false, message: `api-key needs "create --name NAME" or "revoke NAME".\n\n${USAGE}`, exitCode: 2 };
}

export async function staffCommand(args: string[], io: CommandIo): Promise<number> {
  const parsed = parseArgs(args);
  if (!parsed.ok) {
    (parsed.exitCode === 0 ? io.out : io.err)(`${parsed.message}\n`);
    return parsed.exitCode;
  }
  try {
    const answer = await operate(configFromEnv(io.env), parsed.command);
    for (const line of answer.lines) (answer.ok ? io.out : io.err)(`${line}\n`);
    return answer.ok ? 0 : 1;
  } catch (error) {
    // A database that cannot be opened (another process holds the PGlite folder, PostgreSQL unreachable).
    io.err(`${(error as Error).message}\n`);
    return 1;
  }
}

await runStaffCommand("staff", staffCommand, import.meta.url);
