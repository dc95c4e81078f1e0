// The file widget follows the institution's uploads (institution.json), not numbers of its own:
// an office that takes 2 MB of PDF or Word sees its picker, its checks and its messages change.
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, test, vi } from "vitest";
import { useAnswers } from "../state/answers";
import { logIn, sent, testSaver, withTestServer, WithSaver } from "../testing";
import { form } from "../form/model";
import { Items } from "../form/Renderer";

vi.mock("../institution", async (importOriginal) => {
  const original = await importOriginal<typeof import("../institution")>();
  return { ...original, institution: { ...original.institution, uploads: { max_size_mb: 2, types: [".pdf", ".docx"] } } };
});

withTestServer({ conversionPollMs: 20, saveDelayMs: 20 });

function show() {
  logIn({ username: "ada@example.com" });
  testSaver().unsavedChanges("ada@example.com");
  useAnswers.getState().assign({ resume: "Y", resume_pdf: "" });
  render(<Items items={[form.owners.get("resume_pdf")!.item]} level={2} />, { wrapper: WithSaver });
  return userEvent.setup({ applyAccept: false });
}

const fileOf = (name: string, bytes: number) => new File([new Uint8Array(bytes)], name, { type: "application/octet-stream" });

describe("an office's upload settings", () => {
  test("the picker offers the office's types, and the question's hint says what the office takes", async () => {
    show();
    const input = await screen.findByLabelText("Resume");
    expect(input).toHaveAttribute("accept", ".pdf,.docx");
    expect(input).toHaveAccessibleDescription("A .pdf or .docx file of 2 MB or less.");
  });

  test.each([
    ["larger than the office's 2 MB", fileOf("resume.pdf", 2 * 1024 * 1024 + 1), "Your file is too large. The maximum file size is 2 MB."],
    ["of a type the office left out", fileOf("resume.png", 100), "You can only enter the following file types: .pdf, .docx"],
  ])("a file %s is refused with a message naming the office's limit, and nothing is sent", async (_case, file, message) => {
    const user = show();
    await user.upload(await screen.findByLabelText("Resume"), file);
    const problems = await screen.findByRole("alert");
    expect(within(problems).getAllByRole("listitem").map((item) => item.textContent)).toEqual([message]);
    expect(sent.filter((r) => r.path !== "/api/document-answer")).toEqual([]);
  });
});
