// The checks a document passes, with the spec's messages: the
// file widget checks before anything is sent, the server again; and how a stored document's size
// is written. The size and the types are the institution's (institution.json `uploads`).
import type { InstitutionFile } from "./generated/definition-format";

export type UploadSettings = InstitutionFile["institution"]["uploads"];

const KB = 1024;
const MB = 1024 * KB;

export const MAX_FILE_NAME_LENGTH = 32;

/** The largest file in bytes: megabytes counted as 1024 × 1024 bytes, as the size display counts. */
export const maxFileBytes = (uploads: UploadSettings) => Math.floor(uploads.max_size_mb * MB);

/** The file input's `accept`: the picker offers these; the check below still runs (drag and drop, "All files"). */
export const acceptedTypes = (uploads: UploadSettings) => uploads.types.join(",");

/** A file question's hint when its definition gives none: what the office takes, so it never says otherwise. */
export function uploadsHint(uploads: UploadSettings): string {
  const types = uploads.types.length > 1 ? `${uploads.types.slice(0, -1).join(", ")} or ${uploads.types.at(-1)}` : uploads.types[0];
  return `A ${types} file of ${uploads.max_size_mb} MB or less.`;
}

export type FileRule = "tooLarge" | "wrongType" | "nameTooLong" | "empty";

export const fileNameTooLong = "The name of your file is too long. File name can have a maximum of 32 characters, including the extension.";

/** In the spec's order, which is the order they show in. */
export function fileMessages(uploads: UploadSettings): Record<FileRule, string> {
  return {
    tooLarge: `Your file is too large. The maximum file size is ${uploads.max_size_mb} MB.`,
    wrongType: `You can only enter the following file types: ${uploads.types.join(", ")}`,
    nameTooLong: fileNameTooLong,
    empty: "Your file is empty. Please upload a non-empty file.",
  };
}

interface FileProblem {
  code: FileRule;
  message: string;
}

/** What the rules look at: a browser's File, or what the server is told of one. */
export interface FileFacts {
  name: string;
  size: number;
}

export type FileCheck<T extends FileFacts> = { ok: true; value: T } | { ok: false; errors: FileProblem[] };

const BROKEN: Record<FileRule, (file: FileFacts, uploads: UploadSettings) => boolean> = {
  tooLarge: (file, uploads) => file.size > maxFileBytes(uploads),
  wrongType: (file, uploads) => !uploads.types.some((type) => file.name.toLowerCase().endsWith(type)),
  nameTooLong: (file) => file.name.length > MAX_FILE_NAME_LENGTH,
  empty: (file) => file.size === 0,
};

/** Every rule the file breaks, all at once; the file is used only when it breaks none. */
export function checkFile<T extends FileFacts>(file: T, uploads: UploadSettings): FileCheck<T> {
  const messages = fileMessages(uploads);
  const errors = (Object.keys(messages) as FileRule[])
    .filter((code) => BROKEN[code](file, uploads))
    .map((code) => ({ code, message: messages[code] }));
  return errors.length === 0 ? { ok: true, value: file } : { ok: false, errors };
}

/**
 * A size as the spec writes it, whole and without a space: under 1 KB in
 * bytes (`800B`), under 1 MB in kilobytes (`512KB`), else in megabytes (`1MB`), rounded. A size
 * that rounds up to 1024 KB is written `1MB`, not `1024KB`.
 */
export function formatFileSize(bytes: number): string {
  if (bytes < KB) return `${bytes}B`;
  if (Math.round(bytes / KB) < KB) return `${Math.round(bytes / KB)}KB`;
  return `${Math.round(bytes / MB)}MB`;
}
