// The applicant's own application: answers, place, status, tabs, add-another counts, validation
// and submit (what comes after it is status.ts). Every route here runs after the session check (app.ts), on request.application: a student
// reaches only their own row.
import type { FastifyInstance } from "fastify";
import type { JsonSchemaToTsProvider } from "@fastify/type-provider-json-schema-to-ts";
import { applyAnswers, applyBlocks, applyTab, copyAnswers, evaluateAnswers, isAnswered, localToday, savesAlone, savesAloneAlways, validateAnswers, type Answers, dayAnywhereOnEarth, closedChoices, unofferedChoices, withoutChoiceLabels, writeChoiceLabels } from "../../engine/runtime";
import {
  addWebStatus, answered, changeApplication, loginsOf, mergeAnswers, mergeAnswersOfSession, moveToVersion, setLastPage, storeValidations, submitApplication, type Application, type ChangeResult,
} from "../data/applications";
import { authenticate, refuseSession } from "../auth/applicant-session";
import type { ServerContext } from "../context";
import { storedDocuments } from "../data/documents";
import { checklistListing, refreshChecklistStates } from "../data/checklist";
import {
  ApiError, blocks, browserErrors, changed, chooseTabBody, fieldErrors, lastPageBody, messageReply, profile, refuse, setBlocksBody, submitRefusal,
  submitted, tabs, WEB_STATUSES, webStatusBody,
} from "../../api-contract";
import { mailTexts } from "../platform/mail";
import { messages } from "../../api-contract/messages";

/** The new revision, or the refusal of a change as an answer. */
function revisionOf(result: ChangeResult): number {
  if (result.ok) return result.value.revision;
  throw result.code === "alreadySubmitted" ? refuse(409, "alreadySubmitted") : refuse(412, "stale");
}

/**
 * The entry term's code for the reference (FA26). Submit requires the answer, and it is one of the
 * offered codes; "NA" stands in should a definition ever stop asking, so a submit never fails on it.
 */
function entryTermCode(answers: Answers): string {
  const term = answers.entry_term;
  return typeof term === "string" && /^[A-Z0-9]{1,8}$/.test(term) ? term : "NA";
}

export function applicationRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const { db, now } = ctx;
  const { form } = ctx.form;
  const routes = app.withTypeProvider<JsonSchemaToTsProvider>();
  const referenceParts = (answers: Answers) => ({ prefix: form.institution.reference_prefix, term: entryTermCode(answers) });
  const state = (a: Application) => ({ tabs: a.tabs, blocks: a.blocks });
  const unlessSubmitted = (isWritten: boolean) => {
    if (!isWritten) throw refuse(409, "alreadySubmitted");
  };
  // A document question counts as answered when its converted document is stored, whatever
  // its answer says: the answer alone ("ANSWERED") is anyone's to write.
  const errorsOf = async (a: Application) => {
    const stored = await storedDocuments(db, a.userId);
    const answers = copyAnswers(a.answers);
    for (const key of ctx.form.documentKeys) {
      if (stored[key]) answers[key] = "ANSWERED";
      else delete answers[key];
    }
    return validateAnswers(form, answers, { ...state(a), today: localToday(now()), deadlineDay: dayAnywhereOnEarth(now()) });
  };

  /**
   * An application in progress on an earlier version moves to the current one, explicitly: its
   * answers to questions the current version does not ask, or hides from it (a condition added),
   * are kept aside (retired_answers, which the office sees and exports), never deleted; the next
   * save would clear a hidden one. Submitted applications stay on their version.
   */
  const onCurrentVersion = async (a: Application): Promise<Application> => {
    if (a.submittedAt || a.version === ctx.version.hash) return a;
    const answers: Answers = {};
    const retired: Answers = {};
    for (const [key, value] of Object.entries(a.answers)) (ctx.form.askedKeys.has(key) ? answers : retired)[key] = value;
    for (const key of evaluateAnswers(form, answers, state(a)).cleared) {
      retired[key] = answers[key]!;
      delete answers[key];
    }
    const revision = await moveToVersion(db, { userId: a.userId, revision: a.revision, from: a.version, version: ctx.version.hash }, answers, retired);
    return revision === null ? a : { ...a, answers, revision, version: ctx.version.hash };
  };

  routes.get("/api/profile", {
    schema: {
      summary: "The applicant's profile: answers, documents, place and status",
      response: {
        200: profile,
      },
    },
  }, async (request) => {
    const a = await onCurrentVersion(request.application);
    const logins = await loginsOf(db, a.userId);
    // Answers the current definitions refuse (an option since removed, a limit since lowered, a
    // new rule): shown on their questions at once, not only once the applicant validates.
    const errors = a.submittedAt ? {} : await errorsOf(a);
    const attention = Object.fromEntries(Object.entries(errors).filter(([key]) => isAnswered(a.answers[key])));
    return {
      answer: a.answers,
      document_answer: await storedDocuments(db, a.userId),
      username: a.username,
      last_page: a.lastPage,
      successful_login: logins.map((login) => ({ logged_in_at: login.logged_in_at.toISOString() })),
      web_status: a.webStatus,
      revision: a.revision,
      reference: a.reference,
      submitted_at: a.submittedAt?.toISOString() ?? null,
      attention,
    };
  });

  routes.put("/api/answer", {
    schema: {
      summary: "Save answers: the keys sent are merged into the stored answers, then hidden answers are cleared",
      description: "Send If-Match: \"revision\" to refuse the save (412) when the answers changed since that revision.",
      headers: { type: "object", properties: { "if-match": { type: "string", maxLength: 20 } } },
      body: ctx.form.answersSchema,
      response: { 200: changed, "4xx": messageReply },
    },
    config: { ownSessionCheck: true },
  }, async (request, reply) => {
    const sent = withoutChoiceLabels(form, request.body as Answers);
    const keys = Object.keys(sent);
    const ifMatch = request.headers["if-match"];
    const ifRevision = ifMatch === undefined ? undefined : /^"(\d{1,9})"$/.exec(ifMatch)?.[1];
    if (ifMatch !== undefined && ifRevision === undefined) throw refuse(412, "stale");
    // The usual autosave: answers controlling nothing, asked behind no condition, merged in the
    // statement that checks the session (engine/saves-alone.ts). A refusal (submitted, If-Match)
    // is told apart below, over the application read.
    if (savesAloneAlways(form, keys)) {
      const saved = await mergeAnswersOfSession(db, request.session!, sent, ifRevision === undefined ? undefined : Number(ifRevision));
      if (!saved) refuseSession(ctx, reply);
      if (saved.revision !== null) return { message: messages.saved, revision: saved.revision, cleared: [] };
    }
    const a = await authenticate(ctx, request, reply);
    // Answers controlling nothing, shown, merged in one statement without the engine. Another
    // request's write in between sends it the engine's way.
    if (keys.length > 0 && savesAlone(form, a.answers, keys)) {
      if (a.submittedAt) throw refuse(409, "alreadySubmitted");
      if (ifRevision !== undefined && a.revision !== Number(ifRevision)) throw refuse(412, "stale");
      const revision = await mergeAnswers(db, a.userId, a.revision, sent, now());
      if (revision !== null) return { message: messages.saved, revision, cleared: [] };
      if (ifRevision !== undefined) throw refuse(412, "stale");
    }
    let cleared: string[] = [];
    const revision = revisionOf(await changeApplication(db, a, now(), (current) => {
      if (keys.length === 0) return null;
      const change = applyAnswers(form, current.answers, state(current), sent);
      const unoffered = unofferedChoices(form, change.answers, keys);
      if (unoffered.length > 0) throw refuse(400, "notOffered", unoffered);
      const closed = closedChoices(form, change.answers, dayAnywhereOnEarth(now()), keys);
      if (closed.length > 0) throw refuse(400, "closed", closed);
      cleared = change.cleared;
      return { answers: answered(writeChoiceLabels(form, change.answers)) };
    }, ifRevision === undefined ? undefined : Number(ifRevision)));
    return { message: messages.saved, revision, cleared };
  });

  routes.put("/api/last-page", {
    schema: {
      summary: "Remember the page the applicant is on",
      body: lastPageBody(ctx.form.pageRoutes),
      response: { 200: messageReply, "4xx": messageReply },
    },
  }, async (request) => {
    unlessSubmitted(await setLastPage(db, request.application.userId, request.body.last_page, now()));
    return { message: messages.lastPageSaved };
  });

  routes.post("/api/web-status", {
    schema: {
      summary: "Record the next status: started, then validating (submitted comes with POST /api/submit)",
      body: webStatusBody,
      response: { 200: messageReply, "4xx": messageReply },
    },
  }, async (request) => {
    const status = request.body.web_status;
    const recorded = request.application.webStatus.map((e) => e.web_status);
    if (recorded.includes(status)) return { message: messages.statusSaved };
    if (status === "submitted") throw refuse(409, "statusSubmitOnly");
    if (WEB_STATUSES.indexOf(status) !== recorded.length) throw refuse(409, "statusOrder");
    unlessSubmitted(await addWebStatus(db, request.application.userId, status, now()));
    return { message: messages.statusSaved };
  });

  routes.post("/api/validations", {
    schema: {
      summary: "Compute (and store) the errors of every page from the stored answers",
      description: "The body, the browser's own field errors, is optional and not trusted.",
      body: browserErrors,
      response: { 200: fieldErrors, "4xx": messageReply },
    },
  }, async (request) => {
    const errors = await errorsOf(request.application);
    unlessSubmitted(await storeValidations(db, request.application.userId, errors, now()));
    return errors;
  });

  routes.post("/api/submit", {
    schema: {
      summary: "Submit the application; refused with the errors while any remain",
      response: {
        200: submitted,
        422: submitRefusal,
        "4xx": messageReply,
      },
    },
  }, async (request) => {
    const a = await onCurrentVersion(request.application);
    if (a.submittedAt) throw refuse(409, "alreadySubmitted");
    const errors = await errorsOf(a);
    if (Object.keys(errors).length > 0) throw new ApiError(422, "missingInformation", messages.missingInformation, { errors });
    const recorded = new Set(a.webStatus.map((e) => e.web_status));
    const webStatus = [...a.webStatus, ...WEB_STATUSES.filter((s) => !recorded.has(s)).map((s) => ({ web_status: s, created_at: now().toISOString() }))];
    const submittedAt = now();
    // Only the answers just checked are submitted: a save in between makes this refuse.
    const reference = await submitApplication(db, a.userId, a.revision, webStatus, referenceParts(a.answers), ctx.version.hash, submittedAt, checklistListing(form, a.answers));
    if (!reference) throw refuse(409, "busy");
    await refreshChecklistStates(db, a.userId);
    // Sent at once, but the answer does not wait on the mail server; a failure is logged, and the
    // reference is on the status page all the same.
    ctx.background.run("mailing a submission confirmation", () =>
      ctx.sendMail({ to: a.username, ...mailTexts.submissionConfirmation(ctx.sender, { reference, submittedAt }) }));
    return { message: messages.submitted, reference, submitted_at: submittedAt.toISOString() };
  });

  routes.get("/api/tabs", {
    schema: { summary: "The chosen tab of every tab group", response: { 200: tabs } },
  }, async (request) => evaluateAnswers(form, request.application.answers, state(request.application)).tabs);

  routes.put("/api/tabs", {
    schema: {
      summary: "Choose a tab; the answers listed for the tab left are cleared",
      body: chooseTabBody(ctx.form.tabGroups),
      response: { 200: changed, "4xx": messageReply },
    },
  }, async (request) => {
    const { tab_id: group, chosen_tab: chosen } = request.body as { tab_id: string; chosen_tab: string };
    const tabIds = form.tabGroups.get(group)!.tabs.map((t) => t.id);
    if (!tabIds.includes(chosen)) throw refuse(400, "tabUnknown", group, tabIds);
    let cleared: string[] = [];
    const revision = revisionOf(await changeApplication(db, request.application, now(), (current) => {
      const change = applyTab(form, current.answers, state(current), group, chosen);
      cleared = change.cleared;
      return { answers: answered(change.answers), tabs: change.tabs };
    }));
    return { message: messages.tabSaved, revision, cleared };
  });

  routes.get("/api/add-another", {
    schema: { summary: "The number of blocks of every add-another group", response: { 200: blocks } },
  }, async (request) => evaluateAnswers(form, request.application.answers, state(request.application)).blocks);

  routes.put("/api/add-another", {
    schema: {
      summary: "Set the number of blocks of an add-another group; answers of removed blocks are cleared",
      body: setBlocksBody(ctx.form.blockGroups),
      response: { 200: changed, "4xx": messageReply },
    },
  }, async (request) => {
    const { button_id: group, num_components: count } = request.body as { button_id: string; num_components: number };
    const { max } = form.blockGroups.get(group)!;
    if (count > max) throw refuse(400, "blocksRange", group, max);
    let cleared: string[] = [];
    const revision = revisionOf(await changeApplication(db, request.application, now(), (current) => {
      const change = applyBlocks(form, current.answers, state(current), group, count);
      cleared = change.cleared;
      return { answers: answered(change.answers), blocks: change.blocks };
    }));
    return { message: messages.blocksSaved, revision, cleared };
  });
}
