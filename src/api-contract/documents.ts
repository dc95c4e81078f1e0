// An applicant's documents: the upload form, the
// conversion to PDF, and the stored documents.
import { DOCUMENT_STATUSES } from "./statuses";

export const answerKeyParams = {
  type: "object",
  properties: { key: { type: "string", maxLength: 100 } },
  required: ["key"],
  additionalProperties: false,
} as const;

export const presignBody = {
  type: "object", properties: { answer_key: { type: "string", maxLength: 100 } }, required: ["answer_key"], additionalProperties: false,
} as const;

/** Where and how to upload one document: a POST of `fields` and then the file to `url`. */
export const presignedPost = {
  type: "object", properties: { url: { type: "string" }, fields: { type: "object", additionalProperties: { type: "string" } } }, required: ["url", "fields"],
} as const;

export const convertBody = {
  type: "object",
  properties: { file_key: { type: "string", maxLength: 200 }, file_name: { type: "string", minLength: 1, maxLength: 1000 } },
  required: ["file_key", "file_name"],
  additionalProperties: false,
} as const;

/** A document's conversion to PDF. */
export const conversion = {
  type: "object",
  properties: {
    status: { enum: DOCUMENT_STATUSES },
    message: { type: ["string", "null"] },
  },
  required: ["status", "message"],
} as const;

/** The documents stored for an applicant, by answer key (GET /api/document-answer). */
export const documentAnswers = {
  type: "object",
  additionalProperties: {
    type: "object", properties: { file_name: { type: "string" }, file_size: { type: "integer" } }, required: ["file_name", "file_size"],
  },
} as const;
