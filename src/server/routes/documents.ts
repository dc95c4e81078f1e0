// The applicant's documents (spec: application-form §4 file upload, §7): an upload form for a
// document question, the conversion to PDF started and followed, the stored documents listed
// and deleted. Runs after the session check (app.ts): a student reaches only their own rows.
import type { FastifyInstance } from "fastify";
import type { JsonSchemaToTsProvider } from "@fastify/type-provider-json-schema-to-ts";
import { MAX_FILE_BYTES, MAX_FILE_NAME_LENGTH } from "../../engine/documents";
import type { Application } from "../applications";
import type { ServerContext } from "../context";
import { documentsOf, removeDocument, storageKey, storedDocuments, type ConvertJob } from "../documents";
import { hit } from "../auth/throttle";
import { messageReply } from "../../api-contract/reply";
import { ApiError } from "../http";
import { messages } from "../messages";

export const MAX_UPLOAD_BYTES = MAX_FILE_BYTES;
const UPLOAD_FORM_SECONDS = 5 * 60;
/** How long after the form is issued its key may be named for conversion (the upload itself has 5 minutes). */
export const UPLOAD_KEY_MS = 60 * 60_000;
/** Per applicant and minute: upload forms, and conversions started (SECURITY.md: no upload stops the server). */
export const UPLOADS_PER_MINUTE = 10;
export const CONVERSIONS_PER_MINUTE = 10;

const answerKeyParams = {
  type: "object",
  properties: { key: { type: "string", maxLength: 100 } },
  required: ["key"],
  additionalProperties: false,
} as const;
const conversion = {
  type: "object",
  properties: {
    status: { enum: ["UNPROCESSED", "IN_PROGRESS", "COMPLETED", "FAILED", "NOT_ANSWERED"] },
    message: { type: ["string", "null"] },
  },
  required: ["status", "message"],
} as const;

export function documentRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const { db, now, storage, jobs } = ctx;
  const routes = app.withTypeProvider<JsonSchemaToTsProvider>();
  const documentQuestion = (key: string) => {
    if (!ctx.form.documentKeys.includes(key)) throw new ApiError(400, messages.notADocumentQuestion(key));
    return key;
  };
  const writable = (a: Application) => {
    if (a.submittedAt) throw new ApiError(409, messages.alreadySubmitted);
  };
  const limit = async (a: Application, what: "upload" | "convert", perMinute: number, refusal: string) => {
    if ((await hit(db, `${what}:${a.userId}`, 60_000, now())) > perMinute) throw new ApiError(429, refusal);
  };

  routes.post("/api/presigned-url", {
    schema: {
      summary: "An upload form for a document question: POST it with the file within 5 minutes (1 B to 1 MB, this key only)",
      body: { type: "object", properties: { answer_key: { type: "string", maxLength: 100 } }, required: ["answer_key"], additionalProperties: false },
      response: {
        200: { type: "object", properties: { url: { type: "string" }, fields: { type: "object", additionalProperties: { type: "string" } } }, required: ["url", "fields"] },
        "4xx": messageReply,
      },
    },
  }, async (request) => {
    const a = request.application;
    writable(a);
    const answerKey = documentQuestion(request.body.answer_key);
    await limit(a, "upload", UPLOADS_PER_MINUTE, messages.tooManyUploads);
    const key = storageKey("documents");
    await db.query("INSERT INTO upload_keys (storage_key, user_id, answer_key, expires_at) VALUES ($1, $2, $3, $4)",
      [key, a.userId, answerKey, new Date(now().getTime() + UPLOAD_KEY_MS)]);
    const { url, fields } = await storage.presignUpload(key, { maxBytes: MAX_UPLOAD_BYTES, expiresInSeconds: UPLOAD_FORM_SECONDS });
    return { url, fields };
  });

  routes.post("/api/pdf/document-answer/:key", {
    schema: {
      summary: "Start converting the file just uploaded for a document question",
      params: answerKeyParams,
      body: {
        type: "object",
        properties: { file_key: { type: "string", maxLength: 200 }, file_name: { type: "string", minLength: 1, maxLength: 1000 } },
        required: ["file_key", "file_name"],
        additionalProperties: false,
      },
      response: { 200: conversion, "4xx": messageReply },
    },
  }, async (request) => {
    const a = request.application;
    writable(a);
    const answerKey = documentQuestion(request.params.key);
    const { file_key: uploadKey, file_name: fileName } = request.body;
    // The spec's name rule (§5), checked here too: the browser's check is a courtesy.
    if (fileName.length > MAX_FILE_NAME_LENGTH) throw new ApiError(400, messages.fileNameTooLong);
    await limit(a, "convert", CONVERSIONS_PER_MINUTE, messages.tooManyConversions);
    // The key is the applicant's for this question only while unused and unexpired; it is used
    // up (deleted) only once the file is known to be there, so a refusal changes nothing.
    const issued = [uploadKey, a.userId, answerKey, now()];
    const ofThisApplicant = "storage_key = $1 AND user_id = $2 AND answer_key = $3 AND expires_at > $4";
    if ((await db.query(`SELECT 1 FROM upload_keys WHERE ${ofThisApplicant}`, issued)).length === 0) throw new ApiError(400, messages.uploadKeyUnknown);
    if (!(await storage.read(uploadKey))) throw new ApiError(400, messages.uploadMissing);
    const replaced = await db.transaction(async (tx) => {
      if ((await tx.query(`DELETE FROM upload_keys WHERE ${ofThisApplicant} RETURNING 1`, issued)).length === 0) throw new ApiError(400, messages.uploadKeyUnknown);
      const [old] = await tx.query<{ uploadKey: string; pdfKey: string | null }>(
        `SELECT upload_key AS "uploadKey", pdf_key AS "pdfKey" FROM document_answers WHERE user_id = $1 AND answer_key = $2 FOR UPDATE`, [a.userId, answerKey]);
      // One conversion in flight per question: the statement that starts this one refuses when
      // another is queued or running, also when two starts race (the loser waits, then sees it).
      const started = await tx.query(
        `INSERT INTO document_answers (user_id, answer_key, file_name, upload_key, status, updated_at) VALUES ($1, $2, $3, $4, 'UNPROCESSED', $5)
         ON CONFLICT (user_id, answer_key) DO UPDATE SET file_name = $3, upload_key = $4, status = 'UNPROCESSED', file_size = NULL, pdf_key = NULL, message = NULL, updated_at = $5
         WHERE document_answers.status NOT IN ('UNPROCESSED', 'IN_PROGRESS') RETURNING 1`,
        [a.userId, answerKey, fileName, uploadKey, now()]);
      if (started.length === 0) throw new ApiError(409, messages.conversionInFlight);
      return old;
    });
    if (replaced) await Promise.all([storage.remove(replaced.uploadKey), replaced.pdfKey ? storage.remove(replaced.pdfKey) : null]);
    await jobs.send("convert-document", { userId: a.userId, answerKey, uploadKey } satisfies ConvertJob);
    return { status: "UNPROCESSED" as const, message: null };
  });

  routes.get("/api/pdf/document-answer/:key", {
    schema: { summary: "How the conversion of a document question's file stands", params: answerKeyParams, response: { 200: conversion, "4xx": messageReply } },
  }, async (request) => {
    const answerKey = documentQuestion(request.params.key);
    const row = (await documentsOf(db, request.application.userId)).find((d) => d.answerKey === answerKey);
    return row ? { status: row.status, message: row.message } : { status: "NOT_ANSWERED" as const, message: null };
  });

  const remove = async (a: Application, key: string) => {
    writable(a);
    await removeDocument(db, storage, a.userId, documentQuestion(key));
  };

  routes.delete("/api/pdf/document-answer/:key", {
    schema: { summary: "Remove a document question's conversion and its files", params: answerKeyParams, response: { 200: messageReply, "4xx": messageReply } },
  }, async (request) => {
    await remove(request.application, request.params.key);
    return { message: messages.documentDeleted };
  });

  routes.delete("/api/document-answer/:key", {
    schema: { summary: "Remove a document question's stored document and clear its answer", params: answerKeyParams, response: { 200: messageReply, "4xx": messageReply } },
  }, async (request) => {
    const a = request.application;
    await remove(a, request.params.key);
    await db.query("UPDATE applications SET answers = answers - $2::text, revision = revision + 1, updated_at = $3 WHERE user_id = $1 AND answers ? $2::text",
      [a.userId, request.params.key, now()]);
    return { message: messages.documentDeleted };
  });

  routes.get("/api/document-answer", {
    schema: {
      summary: "The applicant's converted documents, by answer key",
      response: { 200: { type: "object", additionalProperties: { type: "object", properties: { file_name: { type: "string" }, file_size: { type: "integer" } } } } },
    },
  }, async (request) => storedDocuments(db, request.application.userId));
}
