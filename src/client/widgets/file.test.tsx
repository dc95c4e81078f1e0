// The file widget:
// the Resume question drawn alone, a file chosen as a person would, and the calls it makes — the
// presigned post, the upload, the conversion and its polling, the deletes — checked against msw.
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { http, HttpResponse } from "msw";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import type { Answers, ViewItem } from "../../engine/runtime";
import { useAnswers } from "../state/answers";
import { CONVERSION_POLL_MS } from "../state/saver";
import { ToastList, toasts } from "../ui/Toasts";
import { labelOf, logIn, sent, sentTo, server, testSaver, url, withTestServer, WithSaver } from "../testing";
import { form } from "../form/model";
import { Items } from "../form/Renderer";
import { useUploadFailures } from "../form/documents";
import { ErrorScreen } from "../shell/ErrorScreen";
import { ErrorBoundary } from "../ui/ErrorBoundary";

withTestServer({ conversionPollMs: 20, saveDelayMs: 20 });

const LABEL = labelOf("resume_pdf");
const HELP = "A .png, .jpeg, .jpg, .pdf or .docx file of 1 MB or less.";
const TOO_LARGE = "Your file is too large. The maximum file size is 1 MB.";
const WRONG_TYPE = "You can only enter the following file types: .png, .jpeg, .jpg, .pdf, .docx";
const NAME_TOO_LONG = "The name of your file is too long. File name can have a maximum of 32 characters, including the extension.";
const EMPTY = "Your file is empty. Please upload a non-empty file.";
const FILE_KEY = "documents/ada/resume_pdf/3f2a";

let consoleError: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  consoleError = vi.spyOn(console, "error").mockImplementation(() => {});
});
afterEach(() => {
  consoleError.mockRestore();
  useUploadFailures.setState({}, true);
});

const resume = (): ViewItem => form.owners.get("resume_pdf")!.item;
const answers = (): Answers => useAnswers.getState().answers;

/** The Resume question (shown when resume is Y) with the corner toasts, under the app's error boundary; a logged-in applicant unless `visitor`. */
function show({ visitor = false, answer = "" } = {}) {
  if (!visitor) {
    logIn({ username: "ada@example.com" });
    testSaver().unsavedChanges("ada@example.com");
  }
  useAnswers.getState().assign({ resume: "Y", resume_pdf: answer });
  const user = userEvent.setup({ applyAccept: false });
  const view = render(
    <>
      <ErrorBoundary pathname="/education" fallback={<ErrorScreen />}>
        <Items items={[resume()]} level={2} />
      </ErrorBoundary>
      <ToastList toasts={toasts} placement="corner" label="Notifications" />
    </>,
    { wrapper: WithSaver },
  );
  return { user, ...view };
}

const fileInput = () => screen.findByLabelText(LABEL);
const fileOf = (name: string, bytes: number, type = "application/pdf") => new File([new Uint8Array(bytes)], name, { type });

/** What the control sent besides asking for the stored list. */
const sentForUpload = () => sent.filter((r) => !(r.method === "GET" && r.path === "/api/document-answer"));

/** The texts of the elements an element's aria-describedby points at. */
function descriptions(element: Element): string[] {
  const ids = (element.getAttribute("aria-describedby") ?? "").split(/\s+/).filter(Boolean);
  return ids.map((id) => document.getElementById(id)?.textContent ?? `(no element #${id})`);
}

/** A promise the test settles: holds a handler's answer until the test has looked. */
function gate() {
  let open = () => {};
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

/** The server's side of an upload: statuses answered in turn (the last repeats), and the stored list after it. */
function serveUpload({ statuses = ["IN_PROGRESS", "COMPLETED"], message = null as string | null, uploadAt = url("/upload"), hold = Promise.resolve(), refusal = null as { status: number; body: Record<string, string> } | null } = {}) {
  let polls = 0;
  let uploaded = false;
  server.use(
    http.post(url("/api/presigned-url"), () => HttpResponse.json({ url: uploadAt, fields: { key: FILE_KEY, policy: "eyJjb25kaXRpb25zIjpbXX0=" } })),
    http.post(uploadAt, async () => {
      await hold;
      if (refusal) return HttpResponse.json(refusal.body, { status: refusal.status });
      uploaded = true;
      return new HttpResponse(null, { status: 204 });
    }),
    http.post(url("/api/pdf/document-answer/resume_pdf"), () => HttpResponse.json({ status: "UNPROCESSED" })),
    http.get(url("/api/pdf/document-answer/resume_pdf"), () => {
      const status = statuses[Math.min(polls++, statuses.length - 1)];
      return HttpResponse.json({ status, message: status === "FAILED" ? message : null });
    }),
    http.get(url("/api/document-answer"), () => HttpResponse.json(uploaded ? { resume_pdf: { file_name: "resume.pdf", file_size: 524288 } } : {})),
    http.put(url("/api/answer"), () => HttpResponse.json({ message: "Saved.", revision: 2, cleared: [] })),
  );
}

describe("visitors", () => {
  test("read that it can be finished once they have an account, and get no control", () => {
    show({ visitor: true });
    expect(screen.getByText(LABEL)).toBeInTheDocument();
    expect(screen.getByText("This question can be finished once you have created an account.")).toBeInTheDocument();
    expect(screen.getByText(HELP)).toBeInTheDocument();
    expect(document.querySelector("input")).toBeNull();
    expect(screen.queryByRole("button")).not.toBeInTheDocument();
  });
});

describe("choosing a file", () => {
  test("a file input labelled by the question and its 'Choose file' button, taking the five types, reached by Tab", async () => {
    const { user } = show();
    const input = await fileInput();
    expect(input).toHaveAttribute("type", "file");
    expect(input).toHaveAttribute("accept", ".png,.jpeg,.jpg,.pdf,.docx");
    expect(input).not.toHaveAttribute("multiple");
    expect(input).toHaveAccessibleName(`${LABEL} Choose file`);
    expect(input).toHaveAccessibleDescription(HELP);
    expect(screen.getByText("Choose file")).toBeInTheDocument();
    await user.tab();
    expect(input).toHaveFocus();
    expect(screen.queryByText("This question can be finished once you have created an account.")).not.toBeInTheDocument();
  });

  test.each([
    ["larger than 1 MB", fileOf("resume.pdf", 1024 * 1024 + 1), TOO_LARGE],
    ["of another type", fileOf("resume.txt", 100, "text/plain"), WRONG_TYPE],
    ["named with more than 32 characters", fileOf(`${"r".repeat(29)}.pdf`, 100), NAME_TOO_LONG],
    ["empty", fileOf("resume.pdf", 0), EMPTY],
  ])("a file %s is refused with the spec's message, and nothing is sent", async (_case, file, message) => {
    const { user } = show();
    const input = await fileInput();
    await user.upload(input, file);
    const problems = await screen.findByRole("alert");
    expect(within(problems).getAllByRole("listitem").map((item) => item.textContent)).toEqual([message]);
    expect(input).toHaveAttribute("aria-invalid", "true");
    expect(descriptions(input)).toEqual([HELP, message]);
    expect(sentForUpload()).toEqual([]);
    expect(answers().resume_pdf).toBe("");
  });

  test("every rule a file breaks shows at once; a good file then clears them", async () => {
    serveUpload();
    const { user } = show();
    const input = await fileInput();
    await user.upload(input, fileOf("a-very-long-name-for-my-resume-file.txt", 2 * 1024 * 1024, "text/plain"));
    const problems = await screen.findByRole("alert");
    expect(within(problems).getAllByRole("listitem").map((item) => item.textContent)).toEqual([TOO_LARGE, WRONG_TYPE, NAME_TOO_LONG]);

    await user.upload(input, fileOf("empty-file-with-a-long-name.docx.txt", 0, "text/plain"));
    expect(within(screen.getByRole("alert")).getAllByRole("listitem").map((item) => item.textContent)).toEqual([WRONG_TYPE, NAME_TOO_LONG, EMPTY]);
    expect(sentForUpload()).toEqual([]);

    await user.upload(input, fileOf("Resume.PDF", 2048));
    expect(await screen.findByText("512KB")).toBeInTheDocument();
    expect(screen.queryByText(WRONG_TYPE)).not.toBeInTheDocument();
  });
});

describe("uploading", () => {
  test("queued answers and the presigned post first, then the upload with a progress bar, the conversion polled, and the file shown as 512KB", async () => {
    const upload = gate();
    serveUpload({ statuses: ["UNPROCESSED", "IN_PROGRESS", "COMPLETED"], hold: upload.opened });
    const { user } = show();
    testSaver().recordChanges({ zeemee_url: "https://zeemee.example/ada" });
    await user.upload(await fileInput(), fileOf("resume.pdf", 524288));

    // Sending: a labelled progress bar, read out politely.
    const progress = await screen.findByRole("progressbar", { name: "Uploading resume.pdf" });
    expect(progress).toHaveAttribute("max", "100");
    expect(screen.getByRole("status")).toHaveTextContent("Uploading resume.pdf");
    expect(screen.getByRole("status")).toHaveFocus();
    expect(sentTo("PUT", "/api/answer").map((r) => r.body)).toEqual([{ zeemee_url: "https://zeemee.example/ada" }]);
    expect(sentTo("POST", "/api/presigned-url").map((r) => r.body)).toEqual([{ answer_key: "resume_pdf" }]);
    upload.open();

    // Converting: a note until COMPLETED.
    expect(await screen.findByText("Processing resume.pdf. This can take a minute.")).toBeInTheDocument();
    expect(screen.getByRole("status")).toHaveTextContent("Processing resume.pdf");

    // Stored: name and size, the answer ANSWERED and saved.
    const size = await screen.findByText("512KB");
    expect(size.closest(".file-name")).toHaveTextContent("resume.pdf 512KB");
    expect(answers().resume_pdf).toBe("ANSWERED");
    await waitFor(() => expect(sentTo("PUT", "/api/answer").map((r) => r.body)).toContainEqual({ resume_pdf: "ANSWERED" }));
    expect(screen.getByRole("button", { name: "Delete" })).toHaveFocus();

    const formData = sentTo("POST", "/upload")[0]!.body as string;
    expect(formData).toContain(FILE_KEY);
    expect(formData.indexOf('name="key"')).toBeLessThan(formData.indexOf('name="file"'));
    expect(sentTo("POST", "/api/pdf/document-answer/resume_pdf").map((r) => r.body)).toEqual([{ file_key: FILE_KEY, file_name: "resume.pdf" }]);
    expect(sentTo("GET", "/api/pdf/document-answer/resume_pdf")).toHaveLength(3);
    const order = sent.map((r) => `${r.method} ${r.path}`).filter((call) => !call.startsWith("PUT"));
    expect(order).toEqual([
      "GET /api/document-answer",
      "POST /api/presigned-url",
      "POST /upload",
      "POST /api/pdf/document-answer/resume_pdf",
      "GET /api/pdf/document-answer/resume_pdf",
      "GET /api/pdf/document-answer/resume_pdf",
      "GET /api/pdf/document-answer/resume_pdf",
      "GET /api/document-answer",
    ]);
  });

  test("to another origin (S3): a no-cors post, and a progress bar that cannot tell how far it is", async () => {
    const upload = gate();
    serveUpload({ uploadAt: "https://uploads.example/bucket", hold: upload.opened });
    const { user } = show();
    await user.upload(await fileInput(), fileOf("resume.pdf", 524288));
    const progress = await screen.findByRole("progressbar", { name: "Uploading resume.pdf" });
    expect(progress).not.toHaveAttribute("value");
    upload.open();
    expect(await screen.findByText("512KB")).toBeInTheDocument();
    expect(answers().resume_pdf).toBe("ANSWERED");
  });

  test("polls every 2000 ms", async () => {
    expect(CONVERSION_POLL_MS).toBe(2000);
    testSaver({ conversionPollMs: CONVERSION_POLL_MS });
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ["setTimeout"] });
    try {
      serveUpload({ statuses: ["IN_PROGRESS", "COMPLETED"] });
      const { user } = show();
      await user.upload(await fileInput(), fileOf("resume.pdf", 524288));
      await waitFor(() => expect(sentTo("POST", "/api/pdf/document-answer/resume_pdf")).toHaveLength(1));
      await vi.advanceTimersByTimeAsync(1900);
      expect(sentTo("GET", "/api/pdf/document-answer/resume_pdf")).toHaveLength(0);
      await vi.advanceTimersByTimeAsync(150);
      await waitFor(() => expect(sentTo("GET", "/api/pdf/document-answer/resume_pdf")).toHaveLength(1));
      await vi.advanceTimersByTimeAsync(1800);
      expect(sentTo("GET", "/api/pdf/document-answer/resume_pdf")).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(250);
      await waitFor(() => expect(sentTo("GET", "/api/pdf/document-answer/resume_pdf")).toHaveLength(2));
      expect(await screen.findByText("512KB")).toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });

  test("the file store refuses the upload: its words show in 'Error uploading file for Resume', and nothing is converted", async () => {
    const expired = "This upload form has expired. Please try again.";
    serveUpload({ refusal: { status: 403, body: { message: expired, code: "uploadExpired" } } });
    const { user } = show();
    await user.upload(await fileInput(), fileOf("resume.pdf", 524288));

    const toast = await screen.findByRole("alertdialog", { name: "File Upload Error" });
    expect(within(toast).getByText(`Error uploading file for ${LABEL}`)).toBeInTheDocument();
    expect(within(toast).getByText(expired)).toBeInTheDocument();
    expect(sentTo("POST", "/api/pdf/document-answer/resume_pdf")).toEqual([]);
  });

  test("FAILED: the answer is cleared, and the server's reason shows at the question and in 'Error uploading file for Resume'", async () => {
    serveUpload({ statuses: ["IN_PROGRESS", "FAILED"], message: "The file could not be read as a PDF." });
    const { user } = show({ answer: "ANSWERED" });
    await user.upload(await fileInput(), fileOf("resume.pdf", 524288));

    const toast = await screen.findByRole("alertdialog", { name: "File Upload Error" });
    expect(within(toast).getByText(`Error uploading file for ${LABEL}`)).toBeInTheDocument();
    expect(within(toast).getByText("The file could not be read as a PDF.")).toBeInTheDocument();
    expect(answers().resume_pdf).toBe("");
    await waitFor(() => expect(sentTo("PUT", "/api/answer").map((r) => r.body)).toContainEqual({ resume_pdf: "" }));
    expect(screen.queryByRole("progressbar")).not.toBeInTheDocument();

    // At the question itself, after the toast is gone: the reason, and a way to try again.
    await user.click(within(toast).getByRole("button", { name: "Close" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument());
    expect(screen.getByRole("alert")).toHaveTextContent("resume.pdf: The file could not be read as a PDF.");
    const again = screen.getByRole("button", { name: `${LABEL} Try another file` });
    expect(again).toHaveAccessibleDescription("resume.pdf: The file could not be read as a PDF.");
    expect(document.querySelector(".file-choose")).toBeNull();
  });

  test("'Try another file' opens the file picker, by keyboard too; the file chosen there is uploaded", async () => {
    serveUpload({ statuses: ["FAILED"], message: "The file could not be read as a PDF." });
    const { user } = show();
    await user.upload(await fileInput(), fileOf("resume.pdf", 524288));
    const again = await screen.findByRole("button", { name: `${LABEL} Try another file` });
    await waitFor(() => expect(again).toHaveFocus());

    const picker = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    expect(picker).toHaveAttribute("accept", ".png,.jpeg,.jpg,.pdf,.docx");
    const opened = vi.fn();
    picker.addEventListener("click", opened);
    await user.keyboard("{Enter}");
    expect(opened).toHaveBeenCalledTimes(1);

    serveUpload({ statuses: ["COMPLETED"] });
    await user.upload(picker, fileOf("resume.pdf", 524288));
    expect(await screen.findByText("512KB")).toBeInTheDocument();
    expect(answers().resume_pdf).toBe("ANSWERED");
    expect(screen.queryByRole("button", { name: `${LABEL} Try another file` })).not.toBeInTheDocument();
    expect(document.querySelector(".file-control")).not.toHaveTextContent("could not be read");
  });

  test("NOT_ANSWERED (the document was deleted meanwhile) ends polling without an error: no toast, the answer cleared", async () => {
    serveUpload({ statuses: ["IN_PROGRESS", "NOT_ANSWERED"] });
    const { user } = show();
    await user.upload(await fileInput(), fileOf("resume.pdf", 524288));
    await waitFor(() => expect(sentTo("GET", "/api/pdf/document-answer/resume_pdf")).toHaveLength(2));
    expect(await fileInput()).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(sentTo("GET", "/api/pdf/document-answer/resume_pdf"), "polling has ended").toHaveLength(2);
    expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument();
    expect(screen.queryByText("Try another file")).not.toBeInTheDocument();
    expect(screen.getByRole("alert")).toBeEmptyDOMElement();
    expect(consoleError).not.toHaveBeenCalled();
    expect(answers().resume_pdf).toBe("");
  });

  test("a refused presigned post: no upload, the answer cleared, the error toast with the server's message", async () => {
    server.use(http.post(url("/api/presigned-url"), () => HttpResponse.json({ message: "Storage is unavailable." }, { status: 503 })));
    server.use(http.put(url("/api/answer"), () => HttpResponse.json({ message: "Saved.", revision: 2, cleared: [] })));
    const { user } = show();
    await user.upload(await fileInput(), fileOf("resume.pdf", 524288));
    const toast = await screen.findByRole("alertdialog", { name: "File Upload Error" });
    expect(within(toast).getByText(`Error uploading file for ${LABEL}`)).toBeInTheDocument();
    expect(within(toast).getByText("Storage is unavailable.")).toBeInTheDocument();
    expect(sentTo("POST", "/upload")).toEqual([]);
    expect(sentTo("POST", "/api/pdf/document-answer/resume_pdf")).toEqual([]);
    expect(answers().resume_pdf).toBe("");
  });
});

describe("an upload error nobody has seen", () => {
  test("a fault of our own code is thrown to the error boundary, not shown as a toast; once thrown, the question is ready again", async () => {
    // An upload form without its fields: the upload cannot even be addressed, and no message for the applicant says why.
    server.use(
      http.post(url("/api/presigned-url"), () => HttpResponse.json({ url: url("/upload") })),
      http.put(url("/api/answer"), () => HttpResponse.json({ message: "Saved.", revision: 2, cleared: [] })),
    );
    const { user, unmount } = show();
    await user.upload(await fileInput(), fileOf("resume.pdf", 524288));
    expect(await screen.findByRole("heading", { name: "Something went wrong." })).toBeInTheDocument();
    expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument();
    expect(consoleError).toHaveBeenCalledWith("Route error", expect.any(TypeError));
    expect(answers().resume_pdf).toBe("");
    expect(sentTo("POST", "/upload")).toEqual([]);

    await waitFor(() => expect(useUploadFailures.getState()).toEqual({}));
    unmount();
    show();
    expect(await fileInput()).toBeInTheDocument();
  });

  test("a failure the applicant has been shown (the server's refusal) stays at the question, not thrown", async () => {
    server.use(
      http.post(url("/api/presigned-url"), () => HttpResponse.json({ message: "Storage is unavailable." }, { status: 503 })),
      http.put(url("/api/answer"), () => HttpResponse.json({ message: "Saved.", revision: 2, cleared: [] })),
    );
    const { user } = show();
    await user.upload(await fileInput(), fileOf("resume.pdf", 524288));
    expect(await screen.findByRole("button", { name: `${LABEL} Try another file` })).toBeInTheDocument();
    expect(document.querySelector(".file-failed [role=alert]")).toHaveTextContent("resume.pdf: Storage is unavailable.");
    expect(screen.queryByRole("heading", { name: "Something went wrong." })).not.toBeInTheDocument();
  });
});

describe("a stored document", () => {
  function serveStored() {
    let deleted = false;
    server.use(
      http.get(url("/api/document-answer"), () => HttpResponse.json(deleted ? {} : { resume_pdf: { file_name: "resume.pdf", file_size: 524288 } })),
      http.delete(url("/api/document-answer/resume_pdf"), () => {
        deleted = true;
        return HttpResponse.json({ message: "Deleted." });
      }),
      http.delete(url("/api/pdf/document-answer/resume_pdf"), () => HttpResponse.json({ message: "Deleted." })),
      http.put(url("/api/answer"), () => HttpResponse.json({ message: "Saved.", revision: 2, cleared: [] })),
    );
  }

  test("shows its first page, its name and size; Delete asks first, Cancel keeps it", async () => {
    serveStored();
    const { user } = show({ answer: "ANSWERED" });
    expect(await screen.findByText("512KB")).toBeInTheDocument();
    const thumbnail = screen.getByRole("img", { name: "First page of resume.pdf" });
    expect(thumbnail).toHaveAttribute("src", "/api/document-answer/resume_pdf/thumbnail?of=524288%3Aresume.pdf");
    const remove = screen.getByRole("button", { name: "Delete" });
    expect(remove).toHaveAccessibleDescription("resume.pdf 512KB");
    expect(document.querySelector("input[type=file]")).toBeNull();

    await user.click(remove);
    const dialog = await screen.findByRole("dialog", { name: "Delete File" });
    expect(within(dialog).getByText("Are you sure you want to delete your file?")).toBeInTheDocument();
    expect(within(dialog).getAllByRole("button").map((b) => b.textContent)).toEqual(["Cancel", "Delete"]);
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(sentTo("DELETE", "/api/document-answer/resume_pdf")).toEqual([]);
    expect(sentTo("DELETE", "/api/pdf/document-answer/resume_pdf")).toEqual([]);
    expect(screen.getByText("512KB")).toBeInTheDocument();
    expect(answers().resume_pdf).toBe("ANSWERED");
  });

  test("without a thumbnail (its first page could not be drawn), the document shows without one", async () => {
    serveStored();
    show({ answer: "ANSWERED" });
    fireEvent.error(await screen.findByRole("img", { name: "First page of resume.pdf" }));
    expect(screen.queryByRole("img")).not.toBeInTheDocument();
    expect(screen.getByText("512KB")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Delete" })).toBeInTheDocument();
    expect(screen.queryByRole("alert", { name: /./ })).not.toBeInTheDocument();
  });

  test("Delete in the dialog deletes the document and its PDF, clears the answer and fetches the list again", async () => {
    serveStored();
    const { user } = show({ answer: "ANSWERED" });
    await user.click(await screen.findByRole("button", { name: "Delete" }));
    const dialog = await screen.findByRole("dialog", { name: "Delete File" });
    await user.click(within(dialog).getByRole("button", { name: "Delete" }));

    expect(await fileInput()).toBeInTheDocument();
    expect(sent.map((r) => `${r.method} ${r.path}`).filter((call) => !call.startsWith("PUT"))).toEqual([
      "GET /api/document-answer",
      "DELETE /api/document-answer/resume_pdf",
      "DELETE /api/pdf/document-answer/resume_pdf",
      "GET /api/document-answer",
    ]);
    expect(answers().resume_pdf).toBe("");
    expect(screen.queryByText("512KB")).not.toBeInTheDocument();
    await waitFor(() => expect(sentTo("PUT", "/api/answer").map((r) => r.body)).toEqual([{ resume_pdf: "" }]));
  });

  test("by keyboard: Enter opens the dialog, Escape closes it, Tab and Enter delete; the focus lands on the file input", async () => {
    serveStored();
    const { user } = show({ answer: "ANSWERED" });
    const remove = await screen.findByRole("button", { name: "Delete" });
    await user.tab();
    expect(remove).toHaveFocus();
    await user.keyboard("{Enter}");
    const dialog = await screen.findByRole("dialog", { name: "Delete File" });
    await waitFor(() => expect(dialog).toContainElement(document.activeElement as HTMLElement));
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    await waitFor(() => expect(remove).toHaveFocus());
    expect(sentTo("DELETE", "/api/document-answer/resume_pdf")).toEqual([]);

    await user.keyboard("{Enter}");
    const again = await screen.findByRole("dialog", { name: "Delete File" });
    const confirm = within(again).getByRole("button", { name: "Delete" });
    while (document.activeElement !== confirm) await user.tab();
    await user.keyboard("{Enter}");
    const input = await fileInput();
    await waitFor(() => expect(input).toHaveFocus());
    expect(sentTo("DELETE", "/api/document-answer/resume_pdf")).toHaveLength(1);
    expect(sentTo("DELETE", "/api/pdf/document-answer/resume_pdf")).toHaveLength(1);
  });

  test("a failed delete keeps the document and says so", async () => {
    serveStored();
    server.use(http.delete(url("/api/document-answer/resume_pdf"), () => HttpResponse.json({ message: "Storage is unavailable." }, { status: 503 })));
    const { user } = show({ answer: "ANSWERED" });
    await user.click(await screen.findByRole("button", { name: "Delete" }));
    await user.click(within(await screen.findByRole("dialog", { name: "Delete File" })).getByRole("button", { name: "Delete" }));
    const toast = await screen.findByRole("alertdialog", { name: "File Delete Error" });
    expect(within(toast).getByText(`Error deleting file for ${LABEL}`)).toBeInTheDocument();
    expect(within(toast).getByText("Storage is unavailable.")).toBeInTheDocument();
    expect(screen.getByText("512KB")).toBeInTheDocument();
    expect(answers().resume_pdf).toBe("ANSWERED");
  });
});
