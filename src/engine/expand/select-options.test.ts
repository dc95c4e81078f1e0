import { describe, expect, it } from "vitest";
import type { Item, OptionListFile } from "../generated/definition-format";
import { block, expandItems, text } from "./testing";

const states: OptionListFile = { $schema: "", options: [{ value: "PA", label: "Pennsylvania" }, { value: "MA", label: "Massachusetts" }] };
const provinces: OptionListFile = { $schema: "", options: [{ value: "ON", label: "Ontario" }] };
const optionsOf = (item: Item, lists: Record<string, OptionListFile> = {}) => expandItems([item], lists).pages[0]!.items[0]!.options;

describe("the choices of selects and radios", () => {
  it("offers an inline list as written", () => {
    expect(optionsOf({ type: "radio", key: "conviction", label: "Conviction", options: [{ value: "Y", label: "Yes" }, { value: "N", label: "No" }] })).toEqual({
      kind: "list", options: [{ value: "Y", label: "Yes" }, { value: "N", label: "No" }],
    });
  });

  it("offers the list of an option list file", () => {
    expect(optionsOf({ type: "select", key: "state", label: "State", options: "options/us-states.json" }, { "options/us-states.json": states })).toEqual({ kind: "list", options: states.options });
  });

  it("counts a year list from the current year", () => {
    expect(optionsOf({ type: "select", key: "grad_year", label: "Year", options: { years: { count: 3, direction: "past" } } })).toEqual({
      kind: "list", options: [{ value: "2026", label: "2026" }, { value: "2025", label: "2025" }, { value: "2024", label: "2024" }],
    });
  });

  it("refuses an option list file that does not exist, and offers no choices", () => {
    const { findings, pages } = expandItems([{ type: "select", key: "state", label: "State", options: "options/states.json" }]);
    expect(findings).toEqual([{ code: "missing-option-list", message: 'option list "options/states.json" does not exist in form-definitions/', source: { file: "about.json", pointer: "/items/0/options" }, severity: "error" }]);
    expect(pages[0]!.items[0]!.options).toEqual({ kind: "list", options: [] });
  });

  it("offers the list the controlling answer chooses, and clears this answer when that answer changes", () => {
    const state: Item = { type: "select", key: "state", label: "State", optionsByAnswer: { key: "country", lists: { USA: "options/us-states.json", CAN: "options/provinces.json" } } };
    const { pages, dependents, references } = expandItems([text("country"), state], { "options/us-states.json": states, "options/provinces.json": provinces });
    expect(pages[0]!.items[1]!.options).toEqual({ kind: "byAnswer", controlKey: "country", lists: { USA: states.options, CAN: provinces.options } });
    expect(dependents).toEqual([{ key: "state", controlKey: "country" }]);
    expect(references).toEqual([{ key: "country", kind: "condition", source: { file: "about.json", pointer: "/items/1/optionsByAnswer/key" }, comparison: undefined }]);
  });

  it("follows the controlling answer of its own block", () => {
    const state: Item = { type: "select", key: "state", label: "State", optionsByAnswer: { key: "country", lists: { CAN: [{ value: "ON", label: "Ontario" }] } } };
    expect(expandItems([block("parents", "parent_", 2, [text("country"), state])]).dependents).toEqual([
      { key: "parent_state", controlKey: "parent_country" },
      { key: "parent_2_state", controlKey: "parent_2_country" },
    ]);
  });

  it("refuses a missing list file under optionsByAnswer, pointing at its value", () => {
    const state: Item = { type: "select", key: "state", label: "State", optionsByAnswer: { key: "country", lists: { CAN: "options/provinces.json" } } };
    expect(expandItems([text("country"), state]).findings).toEqual([{
      code: "missing-option-list",
      message: 'option list "options/provinces.json" does not exist in form-definitions/',
      source: { file: "about.json", pointer: "/items/1/optionsByAnswer/lists/CAN" },
      severity: "error",
    }]);
  });

  it("refuses a select with neither options nor optionsByAnswer", () => {
    const { findings, pages } = expandItems([{ type: "select", key: "state", label: "State" }]);
    expect(findings).toEqual([{ code: "missing-options", message: 'select "state" needs options or optionsByAnswer', source: { file: "about.json", pointer: "/items/0" }, severity: "error" }]);
    expect(pages[0]!.items[0]!.options).toBeUndefined();
  });
});
