import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ITEM_TYPES, QUESTION_TYPES } from "../engine/runtime";
import { formatTypesPath, renderFormatTypes } from "./generate-types";

describe("the definition format", () => {
  it("describes every property, so staff's editors explain what they complete", () => {
    const schema = JSON.parse(readFileSync("schemas/form-definition.schema.json", "utf8")) as Record<string, unknown>;
    const undescribed: string[] = [];
    const visit = (node: unknown, path: string) => {
      if (typeof node !== "object" || node === null) return;
      const object = node as Record<string, unknown>;
      for (const [name, property] of Object.entries((object.properties ?? {}) as Record<string, Record<string, unknown>>)) {
        if (typeof property.description !== "string" || property.description.length < 8) undescribed.push(`${path}/properties/${name}`);
      }
      for (const [key, child] of Object.entries(object)) visit(child, `${path}/${key}`);
    };
    visit(schema, "");
    expect(undescribed).toEqual([]);
  });

  it("has TypeScript types that match schemas/form-definition.schema.json (run npm run generate:types after changing the schema)", async () => {
    expect(readFileSync(formatTypesPath, "utf8")).toBe(await renderFormatTypes());
  });

  it("lists as question types the items an applicant answers, not the containers", () => {
    expect(QUESTION_TYPES).toContain("checkboxes");
    expect(QUESTION_TYPES).not.toContain("section");
    expect(ITEM_TYPES.filter((type) => !(QUESTION_TYPES as readonly string[]).includes(type))).toEqual(["address", "section", "tabs", "addAnother", "content"]);
  });
});
