// After the submit, the applicant's side: where the application stands with its checklist and
// the office's requests for information (GET /api/status), and a reply to an open request. The
// file a request asks for is sent through the document routes (documents.ts), which take a
// checklist item's upload once submitted. Runs after the session check (app.ts): an applicant
// reaches only their own application's requests.
import type { FastifyInstance } from "fastify";
import type { JsonSchemaToTsProvider } from "@fastify/type-provider-json-schema-to-ts";
import { applicationStatus, messageReply, refuse, replyBody, requestParams } from "../../api-contract";
import { messages } from "../../api-contract/messages";
import type { ServerContext } from "../context";
import { checklistOf, checklistReply } from "../data/checklist";
import { applicantRequest, closeRequest, requestsOf } from "../data/information-requests";
import { reviewOf } from "../data/reviews";
import { applicantActor, recordAudit } from "../staff/audit";

export function statusRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const { db } = ctx;
  const routes = app.withTypeProvider<JsonSchemaToTsProvider>();

  routes.get("/api/status", {
    schema: {
      summary: "Where the application stands, the checklist of what the office needs (received or not), and the office's requests for information",
      response: { 200: applicationStatus },
    },
  }, async (request) => {
    const a = request.application;
    const [review, checklist, requests] = await Promise.all([reviewOf(db, a.userId), checklistOf(db, ctx.form.form, a.userId, a.answers), requestsOf(db, a.userId)]);
    const state = !a.submittedAt ? "in_progress" as const
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
    };
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
