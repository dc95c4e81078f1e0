// The preview's own parts: findings placed at their items, the view with a finding beside its
// question, the findings alone when the definitions cannot be drawn, and answers kept in memory.
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { describe, expect, test } from "vitest";
import { form } from "../form/model";
import { labelOf, optionsOf, sent, withTestServer } from "../testing";
import { findingsByItem, type PreviewFinding } from "./findings";
import { BrokenDefinitions } from "./FindingsList";
import { PreviewView } from "./PreviewView";

withTestServer();

const finding = (path: string, pointer: string, message: string, severity: PreviewFinding["severity"] = "error"): PreviewFinding => ({
  path, pointer, line: 14, column: 23, message, severity, text: `${path}:14:23: ${severity === "warning" ? "warning: " : ""}${message} (${pointer})`,
});

describe("placing findings", () => {
  const items = [
    { source: { file: "about.json", pointer: "/items/1" } },
    { source: { file: "about.json", pointer: "/items/1/items/0" } },
    { source: { file: "about.json", pointer: "/items/10" } },
  ];

  test("a finding goes to the item whose pointer is the longest prefix of its own", () => {
    const inner = finding("form-definitions/about.json", "/items/1/items/0/key", "answer key \"x\" is not in the data model");
    const outer = finding("form-definitions/about.json", "/items/1/title", "title is empty");
    const placed = findingsByItem([inner, outer], items);
    expect(placed.get("about.json#/items/1/items/0")).toEqual([inner]);
    expect(placed.get("about.json#/items/1")).toEqual([outer]);
  });

  test("/items/1 does not hold /items/10, and findings in no item stay in the list only", () => {
    const tenth = finding("form-definitions/about.json", "/items/10/label", "label is empty");
    const rule = finding("schemas/rules/academics.schema.json", "/allOf/0", "rule names an unknown key");
    const top = finding("form-definitions/about.json", "", "not JSON");
    const placed = findingsByItem([tenth, rule, top], items);
    expect([...placed.keys()]).toEqual(["about.json#/items/10"]);
  });
});

function renderPreview(findings: PreviewFinding[], path = "/preview") {
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <PreviewView findings={findings} samples={{ complete: { first_name: "Maya", entry_term: optionsOf("entry_term")[0]!.value } }} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe("the preview", () => {
  test("lists every finding with file:line:column and shows it beside the question it is about", () => {
    const { file, pointer } = form.owners.get("first_name")!.item.source;
    const found = finding(`form-definitions/${file}`, `${pointer}/label`, "label is empty", "warning");
    renderPreview([found, finding("schemas/rules/about.schema.json", "/required/0", "no question asks for \"nickname\"")]);
    const list = screen.getByRole("region", { name: "Lint findings: 1 error, 1 warning" });
    expect(within(list).getAllByRole("listitem").map((item) => item.textContent)).toEqual([
      `form-definitions/${file}:14:23: warning: label is empty (${pointer}/label)`,
      "schemas/rules/about.schema.json:14:23: no question asks for \"nickname\" (/required/0)",
    ]);
    const note = screen.getAllByRole("note").find((n) => n.textContent?.startsWith("Warning:"))!;
    expect(note).toHaveTextContent(`Warning: label is empty form-definitions/${file}:14:23`);
    // Beside its question: the note and the question share a frame.
    expect(note.parentElement).toContainElement(screen.getAllByLabelText(labelOf("first_name"))[0]!);
  });

  test("loads the sample answer set the address names, and keeps what is typed in memory only", async () => {
    renderPreview([], "/preview?answers=complete");
    const user = userEvent.setup();
    const firstName = screen.getAllByLabelText(labelOf("first_name"))[0]!;
    expect(firstName).toHaveValue("Maya");
    await user.type(screen.getAllByLabelText(labelOf("last_name"))[0]!, "Okafor");
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(localStorage.length).toBe(0);
    expect(sent).toEqual([]);
  });

  test("shows the findings alone when the definitions cannot be drawn", () => {
    render(<BrokenDefinitions findings={[finding("form-definitions/about.json", "", "Expected double-quoted property name in JSON")]} error={new Error("parse")} />);
    expect(screen.getByRole("alert")).toHaveTextContent("The form cannot be drawn until the errors below are fixed. The preview reloads when a file is saved.");
    expect(screen.getByRole("listitem")).toHaveTextContent("form-definitions/about.json:14:23: Expected double-quoted property name in JSON ()");
  });
});
