// "Save for later" for visitors: answers kept 30 days behind a random token.
import type { FastifyInstance } from "fastify";
import type { JsonSchemaToTsProvider } from "@fastify/type-provider-json-schema-to-ts";
import { evaluateAnswers, type Answers, closedChoices, unofferedChoices, withoutChoiceLabels, writeChoiceLabels, dayAnywhereOnEarth } from "../../engine/runtime";
import { answered } from "../data/applications";
import { randomId } from "../auth/secrets";
import { hit } from "../auth/throttle";
import type { ServerContext } from "../context";
import { saveTemporaryAnswers, temporaryAnswers } from "../data/temporary-answers";
import { messageReply, savedAnswers, savedAnswersQuery, savedForLater, refuse } from "../../api-contract";
import { messages } from "../../api-contract/messages";

const KEPT_MS = 30 * 24 * 60 * 60_000;
const SAVES_PER_ADDRESS_PER_HOUR = 60;

export function temporaryAnswerRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const { db, hash, now } = ctx;
  const routes = app.withTypeProvider<JsonSchemaToTsProvider>();

  routes.post("/public/tmp", {
    schema: {
      summary: "Save a visitor's answers for later; answers a token that finds them for 30 days",
      body: ctx.form.answersSchema,
      response: {
        200: savedForLater,
        "4xx": messageReply,
      },
    },
  }, async (request) => {
    if ((await hit(db, `tmp:${request.ip}`, 60 * 60_000, now())) > SAVES_PER_ADDRESS_PER_HOUR) throw refuse(429, "tooManyTemporary");
    const token = randomId();
    const expires = new Date(now().getTime() + KEPT_MS);
    const { form } = ctx.form;
    const evaluation = evaluateAnswers(form, withoutChoiceLabels(form, request.body as Answers));
    const unoffered = unofferedChoices(form, evaluation.answers);
    if (unoffered.length > 0) throw refuse(400, "notOffered", unoffered);
    const closed = closedChoices(form, evaluation.answers, dayAnywhereOnEarth(now()));
    if (closed.length > 0) throw refuse(400, "closed", closed);
    const answers = answered(writeChoiceLabels(form, evaluation.answers));
    await saveTemporaryAnswers(db, hash(token), answers, expires);
    return { message: messages.temporarySaved, token, expires_at: expires.toISOString() };
  });

  routes.get("/public/tmp", {
    schema: {
      summary: "A visitor's saved answers, by token",
      querystring: savedAnswersQuery,
      response: { 200: savedAnswers, "4xx": messageReply },
    },
  }, async (request) => {
    const answers = await temporaryAnswers(db, hash(request.query.token), now());
    if (!answers) throw refuse(404, "temporaryUnknown");
    return { answer: answers };
  });
}
