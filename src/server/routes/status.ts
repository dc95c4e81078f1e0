// After the submit, the applicant's side: where the application stands with its checklist, the
// office's requests for information and its decision once released (GET /api/status), the
// decision's letter as a PDF, a reply to an open request, and the answer to an offer. The file a
// request asks for is sent through the document routes (documents.ts), which take a checklist
// item's upload once submitted. Runs after the session check (app.ts): an applicant reaches only
// their own application's requests and decision.
import type { FastifyInstance } from "fastify";
import type { JsonSchemaToTsProvider } from "@fastify/type-provider-json-schema-to-ts";
import { applicationStatus, decisionResponseBody, messageReply, refuse, replyBody, requestParams } from "../../api-contract";
import { messages } from "../../api-contract/messages";
import type { ServerContext } from "../context";
import { checklistOf, checklistReply } from "../data/checklist";
import { applicantRequest, closeRequest, requestsOf } from "../data/information-requests";
import { decisionOf, isReleased, respondToDecision, type DecisionRow } from "../data/decisions";
import { reviewOf } from "../data/reviews";
import { letterHtml } from "../decisions/letters";
import { letterPdf } from "../decisions/letter-pdf";
import { attachment } from "../storage/keys";
import { applicantActor, recordAudit } from "../staff/audit";

export function statusRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const { db } = ctx;
  const routes = app.withTypeProvider<JsonSchemaToTsProvider>();

  routes.get("/api/status", {
    schema: {
      summary: "Where the application stands, the checklist of what the office needs (received or not), the office's requests for information, and its decision once released",
      response: { 200: applicationStatus },
    },
  }, async (request) => {
    const a = request.application;
    const [review, checklist, requests, decision] = await Promise.all([
      reviewOf(db, a.userId), checklistOf(db, ctx.form.form, a.userId, a.answers), requestsOf(db, a.userId), decisionOf(db, a.userId),
    ]);
    // Never before its release moment: not in the state, not in the answer.
    const now = ctx.now();
    const released = isReleased(decision, now) ? decision : null;
    const state = !a.submittedAt ? "in_progress" as const
      : released ? "decision_available" as const
      : review.request_state === "open" ? "information_requested" as const
      // A submit sets "received": the office has it, and nobody has taken it up yet.
      : review.review_status === null || review.review_status === "received" ? "submitted" as const
      : "under_review" as const;
    return {
      state,
      reference: a.reference,
      submitted_at: a.submittedAt?.toISOString() ?? null,
      checklist: checklist.map(checklistReply),
      requests: requests.map(applicantRequest),
      decision: released && applicantDecision(released, now),
    };
  });

  routes.get("/api/decision/letter.pdf", {
    schema: {
      summary: "The released decision's letter as a PDF, made on request; 404 with a message before its release moment",
      response: { 200: { description: "The letter (application/pdf), as an attachment" }, "4xx": messageReply },
    },
  }, async (request, reply) => {
    const a = request.application;
    const now = ctx.now();
    const decision = await decisionOf(db, a.userId);
    if (!decision || !isReleased(decision, now)) throw refuse(404, "noDecision");
    // Not audited, as the PDF copy of the application is not: the applicant reads what is theirs.
    const { institution } = ctx.form.form;
    const pdf = await letterPdf({
      letter: decision.letter!, institution: institution.name, office: institution.office_name ?? institution.name,
      timeZone: institution.time_zone, reference: a.reference, releasedAt: decision.release_at!, madeAt: now,
    });
    // Not kept by the browser: a shared computer keeps nothing of the decision.
    return reply.type("application/pdf").header("Cache-Control", "no-store")
      .header("Content-Disposition", attachment(a.reference ? `decision-${a.reference}.pdf` : "decision.pdf"))
      .send(Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength));
  });

  routes.post("/api/decision/response", {
    schema: {
      summary: "Accept or decline the released decision's offer, before its deadline, once",
      body: decisionResponseBody, response: { 200: messageReply, "4xx": messageReply },
    },
  }, async (request) => {
    const a = request.application;
    const { accept } = request.body;
    const now = ctx.now();
    const answered = await respondToDecision(db, { applicationId: a.userId, accept, now });
    if (!answered.ok) {
      switch (answered.code) {
        case "noDecision": throw refuse(404, "noDecision");
        case "noAnswerAsked": throw refuse(409, "noAnswerAsked");
        case "answered": throw refuse(409, "decisionAnswered");
        case "closed": throw refuse(409, "decisionClosed");
        default: throw new Error(`unknown refusal ${answered.code satisfies never}`);
      }
    }
    await recordAudit(db, applicantActor(a.username, request.ip), { at: now, action: "decision response", applicationId: a.userId, detail: { response: answered.value.response } });
    return { message: accept ? messages.decisionAccepted : messages.decisionDeclined };
  });

  routes.post("/api/requests/:id/reply", {
    schema: {
      summary: "Reply to the office's open request for information; the file it asks for, if any, is uploaded first as the checklist item's",
      params: requestParams, body: replyBody, response: { 200: messageReply, "4xx": messageReply },
    },
  }, async (request) => {
    const a = request.application;
    const { id } = request.params;
    const reply = request.body.message.trim();
    const asked = (await requestsOf(db, a.userId)).find((r) => r.id === id);
    // Another applicant's request is as unknown as one that does not exist.
    if (!asked) throw refuse(404, "requestNotFound");
    if (reply === "") {
      // Only the file may answer a request that asks for one, once it has been sent.
      const line = asked.item === null ? undefined : (await checklistOf(db, ctx.form.form, a.userId, a.answers)).find((l) => l.id === asked.item);
      if (!line?.document || line.state === "needed") throw refuse(400, "emptyReply");
    }
    const now = ctx.now();
    const closed = await closeRequest(db, { applicationId: a.userId, requestId: id, reply, now });
    if (!closed.ok) throw closed.code === "notFound" ? refuse(404, "requestNotFound") : refuse(409, "requestClosed");
    await recordAudit(db, applicantActor(a.username, request.ip), { at: now, action: "information reply", applicationId: a.userId, detail: { request: id } });
    return { message: messages.replySent };
  });
}

/** A released decision as its applicant reads it: the letter as written at its release, drawn as HTML. */
const applicantDecision = (decision: DecisionRow, now: Date) => ({
  code: decision.code,
  letter_html: letterHtml(decision.letter!),
  released_at: decision.release_at!.toISOString(),
  respond_by: decision.respond_by?.toISOString() ?? null,
  may_respond: decision.respond_by !== null && decision.response === null && now.getTime() < decision.respond_by.getTime(),
  response: decision.response,
  responded_at: decision.responded_at?.toISOString() ?? null,
});
