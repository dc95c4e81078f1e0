// The office's routes about applications: the list, one application with its timeline and notes,
// its documents and PDF copy, and the review (status and notes, reviewers only). Every view and
// download goes into the audit log, with what names it and never an answer or a note's text.
import type { FastifyInstance } from "fastify";
import type { JsonSchemaToTsProvider } from "@fastify/type-provider-json-schema-to-ts";
import {
  applicationFilter, applicationIdParams, applicationListQuery, applicationPage, askBody, checklistItemParams, checklistLine, checklistMarkBody, documentParams,
  documentVersionQuery, messageReply, neighbours, noteBody, officeInformationRequest, officeRequestParams, pdfCopy, refuse, reviewBody, reviewNote, staffApplication,
} from "../../api-contract";
import { askForInformation, closeRequest, officeRequest, requestsOf } from "../data/information-requests";
import { decisionOf, isReleased } from "../data/decisions";
import { decisionLabel, officeDecisionOf } from "./decisions";
import { mailTexts } from "../platform/mail";
import { checklistFor } from "../../engine/runtime";
import { checklistLines, checklistMarksOf, checklistOf, checklistReply, markChecklistItem } from "../data/checklist";
import type { ServerContext } from "../context";
import { loginsOf } from "../data/applications";
import { documentsOf, storedDocuments } from "../data/documents";
import { applicationPage as pageOf, neighboursOf, orderOf } from "../data/office-list";
import { addNote, applicationExists, applicationForReview, notesOf, reviewChangesOf, setReviewStatus } from "../data/reviews";
import { currentOrNewPdfCopy, finishedPdfCopy } from "../pdf-copy/pdf-copy";
import { LINK_SECONDS } from "../storage/types";
import { filterText, recordAudit, staffActor } from "./audit";
import { allow, isAtLeast } from "./access";
import { listFilter } from "./list-filter";
import { readCursor, writeCursor } from "./cursor";
import { timelineOf } from "./timeline";

const tags = ["staff applications"];

export function officeApplicationRoutes(api: FastifyInstance, ctx: ServerContext): void {
  const { db, storage } = ctx;
  const routes = api.withTypeProvider<JsonSchemaToTsProvider>();
  const mustExist = async (id: number) => {
    if (!(await applicationExists(db, id))) throw refuse(404, "applicationNotFound");
  };

  routes.get("/applications", {
    schema: {
      summary: "The applications matching a filter, 50 a page", tags,
      querystring: applicationListQuery, response: { 200: applicationPage, "4xx": messageReply },
    },
  }, async (request) => {
    const { after, ...query } = request.query;
    const filter = listFilter(ctx, query, request.staff.role);
    const order = orderOf(filter);
    const page = await pageOf(db, filter, after === undefined ? null : readCursor(after, order));
    // A page of the list names applicants: who looked for whom is in the audit log, as every read of an application is.
    await recordAudit(db, staffActor(request), { at: ctx.now(), action: "view list", detail: { filter: filterText(query), rows: page.rows.length } });
    return {
      rows: page.rows.map((row) => ({
        ...row, submitted_at: row.submitted_at?.toISOString() ?? null, last_activity: row.last_activity.toISOString(),
        decision: row.decision && { ...row.decision, label: decisionLabel(ctx, row.decision.code) },
      })),
      next: page.next && writeCursor(order, page.next),
      total: page.total,
    };
  });

  routes.get("/applications/:id", {
    schema: {
      summary: "One application: answers as the service view has them, documents, timeline and notes", tags,
      params: applicationIdParams, response: { 200: staffApplication, "4xx": messageReply },
    },
  }, async (request) => {
    const { id } = request.params;
    const application = await applicationForReview(db, id);
    if (!application) throw refuse(404, "applicationNotFound");
    const [documents, documentAnswer, logins, changes, notes, marks, requests, decision] = await Promise.all([
      documentsOf(db, id), storedDocuments(db, id), loginsOf(db, id), reviewChangesOf(db, id), notesOf(db, id), checklistMarksOf(db, [id]), requestsOf(db, id),
      decisionOf(db, id),
    ]);
    await recordAudit(db, staffActor(request), { at: ctx.now(), action: "view application", applicationId: id });
    const { answers, add_another, tabs, save_days, ...summary } = application;
    return {
      ...summary,
      submitted_at: summary.submitted_at?.toISOString() ?? null,
      created_at: summary.created_at.toISOString(),
      last_activity: summary.last_activity.toISOString(),
      status: application.submitted_at ? "submitted" as const : "started" as const,
      version: application.version ?? ctx.version.hash,
      answer: answers, add_another, tabs, document_answer: documentAnswer,
      documents: documents.map((d) => ({ answer_key: d.answerKey, file_name: d.fileName, status: d.status, has_pdf: d.status === "COMPLETED" && d.pdfKey !== null })),
      timeline: timelineOf({ ...application, saveDays: save_days, logins: logins.map((l) => l.logged_in_at), changes, notes, requests }),
      notes: notes.map((note) => ({ ...note, created_at: note.created_at.toISOString() })),
      checklist: checklistLines(ctx.form.form, application.answers, documents, marks.get(id)!).map(checklistReply),
      requests: requests.map(officeRequest),
      // Readers see a decision once the applicant can: before its release, only those who record and release it.
      decision: isAtLeast(request.staff.role, "reviewer") || isReleased(decision, ctx.now()) ? officeDecisionOf(ctx, decision) : null,
    };
  });

  routes.get("/applications/:id/neighbours", {
    schema: {
      summary: "The applications before and after this one in the list of a filter", tags,
      params: applicationIdParams, querystring: applicationFilter, response: { 200: neighbours, "4xx": messageReply },
    },
  }, async (request) => {
    const found = await neighboursOf(db, request.params.id, listFilter(ctx, request.query, request.staff.role));
    if (!found) throw refuse(404, "applicationNotFound");
    return found;
  });

  routes.get("/applications/:id/documents/:answer_key", {
    schema: {
      summary: "Download a document, as uploaded or converted to PDF: 303 to a link valid 5 minutes", tags,
      params: documentParams, querystring: documentVersionQuery, response: { "4xx": messageReply },
    },
  }, async (request, reply) => {
    const { id, answer_key: answerKey } = request.params;
    const { version } = request.query;
    await mustExist(id);
    const document = (await documentsOf(db, id)).find((d) => d.answerKey === answerKey);
    if (!document) throw refuse(404, "documentNotFound", answerKey);
    if (version === "pdf" && (document.status !== "COMPLETED" || !document.pdfKey)) throw refuse(404, "pdfNotFound", answerKey);
    // The storage's Content-Disposition cleans the applicant's file name (storage/keys.ts).
    const url = version === "pdf"
      ? await storage.downloadUrl(document.pdfKey!, { fileName: `${answerKey}.pdf`, expiresInSeconds: LINK_SECONDS })
      : await storage.downloadUrl(document.uploadKey, { fileName: document.fileName, expiresInSeconds: LINK_SECONDS });
    await recordAudit(db, staffActor(request), { at: ctx.now(), action: "download document", applicationId: id, detail: { answer_key: answerKey, version } });
    return reply.redirect(url, 303);
  });

  routes.post("/applications/:id/pdf-copy", {
    schema: {
      summary: "Start the PDF copy of the application's current answers, unless it is made or on its way", tags,
      params: applicationIdParams, response: { 200: pdfCopy, "4xx": messageReply },
    },
  }, async (request) => {
    await mustExist(request.params.id);
    const copy = await currentOrNewPdfCopy(ctx, request.params.id);
    return { status: copy?.status ?? "UNPROCESSED", url: null, message: copy?.message ?? null };
  });

  routes.get("/applications/:id/pdf-copy/download", {
    schema: {
      summary: "Download the PDF copy once made: 303 to a link valid 5 minutes (409 before)", tags,
      params: applicationIdParams, response: { "4xx": messageReply },
    },
  }, async (request, reply) => {
    const { id } = request.params;
    const application = await applicationForReview(db, id);
    if (!application) throw refuse(404, "applicationNotFound");
    const copy = await finishedPdfCopy(ctx, id);
    if (!copy) throw refuse(409, "pdfCopyNotReady");
    const url = await storage.downloadUrl(copy.pdfKey!, { fileName: `${application.reference ?? `application-${id}`}.pdf`, expiresInSeconds: LINK_SECONDS });
    await recordAudit(db, staffActor(request), { at: ctx.now(), action: "download pdf copy", applicationId: id });
    return reply.redirect(url, 303);
  });

  routes.put("/applications/:id/review", {
    preHandler: allow("reviewer"),
    schema: {
      summary: "Set a submitted application's review status (reviewers); answers the status now", tags,
      params: applicationIdParams, body: reviewBody, response: { 200: reviewBody, "4xx": messageReply },
    },
  }, async (request) => {
    const { id } = request.params;
    const to = request.body.review_status;
    const changed = await setReviewStatus(db, id, to);
    if (!changed.ok) {
      switch (changed.code) {
        case "notFound": throw refuse(404, "applicationNotFound");
        case "notSubmitted": throw refuse(409, "reviewNeedsSubmitted");
        default: throw new Error(`unknown refusal ${changed.code satisfies never}`);
      }
    }
    if (changed.value !== to) await recordAudit(db, staffActor(request), { at: ctx.now(), action: "review status", applicationId: id, detail: { from: changed.value, to } });
    return { review_status: to };
  });

  routes.put("/applications/:id/checklist/:item", {
    preHandler: allow("reviewer"),
    schema: {
      summary: "Mark an item of the application's checklist received, or not (reviewers); answers the item now", tags,
      params: checklistItemParams, body: checklistMarkBody, response: { 200: checklistLine, "4xx": messageReply },
    },
  }, async (request) => {
    const { id, item } = request.params;
    const { received } = request.body;
    const application = await applicationForReview(db, id);
    if (!application) throw refuse(404, "applicationNotFound");
    // Only an item listed for its answers: an id from another checklist, or one its answers leave out, is refused.
    if (!checklistFor(ctx.form.form, application.answers).some((listed) => listed.id === item)) throw refuse(404, "checklistItemNotFound", item);
    const now = ctx.now();
    if (await markChecklistItem(db, { applicationId: id, item, received, staffId: request.staff.id, now })) {
      await recordAudit(db, staffActor(request), { at: now, action: "checklist", applicationId: id, detail: { item, received } });
    }
    return checklistReply((await checklistOf(db, ctx.form.form, id, application.answers)).find((line) => line.id === item)!);
  });

  routes.post("/applications/:id/notes", {
    preHandler: allow("reviewer"),
    schema: {
      summary: "Add an internal note to an application (reviewers); the applicant never sees it", tags,
      params: applicationIdParams, body: noteBody, response: { 201: reviewNote, "4xx": messageReply },
    },
  }, async (request, reply) => {
    const { id } = request.params;
    const { body } = request.body;
    if (body.trim() === "") throw refuse(400, "emptyNote");
    await mustExist(id);
    const now = ctx.now();
    const noteId = await addNote(db, { applicationId: id, staffId: request.staff.id, body, now });
    await recordAudit(db, staffActor(request), { at: ctx.now(), action: "note", applicationId: id, detail: { note_id: noteId } });
    return reply.status(201).send({ id: noteId, author: request.staff.email, body, created_at: now.toISOString() });
  });

  routes.post("/applications/:id/requests", {
    preHandler: allow("reviewer"),
    schema: {
      summary: "Ask a submitted application's applicant for information, about a checklist item or not (reviewers): they are mailed that there is a message, never what it says",
      tags, params: applicationIdParams, body: askBody, response: { 201: officeInformationRequest, "4xx": messageReply },
    },
  }, async (request, reply) => {
    const { id } = request.params;
    const { item } = request.body;
    const message = request.body.message.trim();
    if (message === "") throw refuse(400, "emptyRequest");
    const application = await applicationForReview(db, id);
    if (!application) throw refuse(404, "applicationNotFound");
    if (item !== null && !checklistFor(ctx.form.form, application.answers).some((listed) => listed.id === item)) throw refuse(404, "checklistItemNotFound", item);
    const now = ctx.now();
    const asked = await askForInformation(db, { applicationId: id, item, message, staffId: request.staff.id, now });
    if (!asked.ok) {
      switch (asked.code) {
        case "notFound": throw refuse(404, "applicationNotFound");
        case "notSubmitted": throw refuse(409, "requestNeedsSubmitted");
        case "requestOpen": throw refuse(409, "requestOpen");
        default: throw new Error(`unknown refusal ${asked.code satisfies never}`);
      }
    }
    await recordAudit(db, staffActor(request), { at: now, action: "information request", applicationId: id, detail: { request: asked.value, item } });
    // Sent at once, but the answer does not wait on the mail server; a failure is logged, and the message is on the status page all the same.
    ctx.background.run("mailing that there is a message", () => ctx.sendMail({ to: application.email, ...mailTexts.informationRequested(ctx.sender) }));
    return reply.status(201).send(officeRequest((await requestsOf(db, id)).find((r) => r.id === asked.value)!));
  });

  routes.post("/applications/:id/requests/:request/withdraw", {
    preHandler: allow("reviewer"),
    schema: {
      summary: "Withdraw a request for information the applicant has not replied to (reviewers); the review goes back to \"in review\"",
      tags, params: officeRequestParams, response: { 200: officeInformationRequest, "4xx": messageReply },
    },
  }, async (request) => {
    const { id, request: requestId } = request.params;
    const now = ctx.now();
    const closed = await closeRequest(db, { applicationId: id, requestId, withdrawnBy: request.staff.id, now });
    if (!closed.ok) throw closed.code === "notFound" ? refuse(404, "requestNotFound") : refuse(409, "requestClosed");
    await recordAudit(db, staffActor(request), { at: now, action: "withdraw request", applicationId: id, detail: { request: requestId } });
    return officeRequest((await requestsOf(db, id)).find((r) => r.id === requestId)!);
  });
}
