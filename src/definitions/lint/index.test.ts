import { afterEach, describe, expect, it } from "vitest";
import { repoRoot } from "../files";
import { fixture, lint, page, removeFixtures } from "./fixture";

afterEach(removeFixtures);

describe("the linter", () => {
  it("passes the shipped definitions with no errors and no warnings", async () => {
    expect(lint(repoRoot)).toEqual([]);
  });

  it("passes the small base fixture the other cases break", async () => {
    expect(lint(fixture())).toEqual([]);
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

  it("refuses a key that repeats its block's prefix", async () => {
    const lines = lint(fixture(page((items) => {
      (items[4] as { items: { key: string }[] }).items[1]!.key = "sibling_age";
      return items;
    })));
    expect(lines).toContainEqual(expect.stringContaining('answer key "sibling_age" repeats its container\'s prefix "sibling_"; write "age", the prefix is added (/items/4/items/1)'));
  });

  it("refuses an add-another group of more than 10 blocks in one line, not one per block's keys", async () => {
    const lines = lint(fixture(page((items) => {
      (items[4] as { max: number }).max = 12;
      return items;
    })));
    expect(lines).toEqual(["form-definitions/page.json:49:7: add-another max is 12; it may not exceed 10 (/items/4/max)"]);
  });

  it("refuses an add-another max beyond the blocks the data model has keys for, in one line", async () => {
    const lines = lint(fixture(page((items) => {
      (items[4] as { max: number }).max = 4;
      return items;
    })));
    expect(lines).toEqual([`form-definitions/page.json:49:7: add-another "siblings" has max 4, but the data model has keys for 2 blocks: add block 3's keys (sibling_3_first_name, …) and the later blocks' to schemas/answers.schema.json, or lower max to 2 (/items/4/max)`]);
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
    expect(lines).toEqual(["form-definitions/page.json:17:7: option list \"options/yes-or-no.json\" does not exist; did you mean `options/yes-no.json`? (the option lists are options/yes-no.json) (/items/1/options)"]);
  });
});
