// The browser's precompiled validator (Ajv standalone, bundled) finds exactly what the server's finds.
import { rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { completeAnswers } from "../../tests/support/answer-sets";
import { definitions } from "../../tests/support/definitions";
import { browserValidatorModule } from "../definitions/browser-validator";
import { readProject } from "../definitions/files";
import { validatorFrom, type AnswerValidator, type CompiledValidate } from "./errors";
import { assembleForm, validateAnswers } from "./form";
import { answersSchemaOf, loadForm, rulesOf } from "./load";
import { compileValidator } from "./validation";
import type { Answers } from "./types";

const TODAY = "2026-11-22";
const complete = completeAnswers(definitions(), TODAY);

describe("the browser's precompiled validator", () => {
  let module: { code: string };
  let precompiled: AnswerValidator;
  let runtime: AnswerValidator;
  const file = join(tmpdir(), `answer-validator-${process.pid}.mjs`);

  beforeAll(async () => {
    module = await browserValidatorModule();
    writeFileSync(file, module.code);
    const { default: validate } = (await import(pathToFileURL(file).href)) as { default: CompiledValidate };
    precompiled = validatorFrom(validate);
    const { form } = readProject();
    runtime = compileValidator(answersSchemaOf(form), rulesOf(form));
  }, 60_000);
  afterAll(() => rmSync(file, { force: true }));

  it("is plain code: no compiler and no eval (and, imported as an ES module above, no require)", () => {
    expect(module.code).not.toMatch(/new Function|\beval\(/);
  });

  it("passes the complete application through the engine, as the server does", () => {
    const { form: files } = readProject();
    const options = { today: TODAY };
    expect(validateAnswers(assembleForm(files, precompiled, options), complete, options)).toEqual({});
    expect(validateAnswers(loadForm(files, options), complete, options)).toEqual({});
  });

  it.each<[string, Answers]>([
    ["nothing answered", {}],
    ["a name too long, a bad e-mail and an unknown key", { ...complete, first_name: "A".repeat(46), email: "not-an-email", favourite_colour: "blue" }],
    ["a birth date making the applicant 12", { ...complete, birth_date: "2014-11-23" }],
    ["an impossible date", { ...complete, birth_date: "2008-02-30" }],
    ["a wrong type", { ...complete, legal_agree: "yes", first_name: true }],
    ["an emoji name at the limit (45 code points, 90 UTF-16 units)", { ...complete, first_name: "😀".repeat(45) }],
  ])("finds the same errors with the same messages: %s", (_name, answers) => {
    expect(precompiled(answers, TODAY)).toEqual(runtime(answers, TODAY));
  });
});
