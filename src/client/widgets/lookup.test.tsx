// The lookup widget before its combo box has loaded: the
// plain text input a prerendered page shows (src/client/prerender.tsx) and React takes over as
// drawn, and what is typed into it meanwhile. The combo box itself: LookupCombo.test.tsx.
// The first test needs the combo box not loaded yet: it stays first in this file, which runs with
// fresh modules (vite.config.ts).
import { act, fireEvent, render, screen } from "@testing-library/react";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { afterEach, beforeEach, describe, expect, test, vi, type MockInstance } from "vitest";
import { useAnswers } from "../state/answers";
import { withTestServer, WithSaver } from "../testing";
import { form } from "../form/model";
import { Items } from "../form/Renderer";

withTestServer();

const schoolName = () => form.owners.get("hs_name")!.item;

let consoleError: MockInstance<typeof console.error>;
beforeEach(() => {
  consoleError = vi.spyOn(console, "error");
});
afterEach(() => consoleError.mockRestore());

describe("before the combo box loads", () => {
  test("what is typed is the answer, and the combo box takes over the text, the focus and the caret", async () => {
    useAnswers.getState().assign({ hs_name: "Central High School", hs_ceeb: "220001", hs_city: "Boston" });
    render(<Items items={[schoolName()]} level={2} />, { wrapper: WithSaver });
    const plain = screen.getByRole<HTMLInputElement>("textbox", { name: "School Name" });
    expect(plain).toHaveAttribute("id", "hs_name");
    expect(plain).toHaveAccessibleDescription("Start typing your school's name and choose it from the list.");
    plain.focus();
    fireEvent.change(plain, { target: { value: "Riverside Home School" } });
    plain.setSelectionRange(9, 9);
    // Typed, not chosen: the last choice's code and address go with it, as in the combo box.
    expect(useAnswers.getState().answers).toMatchObject({ hs_name: "Riverside Home School", hs_ceeb: "", hs_city: "" });
    expect(screen.getByText("Enter your school information below.")).toBeVisible();

    const combo = await screen.findByRole("combobox", { name: "School Name" });
    expect(combo).toHaveAttribute("id", "hs_name");
    expect(combo).toHaveValue("Riverside Home School");
    expect(combo).toHaveFocus();
    expect([(combo as HTMLInputElement).selectionStart, (combo as HTMLInputElement).selectionEnd]).toEqual([9, 9]);
    expect(combo).toHaveAccessibleDescription("Start typing your school's name and choose it from the list. Enter your school information below.");
  });
});

describe("a page drawn ahead", () => {
  test("shows the plain input, and React takes it over as drawn before the combo box comes", async () => {
    const html = renderToString(<WithSaver><Items items={[schoolName()]} level={2} /></WithSaver>);
    expect(html).toContain('id="hs_name"');
    expect(html).not.toContain("combobox");
    const container = document.createElement("div");
    container.innerHTML = html;
    document.body.append(container);
    const recoverable: unknown[] = [];
    const root = await act(async () => hydrateRoot(container, <WithSaver><Items items={[schoolName()]} level={2} /></WithSaver>, { onRecoverableError: (error) => void recoverable.push(error) }));
    try {
      await screen.findByRole("combobox", { name: "School Name" });
      expect(recoverable, "no hydration mismatch").toEqual([]);
      expect(consoleError).not.toHaveBeenCalled();
    } finally {
      act(() => root.unmount());
      container.remove();
    }
  });
});
