import { execFile } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterEach, describe, expect, it } from "vitest";
import { repoRoot } from "./lib/files";
import { formatFinding, lintDefinitions } from "./lint-definitions";

const base = join(repoRoot, "tests/fixtures/lint/base");
const basePage = JSON.parse(readFileSync(join(base, "form-definitions/page.json"), "utf8")) as { items: object[] };
const roots: string[] = [];

afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

/** The base fixture with some files replaced: JSON values are written pretty, strings as they are. */
function fixture(files: Record<string, object | string> = {}): string {
  const root = mkdtempSync(join(tmpdir(), "lint-"));
  roots.push(root);
  cpSync(base, root, { recursive: true });
  for (const [path, content] of Object.entries(files)) {
    writeFileSync(join(root, path), typeof content === "string" ? content : `${JSON.stringify(content, null, 2)}\n`);
  }
  return root;
}

/** The base page with its items changed. */
const page = (change: (items: object[]) => object[]) => ({
  "form-definitions/page.json": { ...basePage, items: change(structuredClone(basePage.items)) },
});

function lint(root: string, format: "text" | "github" = "text"): string[] {
  const { findings, sources } = lintDefinitions(root);
  return findings.map((f) => formatFinding(f, sources, format));
}

describe("lint:definitions", () => {
  it("passes the shipped definitions with no errors and no warnings", async () => {
    expect(lint(repoRoot)).toEqual([]);
  });

  it("passes the small base fixture the other cases break", async () => {
    expect(lint(fixture())).toEqual([]);
  });

  it("names the file, line, column and pointer of a key missing from the data model", async () => {
    const text = `{
  "$schema": "../schemas/form-definition.schema.json",
  "page": "about", "route": "/about", "title": "About You", "step": 1,
  "items": [
    { "type": "text", "key": "first_name", "label": "First Name" },
    { "type": "text", "key": "favourite_colour", "label": "Favourite colour" }
  ]
}
`;
    expect(lint(fixture({ "form-definitions/page.json": text }))).toContain(
      'form-definitions/page.json:6:23: answer key "favourite_colour" is not in the data model (schemas/answers.schema.json) (/items/1/key)',
    );
  });

  it("refuses a key asked on two pages", async () => {
    const second = { $schema: "../schemas/form-definition.schema.json", page: "more", route: "/more", title: "More", step: 2, items: [{ type: "text", key: "first_name", label: "First Name" }] };
    const lines = lint(fixture({ "form-definitions/more.json": second }));
    expect(lines).toContainEqual(expect.stringMatching(/^form-definitions\/more\.json:\d+:\d+: answer key "first_name" is asked on page "about" and again on page "more"; a key belongs to one page \(\/items\/0\)$/));
  });

  it("refuses a key asked twice on one page", async () => {
    const lines = lint(fixture(page((items) => [...items, { type: "text", key: "citizenship", label: "Again" }])));
    expect(lines).toContainEqual(expect.stringContaining('answer key "citizenship" is asked twice on page "about" (first at /items/2/items/0) (/items/6)'));
  });

  it("refuses a lookup that fills a key outside the data model", async () => {
    const lookup = { type: "lookup", key: "first_name", label: "School", category: "hs_ceeb", fills: { name: "first_name", ceeb: "school_code" } };
    const lines = lint(fixture(page((items) => [lookup, ...items.slice(1)])));
    expect(lines).toContainEqual(expect.stringContaining('lookup fills answer key "school_code", which is not in the data model (/items/0/fills/ceeb)'));
  });

  it("refuses a key that repeats its block's prefix", async () => {
    const lines = lint(fixture(page((items) => {
      (items[4] as { items: { key: string }[] }).items[1]!.key = "sibling_age";
      return items;
    })));
    expect(lines).toContainEqual(expect.stringContaining('answer key "sibling_age" repeats its container\'s prefix "sibling_"; write "age", the prefix is added (/items/4/items/1)'));
  });

  it("refuses an add-another group of more than 10 blocks", async () => {
    const lines = lint(fixture(page((items) => {
      (items[4] as { max: number }).max = 11;
      return items;
    })));
    expect(lines).toContainEqual(expect.stringMatching(/^form-definitions\/page\.json:\d+:\d+: add-another max is 11; it may not exceed 10 \(\/items\/4\/max\)$/));
  });

  it("refuses an unknown item type and lists the known ones", async () => {
    const lines = lint(fixture(page((items) => [...items, { type: "slider", key: "first_name", label: "?" }])));
    expect(lines).toEqual([expect.stringMatching(/^form-definitions\/page\.json:\d+:\d+: unknown item type "slider"; use one of text, textarea, .*content \(\/items\/6\/type\)$/)]);
  });

  it("refuses a condition on a key no page asks for", async () => {
    const lines = lint(fixture(page((items) => {
      (items[2] as { showWhen: object }).showWhen = { key: "citizenship_usa", op: "equals", value: "N" };
      return items;
    })));
    expect(lines).toContainEqual(expect.stringContaining('condition reads "citizenship_usa", which no page asks for and is not in the data model (/items/2/showWhen/key)'));
  });

  it("refuses a clearOnHide naming an unknown key", async () => {
    const lines = lint(fixture(page((items) => {
      (items[2] as { clearOnHide: string[] }).clearOnHide = ["toefl"];
      return items;
    })));
    expect(lines).toContainEqual(expect.stringContaining('clearOnHide names "toefl", which is not an answer key of the data model (/items/2/clearOnHide/0)'));
  });

  it("refuses a clearOnHide that can never run", async () => {
    const lines = lint(fixture(page((items) => {
      delete (items[2] as { showWhen?: object }).showWhen;
      return items;
    })));
    expect(lines).toContainEqual(expect.stringContaining("clearOnHide can never run: this item has no hideWhen or showWhen and nothing around it hides (/items/2)"));
  });

  it("refuses two groups with the same id", async () => {
    const lines = lint(fixture(page((items) => {
      (items[5] as { id: string }).id = "siblings";
      return items;
    })));
    expect(lines).toContainEqual(expect.stringContaining('tab group id "siblings" is used by another tab group or add-another group (/items/5)'));
  });

  it("refuses a tab group whose default is not one of its tabs", async () => {
    const lines = lint(fixture(page((items) => {
      (items[5] as { default: string }).default = "type";
      return items;
    })));
    expect(lines).toContainEqual(expect.stringContaining('default tab "type" is not one of this group\'s tabs (write, upload) (/items/5/default)'));
  });

  it("refuses an add-another group inside another one", async () => {
    const lines = lint(fixture(page((items) => {
      (items[4] as { items: object[] }).items.push({ type: "addAnother", id: "pets", max: 2, prefix: "pet_", addLabel: "Add a pet", items: [] });
      return items;
    })));
    expect(lines).toContainEqual(expect.stringContaining("an add-another group cannot sit inside another add-another block (/items/4/items/2)"));
  });

  it("refuses an item with both hideWhen and showWhen", async () => {
    const lines = lint(fixture(page((items) => {
      (items[2] as { hideWhen: object }).hideWhen = { key: "citizenship_us", op: "equals", value: "Y" };
      return items;
    })));
    expect(lines).toContainEqual(expect.stringContaining("an item takes hideWhen or showWhen, not both (/items/2)"));
  });

  it("refuses a choice question without options", async () => {
    const lines = lint(fixture(page((items) => {
      delete (items[1] as { options?: string }).options;
      return items;
    })));
    expect(lines).toContainEqual(expect.stringContaining('radio "citizenship_us" needs options or optionsByAnswer (/items/1)'));
  });

  it("refuses an option list file that does not exist", async () => {
    const lines = lint(fixture(page((items) => {
      (items[1] as { options: string }).options = "options/yes-or-no.json";
      return items;
    })));
    expect(lines).toContainEqual(expect.stringContaining('option list "options/yes-or-no.json" does not exist in form-definitions/ (/items/1/options)'));
  });

  it.each([
    ["lt on a text question", { key: "citizenship", op: "lt", value: 5 }, 'operator "lt" compares numbers or dates, but "citizenship" is a text question (/items/2/showWhen/op)'],
    ["in without a list", { key: "citizenship_us", op: "in", value: "N" }, 'operator "in" needs a list of values, e.g. ["3", "5"] (/items/2/showWhen/value)'],
    ["equals with a list", { key: "citizenship_us", op: "equals", value: ["N"] }, 'operator "equals" compares with one value, not a list; use "in" for a list (/items/2/showWhen/value)'],
    ["a value that is not an option", { key: "citizenship_us", op: "equals", value: "No" }, '"No" is not an option of "citizenship_us" (Y, N) (/items/2/showWhen/value)'],
    ["a boolean for a text question", { key: "first_name", op: "equals", value: true }, '"first_name" is a text question and never stores true (/items/2/showWhen/value)'],
    ["answered with a value", { key: "first_name", op: "answered", value: "x" }, 'operator "answered" takes no value (/items/2/showWhen/value)'],
    ["equals without a value", { key: "first_name", op: "equals" }, 'operator "equals" needs a value (/items/2/showWhen)'],
  ])("refuses a condition with %s", async (_name, condition, expected) => {
    const lines = lint(fixture(page((items) => {
      (items[2] as { showWhen: object }).showWhen = condition;
      return items;
    })));
    expect(lines).toContainEqual(expect.stringContaining(expected));
  });

  it("accepts lt on a number question", async () => {
    const lines = lint(fixture(page((items) => {
      (items[2] as { showWhen: object }).showWhen = { key: "sibling_age", op: "lt", value: 18 };
      return items;
    })));
    expect(lines).toEqual([]);
  });

  it("warns, without failing, about a data-model key no page asks for", async () => {
    const model = JSON.parse(readFileSync(join(base, "schemas/answers.schema.json"), "utf8")) as { properties: Record<string, object> };
    model.properties.shoe_size = { type: "string", maxLength: 3 };
    const lines = lint(fixture({ "schemas/answers.schema.json": model }));
    expect(lines).toEqual([expect.stringMatching(/^schemas\/answers\.schema\.json:\d+:\d+: warning: no page asks for answer key "shoe_size" \(\/properties\/shoe_size\)$/)]);
  });

  it("refuses a rule that names a key outside the data model", async () => {
    const rules = { $id: "rules/basic.schema.json", allOf: [{ required: ["frist_name"], errorMessage: { required: { frist_name: "First Name is required." } } }] };
    const lines = lint(fixture({ "schemas/rules/basic.schema.json": rules }));
    expect(lines).toContainEqual(expect.stringContaining('rule names "frist_name", which is not in the data model (/allOf/0/required/0)'));
  });

  it("refuses a rule with a keyword JSON Schema does not have", async () => {
    const rules = { $id: "rules/basic.schema.json", allOf: [{ requried: ["first_name"] }] };
    const lines = lint(fixture({ "schemas/rules/basic.schema.json": rules }));
    expect(lines).toContainEqual(expect.stringContaining('schemas/rules/basic.schema.json:1:1: not a valid schema: strict mode: unknown keyword: "requried"'));
  });

  it("refuses a definition whose $schema does not point at the format", async () => {
    const lines = lint(fixture({ "form-definitions/page.json": { ...basePage, $schema: "form-definition.schema.json" } }));
    expect(lines).toContainEqual(expect.stringContaining('"$schema" must point at schemas/form-definition.schema.json so editors check this file: write "../schemas/form-definition.schema.json" (/$schema)'));
  });

  it("refuses a question with no label and an unknown property", async () => {
    const lines = lint(fixture(page((items) => [...items, { type: "text", key: "first_name", lable: "First" }])));
    expect(lines).toContainEqual(expect.stringContaining('"label" is required here (/items/6)'));
    expect(lines).toContainEqual(expect.stringContaining('unknown property "lable" (/items/6)'));
  });

  it("refuses a file that is not JSON", async () => {
    const lines = lint(fixture({ "form-definitions/page.json": '{ "page": "about", }' }));
    expect(lines).toEqual([expect.stringMatching(/^form-definitions\/page\.json:1:1: not valid JSON: .+ \(\/\)$/)]);
  });

  it("prints GitHub annotations with --format github", async () => {
    const lines = lint(fixture(page((items) => [...items, { type: "text", key: "nickname", label: "Nickname" }])), "github");
    expect(lines).toEqual([expect.stringMatching(/^::error file=form-definitions\/page\.json,line=\d+,col=\d+,title=lint-definitions::answer key "nickname" is not in the data model \(schemas\/answers\.schema\.json\) \(\/items\/6\/key\)$/)]);
  });

  it("exits 1 on an error and 0 on a clean project, from the command line", async () => {
    const run = promisify(execFile);
    const cli = ["--import", "tsx", "scripts/lint-definitions.ts"];
    await expect(run(process.execPath, [...cli, "--root", fixture()], { cwd: repoRoot })).resolves.toMatchObject({ stdout: "" });
    const broken = fixture(page((items) => [...items, { type: "text", key: "nickname", label: "Nickname" }]));
    await expect(run(process.execPath, [...cli, "--root", broken], { cwd: repoRoot })).rejects.toMatchObject({
      code: 1,
      stdout: expect.stringContaining('answer key "nickname" is not in the data model'),
      stderr: expect.stringContaining("lint:definitions: 1 error, 0 warnings"),
    });
  }, 30_000);
});
