import { describe, expect, it } from "vitest";
import type { Item } from "../generated/definition-format";
import { expandItems, expandPages, page, select, text } from "./testing";

describe("the chosen label stored beside a select or radio", () => {
  it("stores a select's label under {key}_desc, asked by the select", () => {
    const { pages, owners, companions } = expandItems([select("citizenship_us")]);
    expect(pages[0]!.items[0]!.keys).toEqual(["citizenship_us", "citizenship_us_desc"]);
    expect(owners.get("citizenship_us_desc")!.item).toBe(pages[0]!.items[0]);
    expect([...companions]).toEqual([["citizenship_us", "citizenship_us_desc"]]);
  });

  it("stores a radio's label too, and a checkbox's not", () => {
    const radio: Item = { type: "radio", key: "conviction", label: "Conviction", options: [{ value: "N", label: "No" }] };
    const { companions } = expandItems([radio, { type: "checkbox", key: "agree", label: "I agree" }]);
    expect([...companions]).toEqual([["conviction", "conviction_desc"]]);
  });

  it("refuses a question whose key is a select's label key", () => {
    expect(expandItems([select("country"), text("country_desc")]).findings).toEqual([{
      code: "duplicate-key",
      message: 'answer key "country_desc" is asked twice on page "about" (first at /items/0)',
      source: { file: "about.json", pointer: "/items/1" },
      first: { file: "about.json", pointer: "/items/0" },
      severity: "error",
    }]);
  });

  it("clears a select's label with it when a clearOnHide names the select", () => {
    const note: Item = { type: "content", text: "Note", hideWhen: { key: "x", op: "answered" }, clearOnHide: ["citizenship_us", "first_name"] };
    expect(expandItems([select("citizenship_us"), text("first_name"), note]).gates[0]!.clearOnHide).toEqual(["citizenship_us", "citizenship_us_desc", "first_name"]);
  });

  it("clears the label of a select on a later page that a clearOnHide names", () => {
    const note: Item = { type: "content", text: "Note", hideWhen: { key: "x", op: "answered" }, clearOnHide: ["entry_term"] };
    const { gates } = expandPages({ "about.json": page("about", 1, [note]), "more.json": page("more", 2, [select("entry_term")]) });
    expect(gates[0]!.clearOnHide).toEqual(["entry_term", "entry_term_desc"]);
  });

  it("lists the label among the keys of the condition the select sits behind", () => {
    const { gates } = expandItems([{ ...select("citizenship_us"), showWhen: { key: "x", op: "answered" } }]);
    expect(gates[0]!.keys).toEqual(["citizenship_us", "citizenship_us_desc"]);
  });
});
