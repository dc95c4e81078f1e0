// The widgets, one per question type:
// each drawn alone from its real definition, typed into as a person would, and read back from the
// answers store.
import { act, fireEvent, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { http, HttpResponse } from "msw";
import { describe, expect, test, vi } from "vitest";
import { longDate } from "../../engine/cycle";
import type { Answers, ViewItem } from "../../engine/runtime";
import type { Item } from "../../engine/generated/definition-format";
import { useAnswers } from "../state/answers";
import { useSession } from "../state/session";
import { labelOf, logIn, optionsOf, sentTo, server, testSaver, url, withTestServer, WithSaver } from "../testing";
import { form } from "../form/model";
import { Items } from "../form/Renderer";
import { uploadsHint } from "../../engine/documents";
import { DIGITS_ONLY } from "./number";
import { TEXT_MAX_LENGTH } from "./text";
import { TEXTAREA_MAX_LENGTH, TEXTAREA_ROWS } from "./textarea";

withTestServer();

/** The expanded question that asks `key`, as the page draws it. */
const viewOf = (key: string): ViewItem => {
  const owner = form.owners.get(key);
  if (!owner) throw new Error(`no question asks ${key}`);
  return owner.item;
};

/** A question of the real form with its definition changed (a type or property no page uses yet). */
function variant(key: string, item: Record<string, unknown>, newKey = key): ViewItem {
  const view = viewOf(key);
  return { ...view, id: `${view.id}-variant`, key: newKey, keys: [newKey], item: { ...view.item, ...item, key: newKey } as Item };
}

function show(...views: ViewItem[]) {
  const user = userEvent.setup();
  return { user, ...render(<Items items={views} level={2} />, { wrapper: WithSaver }) };
}

const answers = (): Answers => useAnswers.getState().answers;
const given = (values: Answers) => useAnswers.getState().assign(values);

/** The texts of the elements an element's aria-describedby points at. */
function descriptions(element: Element): string[] {
  const ids = (element.getAttribute("aria-describedby") ?? "").split(/\s+/).filter(Boolean);
  return ids.map((id) => document.getElementById(id)?.textContent ?? `(no element #${id})`);
}

describe("text", () => {
  test("is named by its label, described by its help, and stores what is typed", async () => {
    const { user } = show(viewOf("first_name"));
    const { label, help } = viewOf("first_name").item as { label: string; help: string };
    const input = screen.getByRole("textbox", { name: label });
    expect(input).toHaveAccessibleDescription(help);
    expect(input).toHaveAttribute("autocomplete", "given-name");
    await user.type(input, "Ada");
    expect(input).toHaveValue("Ada");
    expect(answers().first_name).toBe("Ada");
    await user.clear(input);
    expect(answers().first_name).toBe("");
  });

  test("shows the stored answer", () => {
    given({ last_name: "Lovelace" });
    show(viewOf("last_name"));
    expect(screen.getByRole("textbox", { name: "Last Name" })).toHaveValue("Lovelace");
  });

  // The input keeps what is typed itself (no render per keystroke): an answer changed elsewhere must still reach it.
  test("follows its answer changed elsewhere while shown (restored, cleared by the server)", async () => {
    const { user } = show(viewOf("first_name"));
    const input = screen.getByRole("textbox", { name: labelOf("first_name") });
    await user.type(input, "Ada");
    act(() => given({ first_name: "Grace" }));
    expect(input).toHaveValue("Grace");
    act(() => given({ first_name: "" }));
    expect(input).toHaveValue("");
    await user.type(input, "Lin");
    expect(input).toHaveValue("Lin");
    expect(answers().first_name).toBe("Lin");
  });

  test(`takes ${TEXT_MAX_LENGTH} characters by default and refuses the next`, async () => {
    expect(TEXT_MAX_LENGTH).toBe(45);
    const { user } = show(viewOf("first_name"));
    const input = screen.getByRole("textbox", { name: labelOf("first_name") });
    expect(input).toHaveAttribute("maxlength", "45");
    await user.type(input, `${"a".repeat(45)}b`);
    expect(answers().first_name).toBe("a".repeat(45));
    expect(input).toHaveValue("a".repeat(45));
  });

  test("takes the definition's maxLength instead (International Phone: 20)", async () => {
    const { user } = show(viewOf("phone_international"));
    const input = screen.getByRole("textbox", { name: "International Phone" });
    expect(input).toHaveAttribute("maxlength", "20");
    await user.type(input, "4420123456789012345678");
    expect(answers().phone_international).toBe("44201234567890123456");
    // A definition may also allow more than the default.
    const { user: again } = show(viewOf("zeemee_url"));
    const link = screen.getByRole("textbox", { name: "ZeeMee profile link (optional)" });
    await again.type(link, "x".repeat(60));
    expect(answers().zeemee_url).toBe("x".repeat(60));
  });
});

describe("email", () => {
  test("an email input that stores what is typed", async () => {
    const { user } = show(viewOf("email_address"));
    const input = screen.getByRole("textbox", { name: "Email Address" });
    expect(input).toHaveAttribute("type", "email");
    expect(input).toHaveAttribute("autocomplete", "email");
    expect(input).toHaveAccessibleDescription("We'll send updates about your application here.");
    await user.type(input, "ada@example.com");
    expect(answers().email_address).toBe("ada@example.com");
  });
});

describe("number", () => {
  test("a numeric text input that takes the definition's maxLength", async () => {
    given({ test_taken_ind: "Y", sat_taken: "Y" });
    const { user } = show(viewOf("sat_score_math"));
    const input = screen.getByRole("textbox", { name: "SAT Math score" });
    expect(input).toHaveAttribute("inputmode", "numeric");
    expect(input).toHaveAccessibleDescription("200 to 800.");
    await user.type(input, "7805");
    expect(answers().sat_score_math).toBe("780");
  });

  test("refuses letters in a sibling's age and says it takes digits only", async () => {
    const { user } = show(viewOf("sibling_age"));
    const input = screen.getByRole("textbox", { name: labelOf("sibling_age") });
    await user.type(input, "abc");
    expect(input).toHaveValue("");
    expect(answers().sibling_age ?? "").toBe("");
    expect(screen.getByRole("status")).toHaveTextContent(DIGITS_ONLY);
    expect(descriptions(input)).toContain(DIGITS_ONLY);
    await user.type(input, "1x4");
    expect(answers().sibling_age).toBe("14");
    await user.type(input, "{Backspace}");
    expect(screen.queryByRole("status")).toBeNull();
  });
});

describe("phone", () => {
  test("formats ten digits as (###) ###-#### while typing", async () => {
    const { user } = show(viewOf("phone_mobile"));
    const input = screen.getByRole("textbox", { name: "Cell Phone" });
    expect(input).toHaveAttribute("type", "tel");
    expect(input).toHaveAttribute("maxlength", "14");
    await user.type(input, "5555555555");
    expect(input).toHaveValue("(555) 555-5555");
    expect(answers().phone_mobile).toBe("(555) 555-5555");
  });

  test("a partial number is formatted as far as it goes", async () => {
    const { user } = show(viewOf("phone_mobile"));
    const input = screen.getByRole("textbox", { name: "Cell Phone" });
    await user.type(input, "555");
    expect(input).toHaveValue("(555");
    await user.type(input, "12");
    expect(input).toHaveValue("(555) 12");
    expect(answers().phone_mobile).toBe("(555) 12");
  });

  test("ignores letters and anything past ten digits", async () => {
    const { user } = show(viewOf("phone_home"));
    const input = screen.getByRole("textbox", { name: "Home Phone" });
    await user.type(input, "2a1b5-c55x5 1234z99");
    expect(input).toHaveValue("(215) 555-1234");
    expect(answers().phone_home).toBe("(215) 555-1234");
  });

  test("letters alone store nothing", async () => {
    const { user } = show(viewOf("phone_home"));
    await user.type(screen.getByRole("textbox", { name: "Home Phone" }), "abc");
    expect(screen.getByRole("textbox", { name: "Home Phone" })).toHaveValue("");
    expect(answers().phone_home ?? "").toBe("");
  });
});

describe("ssn", () => {
  const ssn = () => variant("phone_home", { type: "ssn", label: "Social Security Number", autofill: undefined }, "ssn");

  test("formats nine digits as ###-##-####, digits only, and is not autofilled", async () => {
    const { user } = show(ssn());
    const input = screen.getByRole("textbox", { name: "Social Security Number" });
    expect(input).toHaveAttribute("autocomplete", "off");
    expect(input).toHaveAttribute("inputmode", "numeric");
    await user.type(input, "123");
    expect(input).toHaveValue("123");
    await user.type(input, "4");
    expect(input).toHaveValue("123-4");
    await user.type(input, "5x6789 0");
    expect(input).toHaveValue("123-45-6789");
    expect(answers().ssn).toBe("123-45-6789");
  });
});

describe("date", () => {
  const dateInput = () => screen.getByLabelText("Date of Birth");

  test("a native date input that stores a valid YYYY-MM-DD", () => {
    show(viewOf("birth_date"));
    expect(dateInput()).toHaveAttribute("type", "date");
    expect(dateInput()).toHaveAttribute("autocomplete", "bday");
    fireEvent.change(dateInput(), { target: { value: "2008-03-14" } });
    expect(answers().birth_date).toBe("2008-03-14");
    expect(dateInput()).toHaveValue("2008-03-14");
  });

  test.each(["2008-02-30", "2008-13-01", "14/03/2008", "not a date"])("an invalid date (%s) stores an empty answer", (typed) => {
    given({ birth_date: "2008-03-14" });
    show(viewOf("birth_date"));
    expect(dateInput()).toHaveValue("2008-03-14");
    fireEvent.change(dateInput(), { target: { value: typed } });
    expect(answers().birth_date).toBe("");
    expect(dateInput()).toHaveValue("");
  });
});

describe("textarea", () => {
  test(`1500 characters and ${TEXTAREA_ROWS} rows by default, with the counter 'Character count: n / 1500'`, async () => {
    expect(TEXTAREA_MAX_LENGTH).toBe(1500);
    given({ community_service: "Y" });
    const { user } = show(viewOf("community_service_detail"));
    const area = screen.getByRole("textbox", { name: "Tell us about your service" });
    expect(area.tagName).toBe("TEXTAREA");
    expect(area).toHaveAttribute("rows", "6");
    expect(area).toHaveAttribute("maxlength", "1500");
    expect(screen.getByText("Character count: 0 / 1500")).toBeInTheDocument();
    expect(area).toHaveAccessibleDescription("Character count: 0 / 1500");
    await user.type(area, "I tutor.");
    expect(screen.getByText("Character count: 8 / 1500")).toBeInTheDocument();
    expect(screen.queryByText("Character count: 0 / 1500")).not.toBeInTheDocument();
    expect(answers().community_service_detail).toBe("I tutor.");
  });

  test("an essay takes the institution's character_limit, and the definition's rows (Personal Statement: 14)", () => {
    const limit = form.institution.character_limit;
    show(viewOf("personal_statement_essay"));
    const area = screen.getByRole("textbox", { name: "Personal Statement" });
    expect(area).toHaveAttribute("maxlength", String(limit));
    expect(area).toHaveAttribute("rows", "14");
    expect(screen.getByText(`Character count: 0 / ${limit}`)).toBeInTheDocument();
  });

  test("an essay follows a changed character_limit", () => {
    show({ ...viewOf("personal_statement_essay"), maxLength: 5000 });
    expect(screen.getByRole("textbox", { name: "Personal Statement" })).toHaveAttribute("maxlength", "5000");
    expect(screen.getByText("Character count: 0 / 5000")).toBeInTheDocument();
  });

  test("a maxLength of 7000 given to a question that had none", () => {
    given({ community_service: "Y" });
    show(variant("community_service_detail", { maxLength: 7000 }));
    expect(screen.getByText("Character count: 0 / 7000")).toBeInTheDocument();
    expect(screen.getByRole("textbox", { name: "Tell us about your service" })).toHaveAttribute("maxlength", "7000");
  });

  test("refuses text past its limit", async () => {
    const { user } = show(viewOf("honors_name"));
    const area = screen.getByRole("textbox", { name: "Academic honors and awards (optional)" });
    await user.click(area);
    await user.paste("x".repeat(510));
    expect(answers().honors_name).toBe("x".repeat(500));
    expect(screen.getByText("Character count: 500 / 500")).toBeInTheDocument();
  });

  test("logged in, leaving it saves at once (a text area is saved on blur)", async () => {
    logIn({ username: "ada@example.com" });
    testSaver().unsavedChanges("ada@example.com");
    server.use(http.put(url("/api/answer"), () => HttpResponse.json({ message: "Saved.", revision: 2, cleared: [] })));
    given({ community_service: "Y" });
    const { user } = show(viewOf("community_service_detail"), viewOf("honors_name"));
    await user.type(screen.getByRole("textbox", { name: "Tell us about your service" }), "Tutoring");
    // Typing alone waits for a pause (800 ms) before it is sent.
    expect(sentTo("PUT", "/api/answer")).toEqual([]);
    await user.tab();
    expect(screen.getByRole("textbox", { name: "Academic honors and awards (optional)" })).toHaveFocus();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(sentTo("PUT", "/api/answer").map((r) => r.body)).toEqual([{ community_service_detail: "Tutoring" }]);
  });
});

describe("select", () => {
  test("a native select with a 'Select…' placeholder that stores the key and its label in _desc", async () => {
    const { user } = show(viewOf("suffix"));
    const select = screen.getByRole("combobox", { name: "Suffix" });
    expect(select.tagName).toBe("SELECT");
    expect(within(select).getAllByRole("option").map((o) => o.textContent)).toEqual(["Select…", "Jr.", "Sr.", "II", "III", "IV"]);
    expect(select).toHaveDisplayValue("Select…");
    await user.selectOptions(select, "Jr.");
    expect(answers()).toMatchObject({ suffix: "JR", suffix_desc: "Jr." });
    expect(select).toHaveDisplayValue("Jr.");
    await user.selectOptions(select, "III");
    expect(answers()).toMatchObject({ suffix: "III", suffix_desc: "III" });
    await user.selectOptions(select, "Select…");
    expect(answers()).toMatchObject({ suffix: "", suffix_desc: "" });
  });

  test("is described by its help and shows the stored answer", () => {
    const term = optionsOf("entry_term")[0]!;
    given({ entry_term: term.value, entry_term_desc: term.label });
    show(viewOf("entry_term"));
    const select = screen.getByRole("combobox", { name: "Entry Term" });
    expect(select).toHaveAccessibleDescription("When do you want to start at Westbrook?");
    expect((select as HTMLSelectElement).value).toBe(term.value);
    expect(select).toHaveDisplayValue(term.label);
  });

  test("options from a list file (Lived here since (month))", async () => {
    const { user } = show(viewOf("address_from_month"));
    const select = screen.getByRole("combobox", { name: "Lived here since (month)" });
    expect(within(select).getAllByRole("option")).toHaveLength(13);
    await user.selectOptions(select, "March");
    expect(answers().address_from_month_desc).toBe("March");
    expect(answers().address_from_month).not.toBe("");
  });
});

describe("a choice the question no longer offers", () => {
  // Staff removed the option after the applicant chose it: the answer shows, chosen and not to be chosen again.
  test("a select shows it chosen, marked no longer offered; choosing another replaces it", async () => {
    given({ applied_major: "ZZZ", applied_major_desc: "Astrobiology" });
    const { user } = show(viewOf("applied_major"));
    const select = screen.getByRole("combobox", { name: labelOf("applied_major") });
    expect(select).toHaveDisplayValue("Astrobiology (no longer offered)");
    expect(within(select).getByRole("option", { name: "Astrobiology (no longer offered)" })).toBeDisabled();
    const other = optionsOf("applied_major")[1]!;
    await user.selectOptions(select, other.label);
    expect(answers()).toMatchObject({ applied_major: other.value, applied_major_desc: other.label });
    expect(within(select).queryByRole("option", { name: /no longer offered/ })).toBeNull();
  });

  test("a radio group shows it chosen and disabled; the code stands in for a label never stored", () => {
    given({ conviction: "M" });
    show(viewOf("conviction"));
    const withdrawn = screen.getByRole("radio", { name: "M (no longer offered)" });
    expect(withdrawn).toBeChecked();
    expect(withdrawn).toBeDisabled();
    for (const option of optionsOf("conviction")) expect(screen.getByRole("radio", { name: option.label })).not.toBeChecked();
  });
});

describe("radio", () => {
  test("a labelled group of radios; choosing stores the key and its label in _desc", async () => {
    const { user } = show(viewOf("gender"));
    const group = screen.getByRole("radiogroup", { name: "Legal Sex" });
    expect(group).toHaveAccessibleDescription("As it appears on your official documents, such as your passport or birth certificate.");
    expect(within(group).getAllByRole("radio").map((r) => r.closest("label")!.textContent)).toEqual(["Female", "Male", "X or another legal sex"]);
    await user.click(screen.getByRole("radio", { name: "Male" }));
    expect(answers()).toMatchObject({ gender: "M", gender_desc: "Male" });
    expect(screen.getByRole("radio", { name: "Male" })).toBeChecked();
  });

  test("by keyboard: Tab in, Space chooses, arrow keys move the choice", async () => {
    const { user } = show(viewOf("first_name"), viewOf("gender"));
    await user.click(screen.getByRole("textbox", { name: labelOf("first_name") }));
    await user.tab();
    expect(screen.getByRole("radio", { name: "Female" })).toHaveFocus();
    expect(answers().gender ?? "").toBe("");
    await user.keyboard(" ");
    expect(answers()).toMatchObject({ gender: "F", gender_desc: "Female" });
    await user.keyboard("{ArrowDown}");
    expect(screen.getByRole("radio", { name: "Male" })).toHaveFocus();
    expect(answers()).toMatchObject({ gender: "M", gender_desc: "Male" });
    await user.keyboard("{ArrowDown}");
    expect(answers()).toMatchObject({ gender: "X", gender_desc: "X or another legal sex" });
    await user.keyboard("{ArrowUp}");
    expect(answers()).toMatchObject({ gender: "M", gender_desc: "Male" });
  });

  test("a yes/no question from the option list file, by arrow keys", async () => {
    const { user } = show(viewOf("preferred_name_ind"));
    const group = screen.getByRole("radiogroup", { name: "Do you go by a name other than your first name?" });
    expect(within(group).getAllByRole("radio")).toHaveLength(2);
    await user.tab();
    await user.keyboard(" ");
    const first = answers().preferred_name_ind;
    await user.keyboard("{ArrowRight}");
    expect(answers().preferred_name_ind).not.toBe(first);
    expect(answers()).toMatchObject({ preferred_name_ind: "N", preferred_name_ind_desc: "No" });
    await user.keyboard("{ArrowLeft}");
    expect(answers()).toMatchObject({ preferred_name_ind: "Y", preferred_name_ind_desc: "Yes" });
  });
});

describe("an application plan (cycleDeadlines)", () => {
  const plans = () => {
    const options = viewOf("decision_type").options;
    if (options?.kind !== "list") throw new Error("decision_type has one list");
    return options.options.map((o) => ({ ...o, closesAfter: o.closesAfter! }));
  };

  test("shows each plan's deadline; a plan whose deadline has passed is disabled, with the day it closed", async () => {
    const [first, ...rest] = [...plans()].sort((a, b) => a.closesAfter.localeCompare(b.closesAfter));
    const open = rest.filter((p) => p.closesAfter > first!.closesAfter);
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date(`${first!.closesAfter}T12:00:00`).getTime() + 86_400_000);
    try {
      // The plan is asked of applicants for this cycle's term.
      given({ entry_term: form.institution.cycle!.term });
      const { user } = show(viewOf("decision_type"));
      const closed = screen.getByRole("radio", { name: `${first!.label} (closed ${longDate(first!.closesAfter)})` });
      expect(closed).toBeDisabled();
      for (const plan of open) expect(screen.getByRole("radio", { name: `${plan.label} (deadline ${longDate(plan.closesAfter)})` })).toBeEnabled();
      await user.click(closed);
      expect(answers().decision_type ?? "").toBe("");
      await user.click(screen.getByRole("radio", { name: new RegExp(`^${open[0]!.label} `) }));
      expect(answers()).toMatchObject({ decision_type: open[0]!.value, decision_type_desc: open[0]!.label });
    } finally {
      vi.useRealTimers();
    }
  });
});

describe("checkbox", () => {
  const OPT_IN = "Text me updates about my application (message and data rates may apply).";

  test("stores true and false", async () => {
    const { user } = show(viewOf("optin_sms_ind"));
    const box = screen.getByRole("checkbox", { name: OPT_IN });
    expect(box).not.toBeChecked();
    await user.click(box);
    expect(answers().optin_sms_ind).toBe(true);
    expect(box).toBeChecked();
    await user.click(box);
    expect(answers().optin_sms_ind).toBe(false);
    expect(box).not.toBeChecked();
  });

  test('stores "Y" and "N" when the definition says stores: yesNo', async () => {
    given({ legal_agree: "Y" });
    const { user } = show(variant("legal_agree", { stores: "yesNo" }));
    const box = screen.getByRole("checkbox", { name: "I certify that everything in this application is true, complete and my own work." });
    expect(box).toBeChecked();
    await user.click(box);
    expect(answers().legal_agree).toBe("N");
    await user.click(box);
    expect(answers().legal_agree).toBe("Y");
  });

  test("by keyboard: Tab to it, Space ticks and unticks", async () => {
    const { user } = show(viewOf("phone_mobile"), viewOf("optin_sms_ind"));
    await user.click(screen.getByRole("textbox", { name: "Cell Phone" }));
    await user.tab();
    expect(screen.getByRole("checkbox", { name: OPT_IN })).toHaveFocus();
    await user.keyboard(" ");
    expect(answers().optin_sms_ind).toBe(true);
    await user.keyboard(" ");
    expect(answers().optin_sms_ind).toBe(false);
  });
});

describe("checkboxes", () => {
  const LABEL = "How do you describe your gender? Choose any that fit (optional).";

  test("a labelled group; each box is its own true/false answer", async () => {
    const { user } = show(viewOf("gender_female"));
    const group = screen.getByRole("group", { name: LABEL });
    expect(within(group).getAllByRole("checkbox").map((c) => c.closest("label")!.textContent)).toEqual(["Woman", "Man", "Nonbinary", "Another gender identity"]);
    await user.click(screen.getByRole("checkbox", { name: "Woman" }));
    await user.click(screen.getByRole("checkbox", { name: "Nonbinary" }));
    expect(answers()).toMatchObject({ gender_female: true, gender_male: false, gender_nonbinary: true, gender_add_another: false });
    await user.click(screen.getByRole("checkbox", { name: "Woman" }));
    expect(answers()).toMatchObject({ gender_female: false, gender_male: false, gender_nonbinary: true, gender_add_another: false });
    expect(screen.getByRole("checkbox", { name: "Nonbinary" })).toBeChecked();
    expect(screen.getByRole("checkbox", { name: "Woman" })).not.toBeChecked();
  });

  test("shows the stored answers and is described by its help", () => {
    given({ scholarship_merit_5: true, scholarship_merit_8: true });
    show(viewOf("scholarship_merit_4"));
    const group = screen.getByRole("group", { name: "Special scholarships you'd like to be considered for (optional)" });
    expect(group).toHaveAccessibleDescription("Every applicant is considered for merit scholarships automatically. These ask for a little more later.");
    expect(within(group).getAllByRole("checkbox", { checked: true }).map((c) => c.closest("label")!.textContent)).toEqual(["Community Service Scholarship", "STEM Scholarship"]);
  });

  test("by keyboard: Tab moves from box to box, Space ticks", async () => {
    const { user } = show(viewOf("gender_female"));
    await user.tab();
    expect(screen.getByRole("checkbox", { name: "Woman" })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole("checkbox", { name: "Man" })).toHaveFocus();
    await user.keyboard(" ");
    expect(answers()).toMatchObject({ gender_female: false, gender_male: true, gender_nonbinary: false, gender_add_another: false });
  });

  test("each box has an id of its own (the /{page}#{key} anchors)", () => {
    show(viewOf("gender_female"));
    for (const key of ["gender_female", "gender_male", "gender_nonbinary", "gender_add_another"]) {
      expect(document.querySelectorAll(`[id="${key}"]`), key).toHaveLength(1);
    }
  });
});

// The file and lookup widgets have their own tests (file.test.tsx, lookup.test.tsx, LookupCombo.test.tsx).

describe("an unknown type", () => {
  test("shows a note naming the type and the answer key", () => {
    const view: ViewItem = {
      id: "test:/items/0",
      item: { type: "slider", key: "x_key", label: "X" } as unknown as Item,
      source: { file: "test.json", pointer: "/items/0" },
      gate: -1,
      key: "x_key",
      keys: ["x_key"],
    };
    show(view);
    expect(screen.getByRole("note")).toHaveTextContent("This question cannot be shown: its type “slider” is not one this application knows. Answer key: x_key.");
  });
});

describe("errors", () => {
  const MESSAGE = "This answer needs another look.";

  /** Each kind of question: its key, and the element that carries aria-invalid and the message, found by the question's label. */
  const cases: [string, string, () => HTMLElement][] = [
    ["text", "first_name", () => screen.getByRole("textbox", { name: labelOf("first_name") })],
    ["email", "email_address", () => screen.getByRole("textbox", { name: labelOf("email_address") })],
    ["phone", "phone_mobile", () => screen.getByRole("textbox", { name: labelOf("phone_mobile") })],
    ["number", "sat_score_math", () => screen.getByRole("textbox", { name: labelOf("sat_score_math") })],
    ["date", "birth_date", () => screen.getByLabelText(labelOf("birth_date"))],
    // The plain input the lookup shows until its combo box loads (LookupCombo.test.tsx checks that one).
    ["lookup", "hs_name", () => screen.getByLabelText(labelOf("hs_name"))],
    ["textarea", "honors_name", () => screen.getByRole("textbox", { name: labelOf("honors_name") })],
    ["select", "suffix", () => screen.getByRole("combobox", { name: labelOf("suffix") })],
    ["radio", "gender", () => screen.getByRole("radiogroup", { name: labelOf("gender") })],
    ["checkbox", "optin_sms_ind", () => screen.getByRole("checkbox", { name: labelOf("optin_sms_ind") })],
    ["checkboxes", "gender_female", () => screen.getByRole("checkbox", { name: "Woman" })],
  ];

  test.each(cases)("%s: while validating, marked invalid and described by the message", (_type, key, element) => {
    useSession.setState({ web_status: "validating" });
    useAnswers.setState({ errors: { [key]: [MESSAGE] } });
    show(viewOf(key));
    expect(element()).toHaveAttribute("aria-invalid", "true");
    expect(descriptions(element())).toContain(MESSAGE);
    expect(screen.getByText(MESSAGE)).toBeVisible();
  });

  test("several messages show together", () => {
    useSession.setState({ web_status: "validating" });
    useAnswers.setState({ errors: { phone_mobile: ["Please provide a valid cell phone number.", "A cell phone number is required to receive text message updates."] } });
    show(viewOf("phone_mobile"));
    expect(descriptions(screen.getByRole("textbox", { name: "Cell Phone" }))).toContain(
      "Please provide a valid cell phone number. A cell phone number is required to receive text message updates.",
    );
  });

  test("a file question: while validating, its input is marked invalid and described by the message", async () => {
    logIn({ web_status: "validating" });
    useAnswers.setState({ errors: { personal_statement_doc: ["We'd love to learn more about you than the basic facts on this application."] } });
    show(viewOf("personal_statement_doc"));
    const input = await screen.findByLabelText("Personal Statement Document");
    expect(input).toHaveAttribute("aria-invalid", "true");
    expect(descriptions(input)).toEqual([
      uploadsHint(form.institution.uploads),
      "We'd love to learn more about you than the basic facts on this application.",
    ]);
  });

  test("a file question does not show it while started", async () => {
    logIn({ web_status: "started" });
    useAnswers.setState({ errors: { personal_statement_doc: ["We'd love to learn more about you than the basic facts on this application."] } });
    show(viewOf("personal_statement_doc"));
    expect(await screen.findByLabelText("Personal Statement Document")).not.toHaveAttribute("aria-invalid");
    expect(screen.queryByText("We'd love to learn more about you than the basic facts on this application.")).not.toBeInTheDocument();
  });

  test("an error on another question is not shown here", () => {
    useSession.setState({ web_status: "validating" });
    useAnswers.setState({ errors: { last_name: [MESSAGE] } });
    show(viewOf("first_name"));
    expect(screen.getByRole("textbox", { name: labelOf("first_name") })).not.toHaveAttribute("aria-invalid");
    expect(screen.queryByText(MESSAGE)).not.toBeInTheDocument();
  });

  test.each(cases)("%s: while started, the same errors are not shown", (_type, key, element) => {
    useSession.setState({ web_status: "started", is_logged_in: true });
    useAnswers.setState({ errors: { [key]: [MESSAGE] } });
    show(viewOf(key));
    expect(element()).not.toHaveAttribute("aria-invalid", "true");
    expect(descriptions(element())).not.toContain(MESSAGE);
    expect(screen.queryByText(MESSAGE)).not.toBeInTheDocument();
  });
});
