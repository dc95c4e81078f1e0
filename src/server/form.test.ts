import { afterEach, describe, expect, it } from "vitest";
import { assembleForm } from "../engine/runtime";
import { readProject } from "../definitions/files";
import { fixture, page, removeFixtures } from "../definitions/lint/fixture";
import { DefinitionErrors, loadServerForm } from "./form";

afterEach(removeFixtures);

const notin = page((items) => {
  (items[2] as { showWhen: object }).showWhen = { key: "citizenship_us", op: "notin", value: ["Y"] };
  return items;
});

describe("the server's definitions", () => {
  it("would hand the browser an engine that throws on a misspelled operator (the applicant's 'Something went wrong')", () => {
    // What the browser runs as it loads a form page (src/client/form/model.ts): the same engine.
    const { form: files } = readProject(fixture(notin));
    expect(() => assembleForm(files, () => ({}))).toThrow("unknown condition operator notin");
  });

  it("refuses to start on definitions with lint errors, printing each finding as the linter does", () => {
    const root = fixture(notin);
    expect(() => loadServerForm(root)).toThrow(DefinitionErrors);
    expect(() => loadServerForm(root)).toThrow(
      "the definitions have 1 error; the server does not start on them:\n" +
      "form-definitions/page.json:23:9: unknown operator \"notin\"; did you mean `notIn`? (/items/2/showWhen/op)",
    );
  });

  it("starts on definitions the linter passes", () => {
    expect(loadServerForm(fixture()).pageRoutes).toEqual(["/about"]);
  });
});
