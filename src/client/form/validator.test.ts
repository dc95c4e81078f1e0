import { describe, expect, it } from "vitest";
import type { Answers } from "../../engine/runtime";
import fixture from "../../../tests/fixtures/complete-answers.json";
import { loadValidator } from "./validator";

describe("the browser's validator", () => {
  it("is built into the app and words errors as the rules do", async () => {
    const validate = await loadValidator();
    const errors = validate({}, "2026-11-22");
    expect(errors.hs_name).toEqual(["Search for Your School"]);
    const complete = fixture as Answers;
    expect(validate({ ...complete, first_name: "A".repeat(46) }, "2026-11-22").first_name).toHaveLength(1);
  });
});
