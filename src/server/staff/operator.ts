// What the operator can do from the server's command line (npm run staff): invite a staff member
// (the first admin, before anyone can log in), list the staff, and make or revoke an integration
// API key (the key is printed once). The same commands run on the operator's own database
// connection or, when a server holds the PGlite folder, inside that server (operator-channel.ts,
// whose socket only the server's account can open); either way they answer the lines to print.
import { STAFF_ROLES, type StaffRole } from "../../api-contract/staff";
import { isEmail } from "../../engine/runtime";
import { createApiKey, isApiKeyName, revokeApiKey } from "./api-keys";
import { OPERATOR } from "./audit";
import { inviteStaff, type StaffDeps } from "./invitations";
import { listStaff } from "./members";
import { messages } from "../../api-contract/messages";

export type OperatorCommand =
  | { command: "invite"; email: string; role: string; printLink: boolean }
  | { command: "list" }
  | { command: "api-key create" | "api-key revoke"; name: string };

export interface OperatorAnswer {
  ok: boolean;
  lines: string[];
}

const isRole = (role: string): role is StaffRole => (STAFF_ROLES as readonly string[]).includes(role);

/** `mailDestination`: where the server's mail goes ("outbox: …" or "by SMTP"), named in the answer. */
export async function runOperatorCommand(deps: StaffDeps, mailDestination: string, command: OperatorCommand): Promise<OperatorAnswer> {
  switch (command.command) {
    case "invite": return invite(deps, mailDestination, command);
    case "list": return list(deps);
    case "api-key create": return createKey(deps, command.name);
    case "api-key revoke": return revokeKey(deps, command.name);
    default: {
      const unknown: never = command;
      throw new Error(`no such operator command: ${JSON.stringify(unknown)}`);
    }
  }
}

/** A mistyped command, refused before any database is opened (which takes seconds); null when it may run. */
export function operatorCommandRefusal(command: OperatorCommand): OperatorAnswer | null {
  if (command.command === "api-key create" && !isApiKeyName(command.name)) return { ok: false, lines: [messages.apiKeyNameInvalid(command.name)] };
  if (command.command !== "invite") return null;
  if (!isEmail(command.email.trim().toLowerCase())) return { ok: false, lines: [`"${command.email}" is not an e-mail address.`] };
  if (!isRole(command.role)) return { ok: false, lines: [`The role must be ${STAFF_ROLES.join(", ")}, not "${command.role}".`] };
  return null;
}

async function invite(deps: StaffDeps, mailDestination: string, command: Extract<OperatorCommand, { command: "invite" }>): Promise<OperatorAnswer> {
  const { email, role, printLink } = command;
  const refusal = operatorCommandRefusal(command);
  if (refusal) return refusal;
  // operatorCommandRefusal checked the role.
  const result = await inviteStaff(deps, OPERATOR, { email, role: role as StaffRole });
  if (result.ok) {
    // The link is a credential: printed only when asked for (an operator without mail).
    const lines = [`Invited ${result.value.email} as ${role}; the link was mailed (${mailDestination}).`];
    if (printLink) lines.push(`The link (it works once, for 24 hours): ${result.value.link}`);
    return { ok: true, lines };
  }
  switch (result.code) {
    case "alreadyActive": case "alreadyDisabled": return { ok: false, lines: [messages[result.code](result.email)] };
    case "mailFailed": return { ok: false, lines: [`The invitation could not be mailed (${mailDestination}): ${result.reason}. Try again, or add --print-link.`] };
    default: throw new Error(`inviting answered ${result.code}`);
  }
}

async function list(deps: StaffDeps): Promise<OperatorAnswer> {
  const staff = await listStaff(deps.db);
  if (staff.length === 0) return { ok: true, lines: ["No staff yet. Invite the first admin: npm run staff -- invite you@example.edu --role admin"] };
  const width = Math.max(...staff.map((m) => m.email.length));
  return { ok: true, lines: staff.map((m) => `${m.email.padEnd(width)}  ${m.role.padEnd(8)}  ${m.state}`) };
}

async function createKey(deps: StaffDeps, name: string): Promise<OperatorAnswer> {
  const result = await createApiKey(deps, OPERATOR, name);
  if (!result.ok) return { ok: false, lines: [result.code === "nameTaken" ? messages.apiKeyNameTaken(name) : messages.apiKeyNameInvalid(name)] };
  return {
    ok: true,
    lines: [
      `Made the API key "${name}". Give it to the system that will use it now: it is not shown again (only its HMAC is kept).`,
      result.value.key,
    ],
  };
}

async function revokeKey(deps: StaffDeps, name: string): Promise<OperatorAnswer> {
  const result = await revokeApiKey(deps, OPERATOR, { name });
  return result.ok ? { ok: true, lines: [`Revoked the API key "${name}": its next call is refused.`] } : { ok: false, lines: [messages.apiKeyNotFound(name)] };
}

/** A command as it arrives over the operator channel, checked; null when it is not one. */
export function operatorCommandOf(value: unknown): OperatorCommand | null {
  if (typeof value !== "object" || value === null) return null;
  const v = value as Record<string, unknown>;
  if (v.command === "list") return { command: "list" };
  if ((v.command === "api-key create" || v.command === "api-key revoke") && typeof v.name === "string") return { command: v.command, name: v.name };
  if (v.command === "invite" && typeof v.email === "string" && typeof v.role === "string" && typeof v.printLink === "boolean") {
    return { command: "invite", email: v.email, role: v.role, printLink: v.printLink };
  }
  return null;
}
