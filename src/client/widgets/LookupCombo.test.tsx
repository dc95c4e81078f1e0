// The lookup widget once its combo box has loaded (GET /lookup/find, a failed lookup, what a
// visitor sees): the high-school block drawn from the real
// definitions, typed into and chosen from by keyboard, with GET /lookup/find answered by msw.
import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { delay, http, HttpResponse } from "msw";
import { afterEach, beforeAll, beforeEach, describe, expect, test, vi, type MockInstance } from "vitest";
import type { Answers, ViewItem } from "../../engine/runtime";
import type { LookupRecord, LookupResult } from "../api/calls";
import { useAnswers } from "../state/answers";
import { sentTo, server, testSaver, url, withTestServer, WithSaver } from "../testing";
import { formChanges } from "../form/changes";
import { form } from "../form/model";
import { Items } from "../form/Renderer";
import { LOOKUP_DEBOUNCE_MS, LOOKUP_MAX_WAIT_MS } from "./LookupCombo";
import { preloadLookup } from "./lookup";

withTestServer();

const NOTE = "Enter your school information below.";

const SCHOOLS: LookupResult[] = [
  { id: "220001", text: "Central High School", sub_text: "Boston, MA" },
  { id: "220002", text: "Central Catholic High School", sub_text: "Lawrence, MA" },
  { id: "330003", text: "Central High School", sub_text: "Providence, RI" },
  { id: "440004", text: "Central Valley High School", sub_text: "Spokane Valley, WA" },
  { id: "550005", text: "Centennial High School", sub_text: "Boise, ID" },
  { id: "660006", text: "Center Academy", sub_text: "Toronto, ON" },
  { id: "770007", text: "Centerville High School", sub_text: "Centerville, OH" },
];

const RECORDS: Record<string, LookupRecord> = {
  "220001": { name: "Central High School", address_line_1: "100 Main St", city: "Boston", state: "MA", zip: "02118", country: "USA", ceeb: "220001" },
  "660006": { name: "Center Academy", address_line_1: "1 King St W", city: "Toronto", state: "ON", zip: "M5H 1A1", country: "CAN", ceeb: "660006" },
};

/** GET /lookup/find as the contract says: suggestions for `text`, or the record for `id`. */
function serveLookup({ search = "ok", record = "ok" }: { search?: "ok" | "fail"; record?: "ok" | "fail" } = {}) {
  server.use(
    http.get(url("/lookup/find"), ({ request }) => {
      const query = new URL(request.url).searchParams;
      const id = query.get("id");
      if (id !== null) return record === "ok" && RECORDS[id] ? HttpResponse.json(RECORDS[id]) : HttpResponse.json({ message: "Lookup unavailable." }, { status: 503 });
      if (search === "fail") return HttpResponse.json({ message: "Lookup unavailable." }, { status: 500 });
      const text = (query.get("text") ?? "").toLowerCase();
      // More than asked for: the widget shows 5 at most whatever the server sends.
      return HttpResponse.json(SCHOOLS.filter((s) => s.text.toLowerCase().startsWith(text)));
    }),
  );
}

/** The lookups the widget sent: their query strings as objects. */
const searches = () => sentTo("GET", "/lookup/find").map((r) => Object.fromEntries(new URL(r.path, url("/")).searchParams));

/** The items of high-school block `n` as the page draws them: the lookup, the school's address, the rest. */
function blockItems(n: number): ViewItem[] {
  const education = form.pages.find((p) => p.page === "education")!;
  const find = (items: ViewItem[]): ViewItem | undefined => {
    for (const view of items) {
      if (view.item.type === "addAnother" && view.item.id === "high_schools") return view;
      const inner = find([...(view.children ?? []), ...(view.tabs ?? []).flatMap((t) => t.items)]);
      if (inner) return inner;
    }
    return undefined;
  };
  return find(education.items)!.blocks![n - 1]!;
}

function show(n = 1) {
  const user = userEvent.setup();
  return { user, ...render(<Items items={blockItems(n)} level={2} />, { wrapper: WithSaver }) };
}

const answers = (): Answers => useAnswers.getState().answers;
const given = (values: Answers) => useAnswers.getState().assign(values);
const schoolName = () => screen.getByRole("combobox", { name: "School Name" });
const options = () => within(screen.getByRole("listbox")).getAllByRole("option");

/** The texts of the elements an element's aria-describedby points at. */
function descriptions(element: Element): string[] {
  const ids = (element.getAttribute("aria-describedby") ?? "").split(/\s+/).filter(Boolean);
  return ids.map((id) => document.getElementById(id)?.textContent ?? "").filter(Boolean);
}

let consoleError: MockInstance<typeof console.error>;
beforeAll(() => preloadLookup());
beforeEach(() => {
  consoleError = vi.spyOn(console, "error").mockImplementation(() => {});
});
afterEach(() => consoleError.mockRestore());

describe("suggestions", () => {
  test("appear as the applicant types: at most 5, each named by its text and described by where it is", async () => {
    serveLookup();
    const { user } = show();
    await user.type(schoolName(), "C");
    await new Promise((resolve) => setTimeout(resolve, LOOKUP_DEBOUNCE_MS + 100));
    expect(searches(), "one letter is not searched").toEqual([]);
    await user.type(schoolName(), "en");
    expect(await screen.findByRole("listbox")).toBeVisible();
    expect(schoolName()).toHaveAttribute("aria-expanded", "true");
    expect(options()).toHaveLength(5);
    const first = options()[0]!;
    expect(first).toHaveAccessibleName("Central High School");
    expect(first).toHaveAccessibleDescription("Boston, MA");
    expect(within(first).getByText("Boston, MA")).toBeVisible();
    expect(screen.getByRole("listbox")).toHaveAccessibleName(/School Name/);
    // Typing on searches at least every LOOKUP_MAX_WAIT_MS: a machine slow to type "en" searched
    // "Ce" on the way. The last search is what was typed, and none is of one letter.
    await waitFor(() => expect(searches().at(-1)).toEqual({ text: "Cen", category: "hs_ceeb", max_results: "5" }));
    expect(searches().filter((search) => search.text!.length < 2)).toEqual([]);
    // What is typed is the answer at once, as in any text question.
    expect(answers().hs_name).toBe("Cen");
  });

  test("while a name is typed on, its last suggestions stay until the next come; another name's never show", async () => {
    serveLookup();
    // Searches for "Ri…" answer late, so what shows meanwhile can be seen.
    server.use(
      http.get(url("/lookup/find"), async ({ request }) => {
        if (!new URL(request.url).searchParams.get("text")?.startsWith("Ri")) return undefined;
        await delay(400);
        return HttpResponse.json([{ id: "990009", text: "Riverside High School", sub_text: "Riverside, CA" }]);
      }),
    );
    const { user } = show();
    await user.type(schoolName(), "Cen");
    await screen.findByRole("listbox");
    await user.type(schoolName(), "t");
    expect(options(), "typing on: the suggestions for Cen stay").toHaveLength(5);
    await user.clear(schoolName());
    await user.type(schoolName(), "Ri");
    expect(screen.queryByRole("listbox"), "another name: nothing until its own suggestions").not.toBeInTheDocument();
    await waitFor(() => expect(searches().some((s) => s.text === "Ri")).toBe(true));
    expect(screen.queryByRole("listbox")).not.toBeInTheDocument();
    expect(within(await screen.findByRole("listbox")).getByRole("option", { name: "Riverside High School" })).toBeVisible();
    expect(options()).toHaveLength(1);
  });

  test("Escape closes the list and keeps what was typed", async () => {
    serveLookup();
    const { user } = show();
    await user.type(schoolName(), "Cen");
    await screen.findByRole("listbox");
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("listbox")).not.toBeInTheDocument());
    expect(schoolName()).toHaveValue("Cen");
    expect(answers().hs_name).toBe("Cen");
  });

  test("a failed search shows no suggestions and keeps what was typed", async () => {
    serveLookup({ search: "fail" });
    const { user } = show();
    await user.type(schoolName(), "Central");
    await waitFor(() => expect(searches().length).toBeGreaterThan(0));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.queryByRole("listbox")).not.toBeInTheDocument();
    expect(schoolName()).toHaveValue("Central");
    expect(answers().hs_name).toBe("Central");
  });
});

describe("choosing a school", () => {
  test("by keyboard alone: arrow down and Enter fill the block's answers, with its prefix, in one change", async () => {
    serveLookup();
    const { user } = show(2);
    await user.click(schoolName());
    await user.keyboard("Cen");
    await screen.findByRole("listbox");
    const changes: Answers[] = [];
    const stop = useAnswers.subscribe((state, before) => {
      if (state.answers !== before.answers) {
        changes.push(Object.fromEntries(Object.entries(state.answers).filter(([key, value]) => before.answers[key] !== value)));
      }
    });
    await user.keyboard("{ArrowDown}");
    expect(options()[0]).toHaveAttribute("data-focused", "true");
    await user.keyboard("{Enter}");
    await waitFor(() => expect(answers().hs_2_ceeb).toBe("220001"));
    stop();
    expect(changes).toEqual([
      {
        hs_2_name: "Central High School", hs_2_ceeb: "220001", hs_2_address_line_1: "100 Main St", hs_2_city: "Boston",
        hs_2_state: "MA", hs_2_state_desc: "Massachusetts", hs_2_zip: "02118", hs_2_country: "USA", hs_2_country_desc: "United States",
      },
    ]);
    expect(searches().at(-1)).toEqual({ id: "220001", category: "hs_ceeb" });
    expect(schoolName()).toHaveValue("Central High School");
    expect(screen.queryByRole("listbox")).not.toBeInTheDocument();
    expect(screen.queryByText(NOTE)).not.toBeInTheDocument();
    // The school's address shows, filled in.
    const address = screen.getByRole("group", { name: "School address" });
    expect(within(address).getByRole("textbox", { name: "City" })).toHaveValue("Boston");
    expect(within(address).getByRole("combobox", { name: "State/Province" })).toHaveValue("MA");
    expect(within(address).getByRole("combobox", { name: "Country" })).toHaveValue("USA");
  });

  test("a state chosen with its country stays, where a new country alone clears it", async () => {
    given({ hs_2_name: "Center Academy", hs_2_ceeb: "660006", hs_2_country: "CAN", hs_2_country_desc: "Canada", hs_2_state: "ON", hs_2_state_desc: "Ontario" });
    const { change } = formChanges(testSaver());
    change({ hs_2_country: "USA", hs_2_country_desc: "United States", hs_2_state: "MA", hs_2_state_desc: "Massachusetts" });
    expect(answers()).toMatchObject({ hs_2_country: "USA", hs_2_state: "MA", hs_2_state_desc: "Massachusetts" });
    change({ hs_2_country: "CAN", hs_2_country_desc: "Canada" });
    expect(answers()).toMatchObject({ hs_2_country: "CAN", hs_2_state: "", hs_2_state_desc: "" });
  });

  test("a school in another country: its country and province, replacing those of the school before", async () => {
    serveLookup();
    given({ hs_name: "Central High School", hs_ceeb: "220001", hs_city: "Boston", hs_country: "USA", hs_country_desc: "United States", hs_state: "MA", hs_state_desc: "Massachusetts" });
    const { user } = show();
    await user.clear(schoolName());
    await user.keyboard("Center");
    // The suggestions for the text before "Center" may show first: wait for the school's.
    await user.click(await within(await screen.findByRole("listbox")).findByRole("option", { name: "Center Academy" }));
    await waitFor(() => expect(answers().hs_ceeb).toBe("660006"));
    expect(answers()).toMatchObject({ hs_name: "Center Academy", hs_country: "CAN", hs_country_desc: "Canada", hs_state: "ON", hs_state_desc: "Ontario", hs_city: "Toronto" });
  });

  test("a failed record keeps the suggestion's text as the answer, as a typed school", async () => {
    serveLookup({ record: "fail" });
    const { user } = show();
    await user.type(schoolName(), "Cen");
    await screen.findByRole("listbox");
    await user.keyboard("{ArrowDown}{ArrowDown}{Enter}");
    await waitFor(() => expect(searches().some((s) => s.id === "220002")).toBe(true));
    await waitFor(() => expect(answers().hs_name).toBe("Central Catholic High School"));
    expect(answers().hs_ceeb ?? "").toBe("");
    expect(schoolName()).toHaveValue("Central Catholic High School");
    expect(await screen.findByText(NOTE)).toBeVisible();
  });
});

describe("a school that is not listed", () => {
  test("is kept as typed, what the last choice filled is cleared, the note shows and the address asks for the rest", async () => {
    serveLookup();
    given({ hs_name: "Central High School", hs_ceeb: "220001", hs_address_line_1: "100 Main St", hs_city: "Boston", hs_zip: "02118", hs_country: "USA", hs_country_desc: "United States", hs_state: "MA", hs_state_desc: "Massachusetts" });
    const { user } = show();
    const address = screen.getByRole("group", { name: "School address" });
    expect(within(address).getByRole("textbox", { name: "City" })).toHaveValue("Boston");
    expect(screen.queryByText(NOTE)).not.toBeInTheDocument();

    await user.clear(schoolName());
    await user.keyboard("Riverside Home School{Enter}");
    await user.tab();
    expect(answers()).toMatchObject({
      hs_name: "Riverside Home School", hs_ceeb: "", hs_address_line_1: "", hs_city: "", hs_zip: "", hs_country: "", hs_country_desc: "", hs_state: "", hs_state_desc: "",
    });
    expect(screen.getByText(NOTE)).toBeVisible();
    expect(descriptions(schoolName())).toContain(NOTE);
    // The address shows, empty, for the applicant to complete.
    const empty = screen.getByRole("group", { name: "School address" });
    expect(within(empty).getByRole("textbox", { name: "City" })).toHaveValue("");
    expect(within(empty).getByRole("combobox", { name: "Country" })).toHaveValue("");

    // Choosing a school afterwards makes it chosen again.
    await user.clear(schoolName());
    await user.keyboard("Cen");
    await screen.findByRole("listbox");
    await user.keyboard("{ArrowDown}{Enter}");
    await waitFor(() => expect(answers().hs_ceeb).toBe("220001"));
    expect(screen.queryByText(NOTE)).not.toBeInTheDocument();
    expect(within(screen.getByRole("group", { name: "School address" })).getByRole("textbox", { name: "City" })).toHaveValue("Boston");
  });

  test("no school name: no address", async () => {
    const { user } = show();
    expect(screen.queryByRole("group", { name: "School address" })).not.toBeInTheDocument();
    serveLookup();
    await user.type(schoolName(), "X");
    expect(screen.getByRole("group", { name: "School address" })).toBeVisible();
    await user.clear(schoolName());
    expect(screen.queryByRole("group", { name: "School address" })).not.toBeInTheDocument();
  });

  test("a parent's college fills its name alone: no note, nothing else cleared", async () => {
    serveLookup();
    // The parent's college as the page shows it: the parent living, and attended college.
    given({ parent_living: "1", parent_college: "Y", parent_degree: "BA" });
    const user = userEvent.setup();
    render(<Items items={[form.owners.get("parent_college_name")!.item]} level={2} />, { wrapper: WithSaver });
    await user.type(screen.getByRole("combobox", { name: "College" }), "Boston College");
    expect(answers()).toMatchObject({ parent_college_name: "Boston College", parent_degree: "BA" });
    expect(screen.queryByText(NOTE)).not.toBeInTheDocument();
    expect(searches().every((s) => s.category === "college_ceeb")).toBe(true);
  });
});

describe("searching waits for a pause in typing", () => {
  test("typing quickly sends one search, for the whole text", async () => {
    serveLookup();
    show();
    const text = "Central High";
    // Faster than any person: this machine's user-event may take longer than the 500 ms maximum wait.
    act(() => schoolName().focus());
    for (let i = 1; i <= text.length; i++) fireEvent.change(schoolName(), { target: { value: text.slice(0, i) } });
    expect(within(await screen.findByRole("listbox")).getAllByRole("option", { name: "Central High School" })).toHaveLength(2);
    await new Promise((resolve) => setTimeout(resolve, LOOKUP_DEBOUNCE_MS + 100));
    expect(searches()).toEqual([{ text: "Central High", category: "hs_ceeb", max_results: "5" }]);
  });

  test("typing that goes on sends a search at least every 500 ms, and one for the last text", async () => {
    serveLookup();
    show();
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] });
    try {
      const text = "Central High School";
      // A character every 100 ms: a pause never lasts 200 ms, so only the maximum wait sends.
      for (let i = 1; i <= text.length; i++) {
        fireEvent.change(schoolName(), { target: { value: text.slice(0, i) } });
        await act(async () => void vi.advanceTimersByTime(100));
      }
      const whileTyping = searches().map((s) => s.text);
      await act(async () => void vi.advanceTimersByTime(LOOKUP_DEBOUNCE_MS));
      const sent = searches().map((s) => s.text);
      // 1.9 s of typing: a search at 500, 1000 and 1500 ms, then the last text after the pause.
      expect(whileTyping.length).toBeGreaterThanOrEqual(Math.floor((text.length * 100) / LOOKUP_MAX_WAIT_MS));
      expect(whileTyping.length).toBeLessThanOrEqual(Math.ceil((text.length * 100) / LOOKUP_MAX_WAIT_MS));
      expect(sent.at(-1)).toBe(text);
      expect(sent.every((t) => t!.length >= 2)).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });
});
