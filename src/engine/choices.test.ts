import { beforeAll, describe, expect, it } from "vitest";
import { readProject } from "../definitions/files";
import { choiceLabel, unofferedChoices, withoutChoiceLabels, writeChoiceLabels } from "./choices";
import { validateAnswers, type CompiledForm } from "./form";
import { loadForm } from "./load";

let form: CompiledForm;
beforeAll(() => {
  form = loadForm(readProject().form, { today: "2026-11-22" });
});

describe("choices the form offers", () => {
  it("takes a value of the question's own list, and no other", () => {
    expect(unofferedChoices(form, { conviction: "Y" })).toEqual([]);
    expect(unofferedChoices(form, { conviction: "X" })).toEqual(["conviction"]);
    expect(unofferedChoices(form, { conviction: "" }), "unanswered is always fine").toEqual([]);
    expect(unofferedChoices(form, { conviction: true }), "a tick for a radio").toEqual(["conviction"]);
  });

  it("counts a year list from this year", () => {
    expect(unofferedChoices(form, { address_from_year: "2026" })).toEqual([]);
    expect(unofferedChoices(form, { address_from_year: "1947" })).toEqual([]);
    expect(unofferedChoices(form, { address_from_year: "1946" })).toEqual(["address_from_year"]);
    expect(unofferedChoices(form, { address_from_year: "2027" })).toEqual(["address_from_year"]);
  });

  it("takes the list the controlling answer chooses (a state of the chosen country)", () => {
    expect(unofferedChoices(form, { country: "USA", state: "MA" })).toEqual([]);
    expect(unofferedChoices(form, { country: "CAN", state: "MA" })).toEqual(["state"]);
    expect(unofferedChoices(form, { country: "CAN", state: "ON" })).toEqual([]);
    expect(unofferedChoices(form, { country: "FRA", state: "MA" }), "a country without a state list").toEqual(["state"]);
  });

  it("checks the questions of a block and of a prefixed address by their own lists", () => {
    expect(unofferedChoices(form, { legacy_2_grad_year: "1990", mailing_country: "CAN", mailing_state: "QC" })).toEqual([]);
    expect(unofferedChoices(form, { legacy_2_grad_year: "1901", mailing_country: "CAN", mailing_state: "TX" })).toEqual(["legacy_2_grad_year", "mailing_state"]);
  });

  it("writes each label from its option, and drops labels that were sent", () => {
    const sent = withoutChoiceLabels(form, { conviction: "Y", conviction_desc: "No", first_name: "Ana" });
    expect(sent).toEqual({ conviction: "Y", first_name: "Ana" });
    expect(writeChoiceLabels(form, { ...sent, country: "USA", state: "PA", citizenship_us_desc: "Forged" })).toEqual({
      conviction: "Y", conviction_desc: "Yes", first_name: "Ana", country: "USA", country_desc: "United States", state: "PA", state_desc: "Pennsylvania", citizenship_us_desc: "",
    });
    expect(choiceLabel(form, "conviction", "N", {})).toBe("No");
  });

  it("makes validation report an unoffered choice, as the server refuses it", () => {
    expect(validateAnswers(form, { conviction: "X" }, { today: "2026-11-22" }).conviction).toContain("Please choose one of the answers offered.");
  });
});
