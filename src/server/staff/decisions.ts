// The office's decisions (form-definitions/decisions.json): a reviewer records one on a submitted
// application, or changes or withdraws it until it is released; an admin releases the recorded
// decisions of a filter now or at a later moment, and alone changes or withdraws a released one
// (the applicant then reads the new letter, mailed again). Each step is in the audit log, never a
// letter's text. The applicant sees nothing before the release moment (routes/status.ts).
import type { FastifyInstance } from "fastify";
import type { JsonSchemaToTsProvider } from "@fastify/type-provider-json-schema-to-ts";
import { applicationIdParams, decisionBody, decisionChoices, messageReply, refuse, releaseBody, releaseReply } from "../../api-contract";
import type { ServerContext } from "../context";
import { isReleased, recordDecision, scheduleRelease, withdrawDecision, type DecisionRow } from "../data/decisions";
import { decisionsOf, writeLetter } from "../decisions/letters";
import { allow } from "./access";
import { filterText, recordAudit, staffActor } from "./audit";
import { knownDecision, listFilter } from "./list-filter";

const tags = ["staff decisions"];

export function officeDecisionRoutes(api: FastifyInstance, ctx: ServerContext): void {
  const { db } = ctx;
  const routes = api.withTypeProvider<JsonSchemaToTsProvider>();
  const letters = async () => {
    const decisions = await decisionsOf(db, ctx.form.form, ctx.sender.timeZone);
    return (code: string, facts: Parameters<typeof writeLetter>[3]) => writeLetter(ctx.form.form, decisions, code, facts);
  };

  routes.get("/decisions", {
    schema: { summary: "The decisions of decisions.json the office may record, in its order", tags, response: { 200: decisionChoices } },
  }, async () => ({
    decisions: ctx.form.form.decisions.map(({ code, label, respondBy }) => ({ code, label, respond_by: respondBy ?? null })),
  }));

  routes.put("/applications/:id/decision", {
    preHandler: allow("reviewer"),
    schema: {
      summary: "Record a decision of decisions.json on a submitted application, or change it (reviewers; a released one, admins)", tags,
      params: applicationIdParams, body: decisionBody, response: { 200: messageReply, "4xx": messageReply },
    },
  }, async (request) => {
    const { id } = request.params;
    const code = knownDecision(ctx, request.body.code);
    const now = ctx.now();
    const write = await letters();
    const recorded = await recordDecision(db, {
      applicationId: id, code, staffId: request.staff.id, now, mayChangeReleased: request.staff.role === "admin", rewrite: (facts) => write(code, facts),
    });
    if (!recorded.ok) {
      switch (recorded.code) {
        case "notFound": throw refuse(404, "applicationNotFound");
        case "notSubmitted": throw refuse(409, "decisionNeedsSubmitted");
        case "released": throw refuse(403, "decisionReleased");
        default: throw new Error(`unknown refusal ${recorded.code satisfies never}`);
      }
    }
    const before = recorded.value;
    await recordAudit(db, staffActor(request), { at: now, action: "decision", applicationId: id, detail: { from: before?.code ?? null, to: code, released: isReleased(before, now) } });
    // A released decision changed: the applicant is told there is news, as at its release.
    if (isReleased(before, now)) await ctx.jobs.send("decision-mail", {});
    return { message: "Decision recorded." };
  });

  routes.delete("/applications/:id/decision", {
    preHandler: allow("reviewer"),
    schema: {
      summary: "Withdraw the application's decision (reviewers; a released one, admins)", tags,
      params: applicationIdParams, response: { 200: messageReply, "4xx": messageReply },
    },
  }, async (request) => {
    const { id } = request.params;
    const now = ctx.now();
    const withdrawn = await withdrawDecision(db, { applicationId: id, now, mayChangeReleased: request.staff.role === "admin" });
    if (!withdrawn.ok) throw withdrawn.code === "notFound" ? refuse(404, "decisionNotFound") : refuse(403, "decisionReleased");
    await recordAudit(db, staffActor(request), { at: now, action: "withdraw decision", applicationId: id, detail: { code: withdrawn.value.code, released: isReleased(withdrawn.value, now) } });
    return { message: "Decision withdrawn." };
  });

  routes.post("/decisions/release", {
    preHandler: allow("admin"),
    schema: {
      summary: "Release the recorded decisions of the applications a filter finds (of one code, if given), now or at a later moment (admins)", tags,
      body: releaseBody, response: { 200: releaseReply, "4xx": messageReply },
    },
  }, async (request) => {
    const { filter, at } = request.body;
    const code = request.body.code === undefined ? undefined : knownDecision(ctx, request.body.code);
    const now = ctx.now();
    const releaseAt = at === null ? now : new Date(at);
    if (releaseAt.getTime() < now.getTime()) throw refuse(400, "releaseInPast");
    const released = await scheduleRelease(db, { filter: listFilter(ctx, filter, request.staff.role), code, at: releaseAt, now, write: await letters() });
    await recordAudit(db, staffActor(request), {
      at: now, action: "release decisions", detail: { at: releaseAt.toISOString(), filter: filterText(filter), code: code ?? null, decisions: released },
    });
    await ctx.jobs.send("decision-mail", {}, { startAfter: releaseAt });
    return { released, release_at: releaseAt.toISOString() };
  });
}

/** A decision's label in decisions.json; its code when staff have since removed it. */
export const decisionLabel = (ctx: ServerContext, code: string) => ctx.form.form.decisions.find((decision) => decision.code === code)?.label ?? code;

/** The decision as the office reads it. */
export const officeDecisionOf = (ctx: ServerContext, decision: DecisionRow | null) => decision && ({
  code: decision.code,
  label: decisionLabel(ctx, decision.code),
  recorded_by: decision.recorded_by,
  recorded_at: decision.recorded_at.toISOString(),
  release_at: decision.release_at?.toISOString() ?? null,
  released: isReleased(decision, ctx.now()),
  respond_by: decision.respond_by?.toISOString() ?? null,
  response: decision.response,
  responded_at: decision.responded_at?.toISOString() ?? null,
});
