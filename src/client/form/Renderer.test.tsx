// The generic renderer (conditional display and clearing, tabs, add-another blocks, what a
// visitor may do, toasts): parts of the real pages drawn from their definitions, used as
// a person would, with the answers store and the calls it makes checked.
import { Profiler, type ProfilerOnRenderCallback } from "react";
import { http, HttpResponse } from "msw";
import { act, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { completeAnswers } from "../../../tests/support/answer-sets";
import { localToday, type Answers, type ViewItem } from "../../engine/runtime";
import { pages } from "../pages";
import { useAnswers } from "../state/answers";
import { ToastList, toasts } from "../ui/Toasts";
import { labelOf, logIn, profileOf, renderApp, sent, sentTo, server, testSaver, url, withTestServer, WithSaver } from "../testing";
import { useUploads } from "./documents";
import { form, pageView } from "./model";
import { Items } from "./Renderer";
import { TAB_SWITCH_LABEL, UNDO_MS } from "./useTabSwitch";

withTestServer();

let consoleError: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  consoleError = vi.spyOn(console, "error").mockImplementation(() => {});
});
afterEach(() => consoleError.mockRestore());

/** Every item of a page, depth first (sections, tabs and blocks opened). */
function* walk(items: ViewItem[]): Generator<ViewItem> {
  for (const view of items) {
    yield view;
    yield* walk([...(view.children ?? []), ...(view.tabs ?? []).flatMap((t) => t.items), ...(view.blocks ?? []).flat()]);
  }
}

/** The item of a page whose definition has this id (a section, a tab group, an add-another group). */
function itemWithId(route: string, id: string): ViewItem {
  for (const view of walk(pageView(route)!.items)) if ((view.item as { id?: string }).id === id) return view;
  throw new Error(`no item ${id} on ${route}`);
}

/** Items drawn as a form page draws them (level 2), with the corner toasts. */
function show(...views: ViewItem[]) {
  const user = userEvent.setup();
  const view = render(
    <>
      <Items items={views} level={2} />
      <ToastList toasts={toasts} placement="corner" label="Notifications" />
    </>,
    { wrapper: WithSaver },
  );
  return { user, ...view };
}

const answers = (): Answers => useAnswers.getState().answers;
const given = (values: Answers) => useAnswers.getState().assign(values);
const radio = (group: string, choice: string) => within(screen.getByRole("radiogroup", { name: group })).getByRole("radio", { name: choice });

describe("conditions (About You: Your name)", () => {
  const PREFERRED = "Do you go by a name other than your first name?";
  const FORMER = "Have you ever had a different legal name?";

  test("Preferred Name shows for Y; typed, then N hides it and clears the answer", async () => {
    const { user } = show(itemWithId("/about", "name"));
    expect(screen.getByRole("heading", { level: 2, name: "Your name" })).toBeInTheDocument();
    expect(screen.queryByRole("textbox", { name: "Preferred Name" })).not.toBeInTheDocument();

    await user.click(radio(PREFERRED, "Yes"));
    expect(answers()).toMatchObject({ preferred_name_ind: "Y", preferred_name_ind_desc: "Yes" });
    const preferred = screen.getByRole("textbox", { name: "Preferred Name" });
    expect(preferred).toHaveAccessibleDescription("What should we call you?");
    await user.type(preferred, "Addie");
    expect(answers().preferred_name).toBe("Addie");

    await user.click(radio(PREFERRED, "No"));
    expect(screen.queryByRole("textbox", { name: "Preferred Name" })).not.toBeInTheDocument();
    expect(answers()).toMatchObject({ preferred_name_ind: "N", preferred_name_ind_desc: "No", preferred_name: "" });

    // Shown again, it is empty.
    await user.click(radio(PREFERRED, "Yes"));
    expect(screen.getByRole("textbox", { name: "Preferred Name" })).toHaveValue("");
  });

  test("a section: Y shows the former name fields; N hides the section and clears all three", async () => {
    const { user } = show(itemWithId("/about", "name"));
    expect(screen.queryByRole("region", { name: "Your former name" })).not.toBeInTheDocument();

    await user.click(radio(FORMER, "Yes"));
    const section = screen.getByRole("region", { name: "Your former name" });
    expect(within(section).getByRole("heading", { level: 3, name: "Your former name" })).toBeInTheDocument();
    await user.type(within(section).getByRole("textbox", { name: "Former First Name" }), "Ada");
    await user.type(within(section).getByRole("textbox", { name: "Former Middle Name" }), "King");
    await user.type(within(section).getByRole("textbox", { name: "Former Last Name" }), "Byron");
    expect(answers()).toMatchObject({ former_first_name: "Ada", former_middle_name: "King", former_last_name: "Byron" });

    await user.click(radio(FORMER, "No"));
    expect(screen.queryByRole("region", { name: "Your former name" })).not.toBeInTheDocument();
    expect(screen.queryByRole("textbox", { name: "Former First Name" })).not.toBeInTheDocument();
    expect(answers()).toMatchObject({ former_names: "N", former_first_name: "", former_middle_name: "", former_last_name: "" });
  });

  test("hiding one question leaves the answers of the others alone", async () => {
    given({ first_name: "Ada", preferred_name_ind: "Y", preferred_name: "Addie" });
    const { user } = show(itemWithId("/about", "name"));
    expect(screen.getByRole("textbox", { name: "Preferred Name" })).toHaveValue("Addie");
    await user.click(radio(PREFERRED, "No"));
    expect(answers()).toMatchObject({ first_name: "Ada", preferred_name: "" });
  });

  test("logged in, the cleared answer is sent with the change that hid it", async () => {
    logIn({ username: "ada@example.com" });
    testSaver().unsavedChanges("ada@example.com");
    server.use(http.put(url("/api/answer"), () => HttpResponse.json({ message: "Saved.", revision: 2, cleared: [] })));
    given({ preferred_name_ind: "Y", preferred_name: "Addie" });
    const { user } = show(itemWithId("/about", "name"));
    await user.click(radio(PREFERRED, "No"));
    await waitFor(() => expect(sentTo("PUT", "/api/answer")).toHaveLength(1));
    expect(sentTo("PUT", "/api/answer")[0]!.body).toEqual({ preferred_name_ind: "N", preferred_name_ind_desc: "No", preferred_name: "" });
  });
});

describe("a dependent select (Permanent address: State/Province follows Country)", () => {
  const country = () => screen.getByRole("combobox", { name: "Country" });
  const state = () => screen.getByRole("combobox", { name: "State/Province" });

  test("USA shows the states; changing the country to CAN clears the state and its label", async () => {
    const { user } = show(itemWithId("/about", "address"));
    expect(screen.queryByRole("combobox", { name: "State/Province" })).not.toBeInTheDocument();

    await user.selectOptions(country(), "United States");
    expect(answers()).toMatchObject({ country: "USA", country_desc: "United States" });
    expect(within(state()).getByRole("option", { name: "Pennsylvania" })).toBeInTheDocument();
    await user.selectOptions(state(), "Pennsylvania");
    expect(answers()).toMatchObject({ state: "PA", state_desc: "Pennsylvania" });

    await user.selectOptions(country(), "Canada");
    expect(answers()).toMatchObject({ country: "CAN", country_desc: "Canada", state: "", state_desc: "" });
    expect(state()).toHaveDisplayValue("Select…");
    expect(within(state()).queryByRole("option", { name: "Pennsylvania" })).not.toBeInTheDocument();
    expect(within(state()).getByRole("option", { name: "Ontario" })).toBeInTheDocument();
    await user.selectOptions(state(), "Ontario");
    expect(answers()).toMatchObject({ state: "ON", state_desc: "Ontario" });
  });

  test("a country without a list hides State/Province and clears it", async () => {
    given({ country: "USA", country_desc: "United States", state: "PA", state_desc: "Pennsylvania", city: "Philadelphia" });
    const { user } = show(itemWithId("/about", "address"));
    expect(state()).toHaveDisplayValue("Pennsylvania");
    await user.selectOptions(country(), "Mexico");
    expect(screen.queryByRole("combobox", { name: "State/Province" })).not.toBeInTheDocument();
    expect(answers()).toMatchObject({ country: "MEX", state: "", state_desc: "", city: "Philadelphia" });
  });
});

describe("tabs (Academics: Personal statement)", () => {
  const group = () => itemWithId("/education", "personal_statement");
  const CHANGED = { message: "Saved.", revision: 2 };
  /** The confirmation a switch away from a written essay or an attached document asks first. */
  const confirmation = () => screen.findByRole("alertdialog", { name: "Switch Tabs" });
  async function confirmSwitch(user: ReturnType<typeof userEvent.setup>) {
    await user.click(within(await confirmation()).getByRole("button", { name: "Switch" }));
  }

  test("logged in: a tab list with the default tab chosen and its questions shown", () => {
    logIn();
    show(group());
    const list = screen.getByRole("tablist", { name: "Personal statement" });
    expect(within(list).getAllByRole("tab").map((t) => t.textContent)).toEqual(["Write it here", "Upload a document"]);
    expect(screen.getByRole("tab", { name: "Write it here" })).toHaveAttribute("aria-selected", "true");
    expect(screen.getByRole("tab", { name: "Upload a document" })).toHaveAttribute("aria-selected", "false");
    const panel = screen.getByRole("tabpanel");
    expect(panel).toHaveAccessibleName("Write it here");
    expect(within(panel).getByRole("textbox", { name: "Personal Statement" })).toBeInTheDocument();
    expect(screen.queryByText("Personal Statement Document")).not.toBeInTheDocument();
  });

  test("choosing the other tab saves it (PUT /api/tabs) and clears what the tab left lists", async () => {
    logIn();
    given({ personal_statement_essay: "I build radios.", honors_name: "Science fair" });
    server.use(http.put(url("/api/tabs"), () => HttpResponse.json({ ...CHANGED, cleared: ["personal_statement_essay"] })));
    const { user } = show(group());
    await user.click(screen.getByRole("tab", { name: "Upload a document" }));
    await confirmSwitch(user);

    await waitFor(() => expect(screen.getByRole("tab", { name: "Upload a document" })).toHaveAttribute("aria-selected", "true"));
    expect(sentTo("PUT", "/api/tabs").map((r) => r.body)).toEqual([{ tab_id: "personal_statement", chosen_tab: "upload" }]);
    expect(useAnswers.getState().tabs).toEqual({ personal_statement: "upload" });
    expect(answers()).toMatchObject({ personal_statement_essay: "", honors_name: "Science fair" });
    const panel = screen.getByRole("tabpanel");
    expect(within(panel).getByText("Personal Statement Document")).toBeInTheDocument();
    expect(screen.queryByRole("textbox", { name: "Personal Statement" })).not.toBeInTheDocument();
  });

  /** An applicant on the Write tab with an essay, whose saves reach the server. */
  function withEssay() {
    logIn({ username: "ada@example.com" });
    testSaver().unsavedChanges("ada@example.com");
    given({ personal_statement_essay: "I build radios.", honors_name: "Science fair" });
    server.use(
      http.put(url("/api/tabs"), () => HttpResponse.json({ ...CHANGED, cleared: ["personal_statement_essay"] })),
      http.put(url("/api/answer"), () => HttpResponse.json({ ...CHANGED, cleared: [] })),
    );
  }

  test("leaving a written essay asks first; Cancel keeps the tab and the essay", async () => {
    withEssay();
    const { user } = show(group());
    await user.click(screen.getByRole("tab", { name: "Upload a document" }));
    const dialog = await confirmation();
    expect(within(dialog).getByText("Switching will delete your essay. Switch anyway?")).toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog", { name: "Switch Tabs" })).not.toBeInTheDocument());
    expect(screen.getByRole("tab", { name: "Write it here" })).toHaveAttribute("aria-selected", "true");
    expect(screen.getByRole("textbox", { name: "Personal Statement" })).toHaveValue("I build radios.");
    expect(answers().personal_statement_essay).toBe("I build radios.");
    expect(sentTo("PUT", "/api/tabs")).toEqual([]);
  });

  test("an empty essay: the tab switches without asking, and no Undo is offered", async () => {
    withEssay();
    given({ personal_statement_essay: "" });
    const { user } = show(group());
    await user.click(screen.getByRole("tab", { name: "Upload a document" }));
    await waitFor(() => expect(screen.getByRole("tab", { name: "Upload a document" })).toHaveAttribute("aria-selected", "true"));
    expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument();
  });

  test("Undo within 10 seconds puts back the tab and the essay, shown and saved", async () => {
    withEssay();
    const { user } = show(group());
    await user.click(screen.getByRole("tab", { name: "Upload a document" }));
    await confirmSwitch(user);
    const toast = await screen.findByRole("alertdialog", { name: TAB_SWITCH_LABEL });
    expect(within(toast).getByText("Switched to Upload a document")).toBeInTheDocument();
    expect(within(toast).getByText("Your essay was deleted.")).toBeInTheDocument();
    expect(answers().personal_statement_essay).toBe("");

    await user.click(within(toast).getByRole("button", { name: "Undo" }));
    await waitFor(() => expect(screen.getByRole("tab", { name: "Write it here" })).toHaveAttribute("aria-selected", "true"));
    expect(screen.getByRole("tab", { name: "Write it here" })).toHaveFocus();
    expect(screen.getByRole("textbox", { name: "Personal Statement" })).toHaveValue("I build radios.");
    expect(screen.queryByRole("alertdialog", { name: TAB_SWITCH_LABEL })).not.toBeInTheDocument();
    expect(sentTo("PUT", "/api/tabs").map((r) => r.body)).toEqual([
      { tab_id: "personal_statement", chosen_tab: "upload" },
      { tab_id: "personal_statement", chosen_tab: "write" },
    ]);
    expect(sentTo("PUT", "/api/answer").map((r) => r.body)).toEqual([{ personal_statement_essay: "I build radios." }]);
    expect(useAnswers.getState().tabs).toEqual({ personal_statement: "write" });
  });

  test("after 10 seconds the Undo is gone and the switch stands", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      withEssay();
      const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
      render(
        <>
          <Items items={[group()]} level={2} />
          <ToastList toasts={toasts} placement="corner" label="Notifications" />
        </>,
        { wrapper: WithSaver },
      );
      await user.click(screen.getByRole("tab", { name: "Upload a document" }));
      await confirmSwitch(user);
      const toast = await screen.findByRole("alertdialog", { name: TAB_SWITCH_LABEL });
      expect(within(toast).getByRole("button", { name: "Undo" })).toBeInTheDocument();
      await act(() => vi.advanceTimersByTimeAsync(UNDO_MS - 1000));
      expect(screen.getByRole("button", { name: "Undo" })).toBeInTheDocument();
      await act(() => vi.advanceTimersByTimeAsync(1000));
      await waitFor(() => expect(screen.queryByRole("button", { name: "Undo" })).not.toBeInTheDocument());
      expect(screen.getByRole("tab", { name: "Upload a document" })).toHaveAttribute("aria-selected", "true");
      expect(answers().personal_statement_essay).toBe("");
      expect(sentTo("PUT", "/api/tabs")).toHaveLength(1);
    } finally {
      vi.useRealTimers();
    }
  });

  /** An applicant on the Upload tab with a converted (or converting) personal statement document. */
  function onUploadTab(status: string) {
    logIn();
    useAnswers.setState({ tabs: { personal_statement: "upload" } });
    given({ personal_statement_doc: "ANSWERED", personal_statement_essay: "", honors_name: "Science fair", zeemee_url: "https://zeemee.example/ada" });
    let stored = true;
    server.use(
      http.get(url("/api/document-answer"), () => HttpResponse.json(stored ? { personal_statement_doc: { file_name: "statement.pdf", file_size: 800 } } : {})),
      http.get(url("/api/pdf/document-answer/personal_statement_doc"), () => HttpResponse.json({ status, message: null })),
      http.delete(url("/api/document-answer/personal_statement_doc"), () => {
        stored = false;
        return HttpResponse.json({ message: "Deleted." });
      }),
      http.delete(url("/api/pdf/document-answer/personal_statement_doc"), () => HttpResponse.json({ message: "Deleted." })),
    );
  }
  const calls = () => sent.map((r) => `${r.method} ${r.path}`).filter((call) => call !== "GET /api/document-answer");

  test("back to the default tab: asks about the document, switches keeping it for Undo, and deletes it once the Undo is over", async () => {
    onUploadTab("COMPLETED");
    // The server is the judge of what a switch clears: here it also cleared honors_name.
    server.use(http.put(url("/api/tabs"), () => HttpResponse.json({ ...CHANGED, cleared: ["personal_statement_doc", "honors_name"] })));
    const { user } = show(group());
    expect(screen.getByRole("tab", { name: "Upload a document" })).toHaveAttribute("aria-selected", "true");
    expect(await screen.findByText("800B")).toBeInTheDocument();
    await user.click(screen.getByRole("tab", { name: "Write it here" }));
    expect(within(await confirmation()).getByText("Switching will delete your document. Switch anyway?")).toBeInTheDocument();
    await confirmSwitch(user);
    await waitFor(() => expect(screen.getByRole("tab", { name: "Write it here" })).toHaveAttribute("aria-selected", "true"));
    expect(calls()).toEqual(["GET /api/pdf/document-answer/personal_statement_doc", "PUT /api/tabs"]);
    expect(sentTo("PUT", "/api/tabs").map((r) => r.body)).toEqual([{ tab_id: "personal_statement", chosen_tab: "write" }]);
    expect(answers()).toMatchObject({ personal_statement_doc: "", honors_name: "", zeemee_url: "https://zeemee.example/ada" });
    expect(screen.queryByRole("alertdialog", { name: "File Upload in Progress" })).not.toBeInTheDocument();

    const toast = await screen.findByRole("alertdialog", { name: TAB_SWITCH_LABEL });
    expect(within(toast).getByText("Your document was deleted.")).toBeInTheDocument();
    await user.click(within(toast).getByRole("button", { name: "Close" }));
    await waitFor(() => expect(sentTo("DELETE", "/api/pdf/document-answer/personal_statement_doc")).toHaveLength(1));
    expect(calls().slice(2)).toEqual(["DELETE /api/document-answer/personal_statement_doc", "DELETE /api/pdf/document-answer/personal_statement_doc"]);
  });

  test("Undo after leaving a document: the tab and the document come back, and nothing is deleted", async () => {
    onUploadTab("COMPLETED");
    logIn({ username: "ada@example.com" });
    testSaver().unsavedChanges("ada@example.com");
    server.use(
      http.put(url("/api/tabs"), () => HttpResponse.json({ ...CHANGED, cleared: ["personal_statement_doc", "honors_name"] })),
      http.put(url("/api/answer"), () => HttpResponse.json({ ...CHANGED, cleared: [] })),
    );
    const { user } = show(group());
    expect(await screen.findByText("800B")).toBeInTheDocument();
    await user.click(screen.getByRole("tab", { name: "Write it here" }));
    await confirmSwitch(user);
    const toast = await screen.findByRole("alertdialog", { name: TAB_SWITCH_LABEL });
    await user.click(within(toast).getByRole("button", { name: "Undo" }));

    await waitFor(() => expect(screen.getByRole("tab", { name: "Upload a document" })).toHaveAttribute("aria-selected", "true"));
    expect(screen.getByRole("tab", { name: "Upload a document" })).toHaveFocus();
    expect(await screen.findByText("800B")).toBeInTheDocument();
    expect(answers()).toMatchObject({ personal_statement_doc: "ANSWERED", honors_name: "Science fair" });
    expect(sentTo("PUT", "/api/tabs").map((r) => r.body)).toEqual([
      { tab_id: "personal_statement", chosen_tab: "write" },
      { tab_id: "personal_statement", chosen_tab: "upload" },
    ]);
    expect(sentTo("PUT", "/api/answer").at(-1)!.body).toMatchObject({ personal_statement_doc: "ANSWERED", honors_name: "Science fair" });
    expect(sentTo("DELETE", "/api/document-answer/personal_statement_doc")).toEqual([]);
    expect(screen.queryByRole("alertdialog", { name: TAB_SWITCH_LABEL })).not.toBeInTheDocument();
  });

  test("a document kept for Undo is deleted when the page is left", async () => {
    onUploadTab("COMPLETED");
    server.use(http.put(url("/api/tabs"), () => HttpResponse.json({ ...CHANGED, cleared: ["personal_statement_doc"] })));
    const { user, unmount } = show(group());
    expect(await screen.findByText("800B")).toBeInTheDocument();
    await user.click(screen.getByRole("tab", { name: "Write it here" }));
    await confirmSwitch(user);
    await screen.findByRole("alertdialog", { name: TAB_SWITCH_LABEL });
    expect(sentTo("DELETE", "/api/document-answer/personal_statement_doc")).toEqual([]);
    unmount();
    await waitFor(() => expect(sentTo("DELETE", "/api/pdf/document-answer/personal_statement_doc")).toHaveLength(1));
    expect(sentTo("DELETE", "/api/document-answer/personal_statement_doc")).toHaveLength(1);
  });

  test.each(["IN_PROGRESS", "UNPROCESSED"])("while the document is %s: 'File Upload in Progress', and the tab stays", async (status) => {
    onUploadTab(status);
    const { user } = show(group());
    await user.click(screen.getByRole("tab", { name: "Write it here" }));
    await confirmSwitch(user);

    const dialog = await screen.findByRole("alertdialog", { name: "File Upload in Progress" });
    expect(within(dialog).getByText("Please wait until the file upload has completed.")).toBeInTheDocument();
    expect(calls()).toEqual(["GET /api/pdf/document-answer/personal_statement_doc"]);
    expect(useAnswers.getState().tabs).toEqual({ personal_statement: "upload" });
    expect(answers().personal_statement_doc).toBe("ANSWERED");
    await user.click(within(dialog).getByRole("button", { name: "Close" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument());
    expect(screen.getByRole("tab", { name: "Upload a document" })).toHaveAttribute("aria-selected", "true");
  });

  test("a document still being sent from this page: 'File Upload in Progress' without asking the server", async () => {
    logIn();
    useAnswers.setState({ tabs: { personal_statement: "upload" } });
    useUploads.setState({ personal_statement_doc: { fileName: "statement.pdf", phase: "sending", progress: 0.4 } });
    try {
      const { user } = show(group());
      expect(await screen.findByRole("progressbar", { name: "Uploading statement.pdf" })).toHaveValue(40);
      await user.click(screen.getByRole("tab", { name: "Write it here" }));
      expect(await screen.findByRole("alertdialog", { name: "File Upload in Progress" })).toBeInTheDocument();
      expect(calls()).toEqual([]);
      expect(useAnswers.getState().tabs).toEqual({ personal_statement: "upload" });
    } finally {
      useUploads.setState({}, true);
    }
  });

  test("a document whose delete fails once the Undo is over: the switch stands, its answer cleared (the server's sweep removes the file)", async () => {
    onUploadTab("COMPLETED");
    server.use(
      http.put(url("/api/tabs"), () => HttpResponse.json({ ...CHANGED, cleared: ["personal_statement_doc"] })),
      http.delete(url("/api/document-answer/personal_statement_doc"), () => HttpResponse.json({ message: "Storage is unavailable." }, { status: 503 })),
    );
    const { user } = show(group());
    await user.click(screen.getByRole("tab", { name: "Write it here" }));
    await confirmSwitch(user);
    const toast = await screen.findByRole("alertdialog", { name: TAB_SWITCH_LABEL });
    await user.click(within(toast).getByRole("button", { name: "Close" }));
    await waitFor(() => expect(sentTo("DELETE", "/api/document-answer/personal_statement_doc")).toHaveLength(1));
    expect(useAnswers.getState().tabs).toEqual({ personal_statement: "write" });
    expect(answers().personal_statement_doc).toBe("");
    expect(screen.queryByRole("alertdialog", { name: "File Upload in Progress" })).not.toBeInTheDocument();
  });

  test("a failed look at the conversion: 'Error handling tabs for Personal statement', and the tab stays", async () => {
    onUploadTab("COMPLETED");
    server.use(http.get(url("/api/pdf/document-answer/personal_statement_doc"), () => HttpResponse.json({ message: "Database unavailable." }, { status: 500 })));
    const { user } = show(group());
    await user.click(screen.getByRole("tab", { name: "Write it here" }));
    await confirmSwitch(user);
    const toast = await screen.findByRole("alertdialog", { name: "Tabs Error" });
    expect(within(toast).getByText("Error handling tabs for Personal statement")).toBeInTheDocument();
    expect(sentTo("PUT", "/api/tabs")).toEqual([]);
    expect(sentTo("DELETE", "/api/document-answer/personal_statement_doc")).toEqual([]);
    expect(useAnswers.getState().tabs).toEqual({ personal_statement: "upload" });
  });

  test("no document on the Upload tab: nothing to wait for or delete", async () => {
    logIn();
    useAnswers.setState({ tabs: { personal_statement: "upload" } });
    server.use(http.put(url("/api/tabs"), () => HttpResponse.json({ ...CHANGED, cleared: [] })));
    const { user } = show(group());
    await user.click(screen.getByRole("tab", { name: "Write it here" }));
    await waitFor(() => expect(screen.getByRole("tab", { name: "Write it here" })).toHaveAttribute("aria-selected", "true"));
    expect(calls()).toEqual(["PUT /api/tabs"]);
  });

  test("by keyboard: arrow keys move between the tabs without choosing; Enter chooses", async () => {
    logIn();
    given({ personal_statement_essay: "I build radios." });
    server.use(http.put(url("/api/tabs"), () => HttpResponse.json({ ...CHANGED, cleared: ["personal_statement_essay"] })));
    const { user } = show(group());
    await user.tab();
    expect(screen.getByRole("tab", { name: "Write it here" })).toHaveFocus();
    await user.keyboard("{ArrowRight}");
    expect(screen.getByRole("tab", { name: "Upload a document" })).toHaveFocus();
    expect(screen.getByRole("tab", { name: "Write it here" })).toHaveAttribute("aria-selected", "true");
    await user.keyboard("{ArrowRight}"); // round to the first
    expect(screen.getByRole("tab", { name: "Write it here" })).toHaveFocus();
    await user.keyboard("{End}");
    expect(screen.getByRole("tab", { name: "Upload a document" })).toHaveFocus();
    expect(sentTo("PUT", "/api/tabs"), "moving alone clears nothing").toEqual([]);
    expect(answers()).toMatchObject({ personal_statement_essay: "I build radios." });
    await user.keyboard("{Enter}");
    // The confirmation, by keyboard too: its first button is Cancel, then Switch.
    const dialog = await confirmation();
    // React Aria moves the focus into the dialog in a later frame: waited for, then Tab to Switch.
    await waitFor(() => expect(dialog).toContainElement(document.activeElement as HTMLElement));
    const switchButton = within(dialog).getByRole("button", { name: "Switch" });
    for (let presses = 0; presses < 2 && !switchButton.matches(":focus"); presses++) await user.tab();
    expect(switchButton).toHaveFocus();
    await user.keyboard("{Enter}");
    await waitFor(() => expect(screen.getByRole("tab", { name: "Upload a document" })).toHaveAttribute("aria-selected", "true"));
    expect(sentTo("PUT", "/api/tabs").map((r) => r.body)).toEqual([{ tab_id: "personal_statement", chosen_tab: "upload" }]);
    expect(screen.getByRole("tabpanel")).toHaveAccessibleName("Upload a document");
    // Tab from outside lands on the chosen tab.
    await user.tab({ shift: true });
    await user.tab();
    expect(screen.getByRole("tab", { name: "Upload a document" })).toHaveFocus();
  });

  test("a failed save shows 'Error handling tabs for Personal statement' and does not switch", async () => {
    logIn();
    given({ personal_statement_essay: "I build radios." });
    server.use(http.put(url("/api/tabs"), () => HttpResponse.json({ message: "Database unavailable." }, { status: 500 })));
    const { user } = show(group());
    await user.click(screen.getByRole("tab", { name: "Upload a document" }));
    await confirmSwitch(user);

    const toast = await screen.findByRole("alertdialog", { name: "Tabs Error" });
    expect(within(toast).getByText("Error handling tabs for Personal statement")).toBeInTheDocument();
    expect(within(toast).getByText("Error")).toBeInTheDocument();
    expect(sentTo("PUT", "/api/tabs")).toHaveLength(1);
    expect(screen.getByRole("tab", { name: "Write it here" })).toHaveAttribute("aria-selected", "true");
    expect(screen.getByRole("tab", { name: "Upload a document" })).toHaveAttribute("aria-selected", "false");
    expect(screen.getByRole("textbox", { name: "Personal Statement" })).toHaveValue("I build radios.");
    expect(useAnswers.getState().tabs).toEqual({});
    expect(answers().personal_statement_essay).toBe("I build radios.");
  });

  test("visitors see no tab list, only the default tab's questions", () => {
    show(group());
    expect(screen.queryByRole("tablist")).not.toBeInTheDocument();
    expect(screen.queryByRole("tab")).not.toBeInTheDocument();
    const section = screen.getByRole("region", { name: "Personal statement" });
    expect(within(section).getByRole("heading", { level: 2, name: "Personal statement" })).toBeInTheDocument();
    expect(within(section).getByRole("textbox", { name: "Personal Statement" })).toBeInTheDocument();
    expect(within(section).getByText(`Character count: 0 / ${form.institution.character_limit}`)).toBeInTheDocument();
    expect(screen.queryByText("Personal Statement Document")).not.toBeInTheDocument();
    expect(screen.queryByText("Upload a document")).not.toBeInTheDocument();
  });

  test("visitors see the default tab even when another was chosen before", () => {
    useAnswers.setState({ tabs: { personal_statement: "upload" } });
    show(group());
    expect(screen.getByRole("textbox", { name: "Personal Statement" })).toBeInTheDocument();
    expect(screen.queryByText("Personal Statement Document")).not.toBeInTheDocument();
  });
});

describe("add another (About You: Siblings)", () => {
  const siblings = () => itemWithId("/about", "siblings");
  const ADD = "+ Add another sibling";
  const blockTitles = () => screen.queryAllByRole("heading", { name: /^Sibling \d$/ }).map((h) => h.textContent);
  const block = (n: number) => screen.getByRole("region", { name: `Sibling ${n}` });
  const replyWith = (cleared: string[] = []) => HttpResponse.json({ message: "Saved.", revision: 2, cleared });

  test("logged in: one block and an add button; adding sends the count and shows Sibling 2 with sibling_2_* keys", async () => {
    logIn();
    server.use(http.put(url("/api/add-another"), () => replyWith()));
    const { user } = show(siblings());
    expect(blockTitles()).toEqual(["Sibling 1"]);
    expect(within(block(1)).getByRole("textbox", { name: "First Name" })).toHaveAttribute("id", "sibling_first_name");
    expect(screen.queryByRole("button", { name: /^Remove/ })).not.toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: ADD }));
    await waitFor(() => expect(blockTitles()).toEqual(["Sibling 1", "Sibling 2"]));
    expect(sentTo("PUT", "/api/add-another").map((r) => r.body)).toEqual([{ button_id: "siblings", num_components: 2 }]);
    expect(useAnswers.getState().blocks).toEqual({ siblings: 2 });
    // The new block's heading takes the focus.
    await waitFor(() => expect(screen.getByRole("heading", { name: "Sibling 2" })).toHaveFocus());

    const second = block(2);
    expect(within(second).getByRole("textbox", { name: "First Name" })).toHaveAttribute("id", "sibling_2_first_name");
    expect(within(second).getByRole("textbox", { name: "Last Name" })).toHaveAttribute("id", "sibling_2_last_name");
    expect(within(second).getByRole("combobox", { name: "Relationship to you" })).toHaveAttribute("id", "sibling_2_relationship");
    expect(within(second).getByRole("textbox", { name: "Age" })).toHaveAttribute("id", "sibling_2_age");
    await user.type(within(second).getByRole("textbox", { name: "First Name" }), "Ben");
    expect(answers()).toMatchObject({ sibling_2_first_name: "Ben" });
    expect(answers().sibling_first_name).toBeUndefined();
    expect(within(second).getByRole("button", { name: "Remove Sibling 2" })).toBeInTheDocument();
    expect(within(block(1)).queryByRole("button")).not.toBeInTheDocument();
  });

  test("the add button goes at the maximum of 4 blocks", async () => {
    logIn();
    server.use(http.put(url("/api/add-another"), () => replyWith()));
    const { user } = show(siblings());
    for (const count of [2, 3, 4]) {
      await user.click(screen.getByRole("button", { name: ADD }));
      await waitFor(() => expect(blockTitles()).toHaveLength(count));
    }
    expect(blockTitles()).toEqual(["Sibling 1", "Sibling 2", "Sibling 3", "Sibling 4"]);
    expect(screen.queryByRole("button", { name: ADD })).not.toBeInTheDocument();
    expect(sentTo("PUT", "/api/add-another").map((r) => r.body)).toEqual([2, 3, 4].map((n) => ({ button_id: "siblings", num_components: n })));
    // Only the last block can be removed.
    expect(screen.getAllByRole("button", { name: /^Remove/ }).map((b) => b.textContent)).toEqual(["Remove Sibling 4"]);
  });

  test("Remove takes the last block away and clears its answers", async () => {
    logIn();
    useAnswers.setState({ blocks: { siblings: 2 } });
    given({ sibling_first_name: "Ann", sibling_2_first_name: "Ben", sibling_2_age: "12" });
    server.use(http.put(url("/api/add-another"), () => replyWith(["sibling_2_first_name", "sibling_2_age"])));
    const { user } = show(siblings());
    await user.click(screen.getByRole("button", { name: "Remove Sibling 2" }));
    await waitFor(() => expect(blockTitles()).toEqual(["Sibling 1"]));
    expect(sentTo("PUT", "/api/add-another").map((r) => r.body)).toEqual([{ button_id: "siblings", num_components: 1 }]);
    expect(answers()).toMatchObject({ sibling_first_name: "Ann", sibling_2_first_name: "", sibling_2_age: "" });
    expect(screen.getByRole("button", { name: ADD })).toBeInTheDocument();
  });

  test("a failed save shows 'Error adding another sibling' and adds nothing", async () => {
    logIn();
    server.use(http.put(url("/api/add-another"), () => HttpResponse.json({ message: "Database unavailable." }, { status: 500 })));
    const { user } = show(siblings());
    await user.click(screen.getByRole("button", { name: ADD }));
    const toast = await screen.findByRole("alertdialog", { name: "Add Another Error" });
    expect(within(toast).getByText("Error adding another sibling")).toBeInTheDocument();
    expect(blockTitles()).toEqual(["Sibling 1"]);
    expect(useAnswers.getState().blocks).toEqual({});
    expect(screen.getByRole("button", { name: ADD })).toBeInTheDocument();
  });

  test("visitors see one block and no add or remove button", () => {
    show(siblings());
    expect(blockTitles()).toEqual(["Sibling 1"]);
    expect(within(block(1)).getByRole("textbox", { name: "First Name" })).toBeInTheDocument();
    expect(screen.queryByRole("button")).not.toBeInTheDocument();
  });

  test("visitors see as many blocks as their answers fill, still without buttons", () => {
    useAnswers.setState({ blocks: { siblings: 4 } });
    given({ sibling_first_name: "Ann", sibling_2_first_name: "Ben" });
    show(siblings());
    expect(blockTitles()).toEqual(["Sibling 1", "Sibling 2"]);
    expect(within(block(2)).getByRole("textbox", { name: "First Name" })).toHaveValue("Ben");
    expect(screen.queryByRole("button")).not.toBeInTheDocument();
  });
});

describe("on a whole page, logged in", () => {
  function serveApplicant(formState: { tabs?: Record<string, string>; blocks?: Record<string, number> }, answer: Answers = {}) {
    logIn();
    server.use(
      http.get(url("/api/profile"), () => HttpResponse.json(profileOf({ answer }))),
      http.put(url("/api/last-page"), () => HttpResponse.json({ message: "Saved." })),
      http.get(url("/api/tabs"), () => HttpResponse.json(formState.tabs ?? {})),
      http.get(url("/api/add-another"), () => HttpResponse.json(formState.blocks ?? {})),
    );
  }

  test("block counts come back from GET /api/add-another", async () => {
    serveApplicant({ blocks: { siblings: 3 } }, { sibling_3_first_name: "Cal" } as Answers);
    renderApp("/about");
    await screen.findByRole("heading", { level: 1, name: "About You" });
    await waitFor(() => expect(screen.getByRole("heading", { name: "Sibling 3" })).toBeInTheDocument());
    expect(screen.getAllByRole("heading", { name: /^Sibling \d$/ }).map((h) => h.textContent)).toEqual(["Sibling 1", "Sibling 2", "Sibling 3"]);
    expect(within(screen.getByRole("region", { name: "Sibling 3" })).getByRole("textbox", { name: "First Name" })).toHaveValue("Cal");
    expect(screen.getByRole("button", { name: "+ Add another sibling" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Remove Sibling 3" })).toBeInTheDocument();
    expect(sentTo("GET", "/api/add-another")).toHaveLength(1);
  });

  test("the chosen tab comes back from GET /api/tabs", async () => {
    serveApplicant({ tabs: { personal_statement: "upload" } });
    renderApp("/education");
    await screen.findByRole("heading", { level: 1, name: "Academics" });
    expect(screen.getByRole("tab", { name: "Upload a document" })).toHaveAttribute("aria-selected", "true");
    expect(screen.getByText("Personal Statement Document")).toBeInTheDocument();
    expect(screen.queryByRole("textbox", { name: "Personal Statement" })).not.toBeInTheDocument();
  });
});

describe("a keystroke re-renders nothing", () => {
  // The one-line input keeps what is typed itself (widgets/text.tsx): no component renders per keystroke.
  test("typing in First Name commits no component, and the answer and the input hold what was typed", async () => {
    const commits: Record<string, number> = {};
    const onRender: ProfilerOnRenderCallback = (id) => void (commits[id] = (commits[id] ?? 0) + 1);
    const byKey = (key: string) => form.owners.get(key)!.item;
    const user = userEvent.setup();
    render(
      <>
        <Profiler id="first_name" onRender={onRender}>
          <Items items={[byKey("first_name")]} level={2} />
        </Profiler>
        <Profiler id="last_name" onRender={onRender}>
          <Items items={[byKey("last_name")]} level={2} />
        </Profiler>
        <Profiler id="preferred_name_ind" onRender={onRender}>
          <Items items={[byKey("preferred_name_ind"), byKey("preferred_name")]} level={2} />
        </Profiler>
        <Profiler id="gender_female" onRender={onRender}>
          <Items items={[byKey("gender_female")]} level={2} />
        </Profiler>
      </>,
      { wrapper: WithSaver },
    );
    const input = screen.getByRole("textbox", { name: labelOf("first_name") });
    await user.click(input);
    for (const key of Object.keys(commits)) commits[key] = 0;

    await user.keyboard("Ada");
    expect(answers().first_name).toBe("Ada");
    expect(input).toHaveValue("Ada");
    expect(commits).toEqual({ first_name: 0, last_name: 0, preferred_name_ind: 0, gender_female: 0 });
  });
});

describe("headings", () => {
  // WCAG 1.3.1 (axe: heading-order): under the page's h1 a heading is at most one level deeper
  // than the one before it. Staff nest sections freely, so an untitled section (the test scores'
  // "Have you taken…" group around "Your SAT") must not push its headings a level down.
  test.each(pages.map((page) => page.route))("no heading level is skipped on %s with every question showing", (route) => {
    given(completeAnswers(form, localToday()));
    const { container } = show(...pageView(route)!.items);
    const levels = [...container.querySelectorAll("h1, h2, h3, h4, h5, h6")].map((heading) => `${heading.tagName} ${heading.textContent}`);
    expect(levels.length).toBeGreaterThan(0);
    const skipped = levels.filter((heading, i) => Number(heading[1]) > Number((levels[i - 1] ?? "H1")[1]) + 1);
    expect(skipped, levels.join("\n")).toEqual([]);
  });
});
