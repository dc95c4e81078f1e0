// The applicant's documents: an upload form for a
// document question, the conversion to PDF started and followed, the stored documents listed
// and deleted. Runs after the session check (app.ts): a student reaches only their own rows.
// Once submitted, the applicant may still send the file of a checklist item that is needed
// (institution.json "checklist": a file question's, or an item's own with "upload": true), from
// the status page, without the answers opening again; nothing else, and nothing is deleted.
import type { FastifyInstance } from "fastify";
import type { JsonSchemaToTsProvider } from "@fastify/type-provider-json-schema-to-ts";
import { MAX_FILE_NAME_LENGTH, maxFileBytes } from "../../engine/runtime";
import type { Application } from "../data/applications";
import type { ServerContext } from "../context";
import { checklistOf } from "../data/checklist";
import { addUploadKey, clearDocumentAnswer, documentsOf, isUploadKeyIssued, startConversion, storedDocuments } from "../data/documents";
import { removeDocument, removeFiles, storageKey, thumbnailKey, type ConvertJob } from "../convert/documents";
import { hit } from "../auth/throttle";
import { answerKeyParams, conversion, convertBody, documentAnswers, messageReply, presignBody, presignedPost, refuse } from "../../api-contract";
import { messages } from "../../api-contract/messages";

const UPLOAD_FORM_SECONDS = 5 * 60;
/** How long after the form is issued its key may be named for conversion (the upload itself has 5 minutes). */
export const UPLOAD_KEY_MS = 60 * 60_000;
/** Per applicant and minute: upload forms, and conversions started (SECURITY.md: no upload stops the server). */
const UPLOADS_PER_MINUTE = 10;
const CONVERSIONS_PER_MINUTE = 10;

export function documentRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const { db, now, storage, jobs } = ctx;
  const routes = app.withTypeProvider<JsonSchemaToTsProvider>();
  const documentQuestion = (key: string) => {
    if (!ctx.form.documentKeys.includes(key)) throw refuse(400, "notADocumentQuestion", key);
    return key;
  };
  /** A document question's key, or the key a checklist item's own upload is kept under. */
  const documentKey = (key: string) => {
    if (!ctx.form.form.checklist.some((item) => item.document === key)) documentQuestion(key);
    return key;
  };
  const writable = (a: Application) => {
    if (a.submittedAt) throw refuse(409, "alreadySubmitted");
  };
  /** Before the submit, a document question's; after it, a checklist item's that is still needed. */
  const uploadable = async (a: Application, key: string) => {
    documentKey(key);
    if (!a.submittedAt) {
      if (!ctx.form.documentKeys.includes(key)) throw refuse(409, "uploadAfterSubmit");
      return key;
    }
    const line = (await checklistOf(db, ctx.form.form, a.userId, a.answers)).find((l) => l.document === key);
    if (!line) throw refuse(409, "alreadySubmitted");
    if (line.state !== "needed") throw refuse(409, "uploadNotNeeded", line.label);
    return key;
  };
  const limit = async (a: Application, what: "upload" | "convert", perMinute: number, refusal: "tooManyUploads" | "tooManyConversions") => {
    if ((await hit(db, `${what}:${a.userId}`, 60_000, now())) > perMinute) throw refuse(429, refusal);
  };

  routes.post("/api/presigned-url", {
    schema: {
      summary: "An upload form for a document question: POST it with the file within 5 minutes (1 B to the institution's uploads.max_size_mb, this key only)",
      body: presignBody,
      response: { 200: presignedPost, "4xx": messageReply },
    },
  }, async (request) => {
    const a = request.application;
    const answerKey = await uploadable(a, request.body.answer_key);
    await limit(a, "upload", UPLOADS_PER_MINUTE, "tooManyUploads");
    const key = storageKey("documents");
    await addUploadKey(db, key, a.userId, answerKey, new Date(now().getTime() + UPLOAD_KEY_MS));
    const maxBytes = maxFileBytes(ctx.form.form.institution.uploads);
    const { url, fields } = await storage.presignUpload(key, { maxBytes, expiresInSeconds: UPLOAD_FORM_SECONDS });
    return { url, fields };
  });

  routes.post("/api/pdf/document-answer/:key", {
    schema: {
      summary: "Start converting the file just uploaded for a document question",
      params: answerKeyParams,
      body: convertBody,
      response: { 200: conversion, "4xx": messageReply },
    },
  }, async (request) => {
    const a = request.application;
    const answerKey = await uploadable(a, request.params.key);
    const { file_key: uploadKey, file_name: fileName } = request.body;
    // The spec's name rules, checked here too: the browser's check is a courtesy.
    if (fileName.length > MAX_FILE_NAME_LENGTH) throw refuse(400, "fileNameTooLong");
    const { uploads } = ctx.form.form.institution;
    if (!uploads.types.some((type) => fileName.toLowerCase().endsWith(type))) throw refuse(400, "fileWrongType", uploads);
    await limit(a, "convert", CONVERSIONS_PER_MINUTE, "tooManyConversions");
    // The key is the applicant's for this question only while unused and unexpired; it is used
    // up (deleted) only once the file is known to be there, so a refusal changes nothing.
    if (!(await isUploadKeyIssued(db, uploadKey, a.userId, answerKey, now()))) throw refuse(400, "uploadKeyUnknown");
    if (!(await storage.read(uploadKey))) throw refuse(400, "uploadMissing");
    const started = await startConversion(db, { uploadKey, userId: a.userId, answerKey, fileName, now: now() });
    if (!started.ok) throw started.code === "uploadKeyUnknown" ? refuse(400, "uploadKeyUnknown") : refuse(409, "conversionInFlight");
    if (started.value) await removeFiles(storage, [started.value]);
    await jobs.send("convert-document", { userId: a.userId, answerKey, uploadKey } satisfies ConvertJob);
    return { status: "UNPROCESSED" as const, message: null };
  });

  routes.get("/api/pdf/document-answer/:key", {
    schema: { summary: "How the conversion of a document question's file stands", params: answerKeyParams, response: { 200: conversion, "4xx": messageReply } },
  }, async (request) => {
    const answerKey = documentKey(request.params.key);
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
    await clearDocumentAnswer(db, a.userId, request.params.key, now());
    return { message: messages.documentDeleted };
  });

  routes.get("/api/document-answer/:key/thumbnail", {
    schema: {
      summary: "The first page of a document question's converted document, as a PNG at most 200 pixels on its longer side",
      params: answerKeyParams,
      // `of` tells one stored document from the next in the browser's image cache; it is not read.
      querystring: { type: "object", properties: { of: { type: "string", maxLength: 100 } }, additionalProperties: false },
      response: { 200: { description: "The picture (image/png)" }, "4xx": messageReply },
    },
  }, async (request, reply) => {
    const answerKey = documentKey(request.params.key);
    const row = (await documentsOf(db, request.application.userId)).find((d) => d.answerKey === answerKey && d.status === "COMPLETED");
    const png = row?.pdfKey ? await storage.read(thumbnailKey(row.pdfKey)) : null;
    if (!png) throw refuse(404, "noThumbnail");
    // Not kept by the browser: a shared computer keeps nothing of the applicant's documents.
    return reply.type("image/png").header("Cache-Control", "no-store").send(png);
  });

  routes.get("/api/document-answer", {
    schema: {
      summary: "The applicant's converted documents, by answer key",
      response: { 200: documentAnswers },
    },
  }, async (request) => storedDocuments(db, request.application.userId));
}
