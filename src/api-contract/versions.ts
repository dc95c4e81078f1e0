// Admins' definition versions (/staff/api/versions): every published version with how many
// applications are on it, and the changes between any two in words, each classed and counted
// (src/definitions/version-changes.ts).
import { body, dateTime, versionHash } from "./schema";

export const CHANGE_CLASSES = ["safe", "needs applicants", "breaking"] as const;

const count = { type: "integer", minimum: 0 } as const;

export const versionList = body({
  /** The version the server runs on: new applications and saves are on it. */
  current: versionHash,
  versions: {
    type: "array",
    items: body({ hash: versionHash, label: { type: "string" }, published_at: dateTime, in_progress: count, submitted: count }, ["hash", "label", "published_at", "in_progress", "submitted"]),
  },
}, ["current", "versions"]);

export const versionChangesParams = body({ from: versionHash, to: versionHash }, ["from", "to"]);

export const versionChangeList = body({
  from: { type: "string" },
  to: { type: "string" },
  changes: {
    type: "array",
    items: body({
      class: { enum: CHANGE_CLASSES }, text: { type: "string" },
      /** How many applications the change touches; null when there is nothing to count (a help text). */
      in_progress: { type: ["integer", "null"] }, submitted: { type: ["integer", "null"] },
    }, ["class", "text", "in_progress", "submitted"]),
  },
}, ["from", "to", "changes"]);
