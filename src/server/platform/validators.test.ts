// PUT /api/answer's body is checked key by key (validators.ts keyByKey): the same verdict and the same
// first error as Ajv's validator of the whole answers schema, over bodies good and bad.
import { describe, expect, it } from "vitest";
import { completeAnswers } from "../../../tests/support/answer-sets";
import { requestValidators } from "./validators";
import { loadServerForm } from "../form";

const { form, answersSchema } = loadServerForm();
const build = requestValidators().compilersFactory!.buildValidator!({}) as (route: object) => ((data: unknown) => unknown) & { errors?: unknown[] | null };
const route = { method: "PUT", url: "/api/answer", httpPart: "body" };
const keyed = build({ ...route, schema: answersSchema });
// An extra keyword the key-by-key check does not know sends the schema to Ajv whole.
const whole = build({ ...route, schema: { ...answersSchema, $comment: "whole" } });
const verdict = (check: typeof keyed, body: unknown) => {
  const ok = check(body);
  const [first] = (check.errors ?? []) as { instancePath: string; keyword: string; params: unknown }[];
  return { ok, first: first && { instancePath: first.instancePath, keyword: first.keyword, params: first.params } };
};

describe("the answers body checked key by key", () => {
  const complete = completeAnswers(form, "2026-11-22");
  const keys = Object.keys((answersSchema as { properties: object }).properties);
  const bodies: [string, unknown][] = [
    ["the complete answers", complete],
    ["five names", { first_name: "Ana", middle_name: "Maria", last_name: "Silva", gender_explain: "", phone_international: "442079460000" }],
    ["empty", {}],
    ["a wrong type", { middle_name: "Maria", first_name: 5 }],
    ["two wrong, the later key in the schema sent first", { [keys[40]!]: 5, [keys[3]!]: 7 }],
    ["an unknown key after a wrong type", { first_name: 5, not_a_question: "x" }],
    ["too long", { first_name: "x".repeat(100_000) }],
    ["a list", ["first_name"]],
    ["text", "first_name"],
    ["null", null],
    ["every key and one more", { ...Object.fromEntries(keys.map((k) => [k, ""])), not_a_question: "x" }],
    ["a checkbox answered with text", { optin_sms_ind: "yes" }],
  ];
  it.each(bodies)("agrees with Ajv on %s", (_name, body) => {
    expect(verdict(keyed, body)).toEqual(verdict(whole, body));
  });

  it("is what checks the answers: not Ajv's whole-schema validator", () => {
    expect(keyed).not.toHaveProperty("schemaEnv");
    expect(whole).toHaveProperty("schemaEnv");
  });
});
