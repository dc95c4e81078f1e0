// The application form in Chromium against the built server: the whole journey by mouse and by
// keyboard alone (conditions, add another, tabs, the validation summary and its links, submit),
// every summary link landing on its question, the save queue offline and across a reload, and a
// visitor's answers across a reload, and what a visitor types into the server's drawing of the page
// before its code runs. Full-page screenshots of the filled pages go to
// tmp/screenshots/ for a person to see.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { isClosed, longDate, localToday, type ResolvedOption } from "../../src/engine/runtime";
import { readProject } from "../../src/definitions/files";
import { cycleTerm, openPlan } from "../support/answer-sets";
import { definitions, optionsOf } from "../support/definitions";
import { createAccount, logInThroughApi, newAddress, PASSWORD, QUEUE_EMPTY, repoRoot, SAVE_STATE, screenshot, serverAnswers, TAKES_SCREENSHOTS, waitForExpression, waitForSaved } from "./support";
import { browserWorld } from "./world";

const world = browserWorld();
const { newPage } = world;

const SUBMITTED = "Your application was successfully submitted.";
const SUMMARY_HEADING = "We're missing some information!";
const OFFLINE_TEXT = "Offline — your changes are kept on this device and sent when you are back online";
const ESSAY =
  "When my grandmother moved in with us, I became her translator at doctor's appointments. I learned that medicine is as much about listening as it is about science.";

/** A new page whose context holds the session of a new confirmed applicant. */
async function loggedInPage(name: string): Promise<{ page: Page; username: string }> {
  const username = await createAccount(world.server, newAddress(name));
  const page = await newPage();
  await logInThroughApi(page, world.server, username);
  return { page, username };
}

const waitForPath = (page: Page, pathname: string) => page.waitForURL((url) => url.pathname === pathname);
const pathOf = (page: Page) => new URL(page.url()).pathname;

/** Until the form page's heading shows (the profile, tabs and block counts have loaded). */
async function onFormPage(page: Page, title: string): Promise<void> {
  await page.getByRole("heading", { level: 1, name: title, exact: true }).waitFor();
}

const js = (value: string) => JSON.stringify(value);

// ---- questions, found by their answer key (the id of the input, or of a group's wrapper) ------

/** A text, email, phone, number, date input or a text area. */
const field = (page: Page, key: string) => page.locator(`input[id=${js(key)}], textarea[id=${js(key)}]`);
/** A native select. */
const select = (page: Page, key: string) => page.locator(`select[id=${js(key)}]`);
/** A radio group (the section heading "gender" shares its id with Legal Sex: the role tells them apart). */
const radioGroup = (page: Page, key: string) => page.locator(`[role="radiogroup"][id=${js(key)}]`);

const type = (page: Page, key: string, value: string) => field(page, key).fill(value);
const pick = async (page: Page, key: string, label: string) => void (await select(page, key).selectOption({ label }));
async function choose(page: Page, key: string, label: string): Promise<void> {
  await radioGroup(page, key).getByText(label, { exact: true }).click();
  await waitForExpression(page, `document.querySelector(${js(`[role="radiogroup"][id="${key}"]`)}).querySelector('input:checked')?.closest('label')?.textContent === ${js(label)}`, 5000);
}
/** Ticks a single checkbox (its wrapper carries the key) or one box of a group (its input does). */
async function tick(page: Page, key: string): Promise<void> {
  const single = page.locator(`div[id=${js(key)}]:not([role]) > label.choice`);
  const inGroup = page.locator(`label.choice:has(input[id=${js(key)}])`);
  await (await single.count() > 0 ? single : inGroup).click();
}

/** The page's save state text ("All changes saved", "Saving…", the offline text). */
const saveState = (page: Page) => page.locator(SAVE_STATE).textContent();

/** The validation summary. */
const summary = (page: Page) => page.locator("#validation-summary");

/**
 * Browser-side: whether focus is on the question of `key` — its own input (id = key), or an input
 * inside its group (radio buttons, a single checkbox).
 */
const IS_QUESTION = (key: string) => `a.matches('input, select, textarea') && (a.id === ${js(key)} || a.closest('.question')?.id === ${js(key)})`;
const FOCUSED_ON = (key: string) => `(() => { const a = document.activeElement; return !!a && ${IS_QUESTION(key)}; })()`;
const focusedOn = (page: Page, key: string) => page.evaluate<boolean>(FOCUSED_ON(key));
/** What has focus, for failure messages. */
const describeFocus = (page: Page) =>
  page.evaluate<string>("(() => { const a = document.activeElement; return a ? `${a.tagName.toLowerCase()}${a.id ? '#' + a.id : ''} \"${(a.textContent ?? '').trim().slice(0, 40)}\"` : 'nothing'; })()");

/** Full-page screenshots of the page as it is at 1280 and 375 px (back to 1280 after). */
async function screenshots(page: Page, name: string): Promise<void> {
  if (!TAKES_SCREENSHOTS) return;
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await page.evaluate("document.fonts.ready.then(() => undefined)");
    await screenshot(page, `${name}-${width}`);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** The success toast on /status. */
async function submittedToast(page: Page): Promise<void> {
  await page.getByRole("alertdialog", { name: "Success Notification" }).filter({ hasText: SUBMITTED }).waitFor();
}

// ---- the cycle: its term, and the plans open today (institution.json `cycle`) ----------------

/** This cycle's entry term, the one the plan questions are asked for. */
const TERM = cycleTerm(definitions());
/** The plans the browser offers today (a closed one is disabled), in the form's order. */
const openPlans = () => optionsOf("decision_type").filter((plan) => !isClosed(plan, localToday()));
/** A plan as its radio reads: the label, then its deadline. */
const planText = (plan: ResolvedOption) => (plan.closesAfter ? `${plan.label} (deadline ${longDate(plan.closesAfter)})` : plan.label);

// ---- the journey by mouse --------------------------------------------------------------------

/** How the mouse journey answers each question the summary may list. */
const MOUSE_FIXES: Record<string, (page: Page) => Promise<void>> = {
  entry_term: (page) => pick(page, "entry_term", TERM.label),
  decision_type: (page) => choose(page, "decision_type", planText(openPlan(definitions(), localToday()))),
  early_decision_agree: (page) => tick(page, "early_decision_agree"),
  applied_major: (page) => pick(page, "applied_major", "Biology"),
  previously_applied_transfer: (page) => choose(page, "previously_applied_transfer", "No"),
  management_program: (page) => choose(page, "management_program", "No"),
  test_taken_ind: (page) => choose(page, "test_taken_ind", "Yes"),
  sat_taken: (page) => choose(page, "sat_taken", "No"),
  act_taken: (page) => choose(page, "act_taken", "No"),
  hs_name: typeUnlistedSchool,
  hs_entry_month: (page) => pick(page, "hs_entry_month", "August"),
  hs_grad_month: (page) => pick(page, "hs_grad_month", "June"),
  // The upload is a placeholder for now: the statement is written on the other tab.
  personal_statement_doc: writeStatement,
  personal_statement_essay: writeStatement,
  conviction: (page) => choose(page, "conviction", "No"),
  suspended: (page) => choose(page, "suspended", "No"),
  counselor_waiver_request: (page) => choose(page, "counselor_waiver_request", "Yes"),
  legal_agree: (page) => tick(page, "legal_agree"),
};

/** A school not in the lookup's list: typed, then its address, which shows once the name is there. */
async function typeUnlistedSchool(page: Page): Promise<void> {
  await type(page, "hs_name", "Columbus Alternative High School");
  await field(page, "hs_name").press("Tab");
  await page.getByText("Enter your school information below.").waitFor();
  await pick(page, "hs_country", "United States");
  await pick(page, "hs_state", "Ohio");
  await type(page, "hs_address_line_1", "2632 McGuffey Road");
  await type(page, "hs_city", "Columbus");
  await type(page, "hs_zip", "43211");
}

async function writeStatement(page: Page): Promise<void> {
  const tab = page.getByRole("tab", { name: "Write it here" });
  if ((await tab.getAttribute("aria-selected")) !== "true") await tab.click();
  await type(page, "personal_statement_essay", ESSAY);
}

/** Keys a link may lead to without a control to focus: the file questions are placeholders. */
const PLACEHOLDERS = new Set(["personal_statement_doc", "resume_pdf"]);

describe("the application form", () => {
  test("the whole application by mouse: a condition, add another, tabs, the summary's links, submit", async () => {
    const username = await createAccount(world.server, newAddress("mouse"));
    const page = await newPage();
    await page.goto(`${world.server.url}/login`);
    await page.getByLabel("Email", { exact: true }).fill(username);
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: "Submit", exact: true }).click();
    await waitForPath(page, "/about");
    await onFormPage(page, "About You");

    // Name; a condition: Yes shows Preferred Name, No hides it and clears it on the server too.
    await type(page, "first_name", "Maya");
    await type(page, "middle_name", "Adaeze");
    await type(page, "last_name", "Okafor");
    await choose(page, "preferred_name_ind", "Yes");
    await field(page, "preferred_name").waitFor();
    await type(page, "preferred_name", "Mia");
    await waitForSaved(page);
    expect((await serverAnswers(page, world.server)).preferred_name).toBe("Mia");
    await choose(page, "preferred_name_ind", "No");
    await field(page, "preferred_name").waitFor({ state: "detached" });
    await waitForSaved(page);
    expect(await saveState(page)).toBe("All changes saved");
    const cleared = await serverAnswers(page, world.server);
    expect(cleared.preferred_name_ind).toBe("N");
    expect(cleared.preferred_name ?? "", "the hidden Preferred Name is cleared on the server").toBe("");
    await choose(page, "former_names", "No");
    await type(page, "birth_date", "2008-03-14");

    await choose(page, "gender", "Female");
    await tick(page, "gender_female");
    await tick(page, "pronoun_she");

    await type(page, "phone_mobile", "6145550123");
    expect(await field(page, "phone_mobile").inputValue(), "the phone is formatted as typed").toBe("(614) 555-0123");
    await tick(page, "optin_sms_ind");
    await type(page, "phone_home", "6145550142");
    await type(page, "email_address", "maya.okafor@example.com");
    await choose(page, "veteran_status", "No");

    // Permanent address: the United States brings its list of states.
    expect(await select(page, "state").count(), "no state list before a country").toBe(0);
    await pick(page, "country", "United States");
    await select(page, "state").waitFor();
    expect(await select(page, "state").locator("option").count()).toBeGreaterThan(50);
    await pick(page, "state", "Ohio");
    await type(page, "address_line_1", "418 Maple Avenue");
    await type(page, "address_line_2", "Apt 2B");
    await type(page, "city", "Columbus");
    await type(page, "zip", "43215");
    await pick(page, "address_from_month", "August");
    await pick(page, "address_from_year", "2015");
    await choose(page, "mailing_addr_same_as_perm_addr", "Yes");
    expect(await select(page, "mailing_country").count(), "no mailing address when it is the same").toBe(0);

    await choose(page, "citizenship_us", "Yes");
    await choose(page, "citizenship_us_type", "U.S. citizen by birth");
    await choose(page, "citizenship_us_dual", "No");
    await choose(page, "birth_country_us", "Yes");
    await type(page, "native_language", "English");

    // Parents: a living parent needs names and the same-address answer.
    await pick(page, "parents_marital_status", "Married");
    await pick(page, "parents_perm_res", "Both parents");
    await pick(page, "parent_relationship", "Mother");
    await choose(page, "parent_living", "Yes");
    await pick(page, "parent_prefix", "Dr.");
    await type(page, "parent_first_name", "Ngozi");
    await type(page, "parent_last_name", "Okafor");
    await choose(page, "parent_addr_same_as_stu_perm", "Yes");
    await type(page, "parent_phone_cell", "9375550133");
    await type(page, "parent_email_address", "ngozi.okafor@example.com");
    await choose(page, "parent_college", "No");
    await choose(page, "legacy_ind", "No");

    // Siblings: a second block with "+ Add another sibling".
    await type(page, "sibling_first_name", "Chidi");
    await type(page, "sibling_last_name", "Okafor");
    await pick(page, "sibling_relationship", "Brother");
    await type(page, "sibling_age", "21");
    expect(await field(page, "sibling_2_first_name").count()).toBe(0);
    await page.getByRole("button", { name: "+ Add another sibling" }).click();
    await page.getByRole("heading", { name: "Sibling 2" }).waitFor();
    await type(page, "sibling_2_first_name", "Ada");
    await type(page, "sibling_2_last_name", "Okafor");
    await pick(page, "sibling_2_relationship", "Sister");
    await type(page, "sibling_2_age", "14");
    await choose(page, "sibling_college", "Yes");
    await choose(page, "ethnicity", "No");
    await tick(page, "race_black");
    await pick(page, "race_black_best", "African");

    await page.getByRole("button", { name: "Save and continue" }).click();
    await waitForPath(page, "/education");
    await onFormPage(page, "Academics");

    // Academics, partly: the counselor; the other statement tab. The high school comes from the
    // validation summary, its address with it (it shows once the school's name is there).
    await pick(page, "hs_type", "Public");
    await type(page, "counselor_first_name", "Laura");
    await type(page, "counselor_last_name", "Jenkins");
    await type(page, "counselor_email_address", "ljenkins@example.org");
    await type(page, "activity_name", "Science Olympiad");
    await tick(page, "activity_junior");
    await tick(page, "activity_senior");
    expect(await page.getByRole("tab", { name: "Write it here" }).getAttribute("aria-selected")).toBe("true");
    await page.getByRole("tab", { name: "Upload a document" }).click();
    await page.getByText("Personal Statement Document", { exact: true }).waitFor();
    expect(await field(page, "personal_statement_essay").count()).toBe(0);
    await waitForSaved(page);

    await page.getByRole("button", { name: "Save and continue" }).click();
    await waitForPath(page, "/final-steps");
    await onFormPage(page, "Finishing Up");

    // Submit early: the summary lists what is missing, with links.
    expect(await summary(page).count(), "no summary before the first submit").toBe(0);
    await page.getByRole("button", { name: "Save and submit", exact: true }).click();
    await summary(page).getByRole("heading", { name: SUMMARY_HEADING }).waitFor();
    const links = summary(page).getByRole("link");
    expect(await links.count()).toBeGreaterThan(5);
    // About You is complete: the first link goes to Academics.
    expect(await links.first().getAttribute("href")).toBe("/education#entry_term");
    expect(pathOf(page), "an early submit stays on the page").toBe("/final-steps");

    // Each link goes to its question's page and focuses it; the journey fixes them one by one.
    const fixed: string[] = [];
    const misfocused: string[] = [];
    for (let round = 0; (await summary(page).count()) > 0; round++) {
      expect(round, `the summary still lists: ${await summary(page).innerText()}`).toBeLessThan(40);
      const href = (await summary(page).getByRole("link").first().getAttribute("href"))!;
      const [route, key] = href.split("#") as [string, string];
      const fix = MOUSE_FIXES[key];
      expect(fix, `the summary lists ${key} (${href}), which this journey does not expect`).toBeDefined();
      expect(fixed, `${key} is listed again after it was answered`).not.toContain(key);
      await summary(page).locator(`a[href=${js(href)}]`).click();
      await waitForPath(page, route);
      await page.waitForURL((url) => url.hash === `#${key}`);
      if (!PLACEHOLDERS.has(key)) {
        await waitForExpression(page, FOCUSED_ON(key), 3000).catch(async () => misfocused.push(`${href}: focus is on ${await describeFocus(page)}`));
      }
      await fix!(page);
      fixed.push(key);
      // The summary follows the answers (the browser revalidates a moment after a change); the
      // written statement answers both statement questions.
      for (const gone of key.startsWith("personal_statement_") ? ["personal_statement_doc", "personal_statement_essay"] : [key]) {
        await waitForExpression(page, `!document.querySelector('#validation-summary a[href$=${js(`#${gone}`)}]')`, 5000);
      }
    }
    expect.soft(misfocused, "summary links that did not focus their question").toEqual([]);
    expect(fixed).toEqual(expect.arrayContaining(["entry_term", "applied_major", "hs_name", "conviction", "legal_agree"]));
    expect(fixed.some((key) => key.startsWith("personal_statement_")), "the statement was listed").toBe(true);
    await waitForSaved(page);

    const answers = await serverAnswers(page, world.server);
    expect(answers).toMatchObject({
      first_name: "Maya", last_name: "Okafor", birth_date: "2008-03-14", gender: "F", gender_desc: "Female",
      phone_mobile: "(614) 555-0123", optin_sms_ind: true, country: "USA", state: "OH", state_desc: "Ohio", zip: "43215",
      mailing_addr_same_as_perm_addr: "Y", citizenship_us: "Y", citizenship_us_type: "1", citizenship_us_dual: "N",
      parent_first_name: "Ngozi", parent_living: "1", sibling_first_name: "Chidi", sibling_2_first_name: "Ada", sibling_2_relationship: "SISTER",
      entry_term: TERM.value, decision_type: openPlan(definitions(), localToday()).value, early_decision_agree: true, applied_major: "BIOL", hs_name: "Columbus Alternative High School", hs_city: "Columbus", hs_state: "OH",
      hs_entry_month: "8", personal_statement_essay: ESSAY, conviction: "N", suspended: "N", counselor_waiver_request: "Y", legal_agree: true,
    });
    expect(answers.preferred_name ?? "").toBe("");

    // Every page filled in, for a person to look at; then submit.
    for (const [title, route, name] of [["About You", "/about", "about"], ["Academics", "/education", "education"], ["Finishing Up", "/final-steps", "final-steps"]] as const) {
      if (pathOf(page) !== route) {
        await page.getByRole("navigation", { name: "Application steps" }).getByRole("link", { name: title }).click();
        await waitForPath(page, route);
      }
      await onFormPage(page, title);
      expect(await summary(page).count()).toBe(0);
      // Ids are the anchors of the summary's links: each names one element.
      const twice = await page.evaluate<string[]>("(() => { const ids = [...document.querySelectorAll('[id]')].map((e) => e.id); return [...new Set(ids.filter((id, i) => ids.indexOf(id) !== i))]; })()");
      expect.soft(twice, `ids used more than once on ${route}`).toEqual([]);
      await screenshots(page, `filled-${name}`);
    }
    await page.getByRole("button", { name: "Save and submit", exact: true }).click();
    await waitForPath(page, "/status");
    await submittedToast(page);
    await page.getByRole("heading", { level: 1, name: "Your application is submitted" }).waitFor();
    await screenshots(page, "filled-status");
  });

  test("every link of the summary of an empty application lands on its question", async () => {
    const { page } = await loggedInPage("links");
    await page.goto(`${world.server.url}/final-steps`);
    await onFormPage(page, "Finishing Up");
    await page.getByRole("button", { name: "Save and submit", exact: true }).click();
    await summary(page).getByRole("heading", { name: SUMMARY_HEADING }).waitFor();
    const hrefs = await summary(page).getByRole("link").evaluateAll((links) => links.map((a) => a.getAttribute("href")!));
    expect(hrefs.length).toBeGreaterThan(10);

    const problems: string[] = [];
    for (const href of hrefs) {
      const [route, key] = href.split("#") as [string, string];
      await summary(page).locator(`a[href=${js(href)}]`).click();
      await waitForPath(page, route);
      await page.waitForURL((url) => url.hash === `#${key}`);
      if (PLACEHOLDERS.has(key)) continue;
      await waitForExpression(page, FOCUSED_ON(key), 3000).catch(async () => problems.push(`${href}: focus is on ${await describeFocus(page)}`));
    }
    expect(problems, "summary links that did not focus their question").toEqual([]);
  });

  test("the whole application by keyboard alone", async () => {
    const username = await createAccount(world.server, newAddress("keys"));
    const page = await newPage();
    const press = (key: string) => page.keyboard.press(key);
    const typeKeys = (text: string) => page.keyboard.type(text);

    /** Presses Tab (or Shift+Tab) until `expression` holds for document.activeElement (as `a`). */
    async function tabUntil(expression: string, what: string, { back = false, max = 120 } = {}): Promise<void> {
      const test = `(() => { const a = document.activeElement; return !!a && (${expression}); })()`;
      for (let presses = 0; !(await page.evaluate<boolean>(test)); presses++) {
        if (presses >= max) throw new Error(`${max} presses of ${back ? "Shift+Tab" : "Tab"} never reached ${what} (focus is on ${await describeFocus(page)})`);
        await press(back ? "Shift+Tab" : "Tab");
      }
    }
    const tabTo = (key: string) => tabUntil(IS_QUESTION(key), key);
    const tabToButton = (name: string) => tabUntil(`a.matches('button, a') && a.textContent.trim() === ${js(name)}`, `the ${name} button`);
    /** The label of the checked radio button of a group. */
    const checkedRadio = (key: string) =>
      page.evaluate<string | null>(`document.querySelector(${js(`[role="radiogroup"][id="${key}"]`)}).querySelector('input:checked')?.closest('label')?.textContent ?? null`);
    const value = (key: string) => page.evaluate<string>(`document.getElementById(${js(key)})?.value ?? ''`);

    // Log in by keyboard.
    await page.goto(`${world.server.url}/login`);
    await page.getByRole("heading", { name: "Log In" }).waitFor();
    await tabUntil("a.getAttribute('autocomplete') === 'username'", "the email field");
    await typeKeys(username);
    await press("Tab");
    await typeKeys(PASSWORD);
    await press("Enter");
    await waitForPath(page, "/about");
    await onFormPage(page, "About You");

    // About You: text, a date, radio buttons by Space and by arrows, selects by keys, a checkbox by Space.
    await tabTo("first_name");
    await typeKeys("Kai");
    await tabTo("last_name");
    await typeKeys("Nakamura");
    await tabTo("birth_date");
    await typeKeys("07222007");
    expect(await value("birth_date")).toBe("2007-07-22");
    await tabTo("gender");
    await press("ArrowDown"); // Female is focused, not chosen: the arrow moves to Male and chooses it
    expect(await checkedRadio("gender")).toBe("Male");
    await tabTo("phone_mobile");
    await typeKeys("2125550147");
    expect(await value("phone_mobile")).toBe("(212) 555-0147");
    await tabTo("optin_sms_ind");
    await press("Space");
    expect(await page.evaluate<boolean>(`document.querySelector('[id="optin_sms_ind"] input').checked`)).toBe(true);
    await tabTo("country");
    await press("ArrowDown"); // United States comes first
    expect(await value("country")).toBe("USA");
    await tabTo("address_line_1"); // the state list appeared between them
    await typeKeys("55 Water Street");
    await tabTo("city");
    await typeKeys("New York");
    await tabTo("state");
    await typeKeys("New Y");
    expect(await value("state")).toBe("NY");
    await tabTo("zip");
    await typeKeys("10041");
    await tabTo("mailing_addr_same_as_perm_addr");
    await press("Space"); // Yes
    expect(await checkedRadio("mailing_addr_same_as_perm_addr")).toBe("Yes");
    await tabTo("citizenship_us");
    await press("Space");
    await tabTo("citizenship_us_type");
    await press("Space");
    await tabTo("citizenship_us_dual");
    await press("ArrowRight"); // No
    expect(await checkedRadio("citizenship_us_dual")).toBe("No");

    // A second sibling with Enter on "+ Add another sibling": focus moves to the new block.
    await tabTo("sibling_first_name");
    await typeKeys("Emi");
    await tabToButton("+ Add another sibling");
    await press("Enter");
    await page.getByRole("heading", { name: "Sibling 2" }).waitFor();
    await waitForExpression(page, "document.activeElement?.textContent === 'Sibling 2'", 5000);
    await press("Tab");
    expect(await focusedOn(page, "sibling_2_first_name"), "Tab from the new block's title goes to its first question").toBe(true);
    await typeKeys("Ren");

    await tabToButton("Save and continue");
    await press("Enter");
    await waitForPath(page, "/education");
    await onFormPage(page, "Academics");

    // Academics, all but the school's name (for the summary to find).
    await tabTo("entry_term");
    await press("ArrowDown"); // the cycle's term, after "Select…"
    expect(await value("entry_term")).toBe(TERM.value);
    await tabTo("decision_type");
    // Tab lands on the first plan open today; each arrow moves past the closed ones to the next, the last.
    const plans = openPlans();
    for (let i = 0; i < plans.length - 1; i++) await press("ArrowDown");
    expect(await checkedRadio("decision_type")).toBe(planText(plans.at(-1)!));
    await tabTo("applied_major");
    await typeKeys("Hist");
    expect(await value("applied_major")).toBe(await page.evaluate<string>(`[...document.getElementById('applied_major').options].find((o) => o.text.startsWith('Hist'))?.value ?? 'none'`));
    await tabTo("previously_applied_transfer");
    await press("ArrowRight");
    await tabTo("management_program");
    await press("ArrowRight");
    await tabTo("test_taken_ind");
    await press("ArrowRight");
    expect([await checkedRadio("previously_applied_transfer"), await checkedRadio("management_program"), await checkedRadio("test_taken_ind")]).toEqual(["No", "No", "No"]);
    await tabTo("hs_entry_month");
    await typeKeys("Sep");
    await tabTo("hs_grad_month");
    await typeKeys("Jun");
    expect([await value("hs_entry_month"), await value("hs_grad_month")]).toEqual(["9", "6"]);

    // The statement's tabs by arrow keys and Enter or Space: away to the upload tab and back.
    await tabUntil("a.getAttribute('role') === 'tab'", "the Personal statement tabs");
    expect(await page.evaluate<string>("document.activeElement.textContent")).toBe("Write it here");
    await press("ArrowRight"); // moves to the other tab; Enter chooses it
    expect(await page.evaluate<string>("document.activeElement.textContent")).toBe("Upload a document");
    await press("Enter");
    await waitForExpression(page, "document.activeElement?.getAttribute('role') === 'tab' && document.activeElement.getAttribute('aria-selected') === 'true' && document.activeElement.textContent === 'Upload a document'", 5000);
    await page.getByText("Personal Statement Document", { exact: true }).waitFor();
    await press("ArrowLeft");
    await press("Space");
    await waitForExpression(page, "document.activeElement?.getAttribute('aria-selected') === 'true' && document.activeElement.textContent === 'Write it here'", 5000);
    await field(page, "personal_statement_essay").waitFor();
    await tabTo("personal_statement_essay");
    await typeKeys("I build radios from kits and fix my neighbours' bicycles.");

    await tabToButton("Save and continue");
    await press("Enter");
    await waitForPath(page, "/final-steps");
    await onFormPage(page, "Finishing Up");

    await tabTo("conviction");
    await press("ArrowRight");
    await tabTo("suspended");
    await press("ArrowRight");
    await tabTo("counselor_waiver_request");
    await press("Space");
    await tabTo("legal_agree");
    await press("Space");
    expect([await checkedRadio("conviction"), await checkedRadio("suspended"), await checkedRadio("counselor_waiver_request")]).toEqual(["No", "No", "Yes"]);

    // Submit by Enter: the summary lists the school's name and takes focus.
    await tabToButton("Save and submit");
    await press("Enter");
    await summary(page).getByRole("heading", { name: SUMMARY_HEADING }).waitFor();
    await waitForExpression(page, "document.activeElement?.id === 'validation-summary'", 5000);
    expect(await summary(page).getByRole("link").evaluateAll((links) => links.map((a) => a.getAttribute("href")))).toEqual(["/education#hs_name"]);
    await press("Tab");
    expect(await page.evaluate<string>("document.activeElement.getAttribute('href')")).toBe("/education#hs_name");
    await press("Enter");
    await waitForPath(page, "/education");
    await waitForExpression(page, FOCUSED_ON("hs_name"), 5000);
    await typeKeys("Stuyvesant High School");
    await summary(page).waitFor({ state: "detached" });

    await tabToButton("Save and continue");
    await press("Enter");
    await waitForPath(page, "/final-steps");
    await onFormPage(page, "Finishing Up");
    await waitForSaved(page);
    expect(await serverAnswers(page, world.server)).toMatchObject({
      first_name: "Kai", last_name: "Nakamura", birth_date: "2007-07-22", gender: "M", phone_mobile: "(212) 555-0147", optin_sms_ind: true,
      country: "USA", state: "NY", city: "New York", zip: "10041", mailing_addr_same_as_perm_addr: "Y", citizenship_us_dual: "N",
      sibling_first_name: "Emi", sibling_2_first_name: "Ren", entry_term: TERM.value, decision_type: openPlans().at(-1)!.value, hs_name: "Stuyvesant High School",
      hs_entry_month: "9", conviction: "N", counselor_waiver_request: "Y", legal_agree: true,
    });
    await tabToButton("Save and submit");
    await press("Enter");
    await waitForPath(page, "/status");
    await submittedToast(page);
  });

  test("offline, the changes wait on the device and every character reaches the server once back online", async () => {
    const { page } = await loggedInPage("offline");
    await page.goto(`${world.server.url}/about`);
    await onFormPage(page, "About You");
    await field(page, "native_language_comment").click();
    await page.keyboard.type("I speak Yoruba");
    await page.context().setOffline(true);
    await page.keyboard.type(" and French, and I am learning Korean.");
    const typed = "I speak Yoruba and French, and I am learning Korean.";
    await page.waitForTimeout(2200);
    await waitForExpression(page, `document.querySelector('${SAVE_STATE}')?.textContent === ${js(OFFLINE_TEXT)}`, 10_000);
    expect(await page.evaluate<boolean>(QUEUE_EMPTY), "the changes wait in localStorage").toBe(false);
    await page.context().setOffline(false);
    await waitForSaved(page, 40_000);
    expect((await serverAnswers(page, world.server)).native_language_comment).toBe(typed);
  });

  test("a reload before the autosave loses nothing: the queue in localStorage is sent", async () => {
    const { page, username } = await loggedInPage("reload");
    await page.goto(`${world.server.url}/about`);
    await onFormPage(page, "About You");
    await field(page, "first_name").click();
    await page.keyboard.type("Grace");
    const queued = await page.evaluate<string | null>(`localStorage.getItem(${js(`apply.unsaved.${username}`)})`);
    await page.reload();
    expect(JSON.parse(queued ?? "{}"), "the change was queued on the device before the reload").toMatchObject({ first_name: "Grace" });
    await onFormPage(page, "About You");
    expect(await field(page, "first_name").inputValue()).toBe("Grace");
    await waitForSaved(page);
    expect((await serverAnswers(page, world.server)).first_name).toBe("Grace");
  });

  test("a visitor's answer survives a reload, even one made at once", async () => {
    const page = await newPage();
    await page.goto(`${world.server.url}/about`);
    await onFormPage(page, "About You");
    expect(await page.locator(SAVE_STATE).textContent()).toBe("Not saved yet — create an account to keep your answers");
    await type(page, "last_name", "Visitor");
    await page.waitForTimeout(500);
    await page.reload();
    // The server's drawing of the page shows first, empty; the app then draws the kept answers.
    await onFormPage(page, "About You");
    await waitForExpression(page, "document.getElementById('last_name').value === 'Visitor'");
    // Typed and reloaded at once.
    await field(page, "first_name").click();
    await page.keyboard.type("Vera");
    await page.reload();
    await onFormPage(page, "About You");
    await waitForExpression(page, "document.getElementById('first_name').value === 'Vera'");
    expect(await field(page, "last_name").inputValue()).toBe("Visitor");
  });

  test("a visitor's page shows before its code has run, and what is typed there meanwhile is kept", async () => {
    const page = await newPage();
    const consoleErrors: string[] = [];
    page.on("console", (message) => void (message.type() === "error" && consoleErrors.push(message.text())));
    // The app's entry is held back: until it arrives, the page is the server's drawing of it.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${world.server.url}/about`, { waitUntil: "commit" });
    await onFormPage(page, "About You");
    await field(page, "first_name").click();
    await page.keyboard.type("Ada");
    await choose(page, "preferred_name_ind", "Yes");
    await pick(page, "suffix", "Jr.");
    await tick(page, "pronoun_she");
    await field(page, "last_name").click();
    await page.keyboard.type("Lovelace");
    await page.keyboard.press("Home");
    expect(await field(page, "preferred_name").count(), "no condition works before the code runs").toBe(0);
    expect(await page.evaluate<number>("localStorage.length"), "nothing is kept before the code runs").toBe(0);

    release();
    const VISITOR = "(JSON.parse(localStorage.getItem('apply.visitor') ?? '{}').answers ?? {})";
    await waitForExpression(page, `${VISITOR}.last_name === 'Lovelace'`);
    expect(await page.evaluate(VISITOR), "every answer reaches the answers kept on this device").toMatchObject({
      first_name: "Ada", last_name: "Lovelace", preferred_name_ind: "Y", suffix: "JR", suffix_desc: "Jr.", pronoun_she: true,
    });
    await field(page, "preferred_name").waitFor();
    // The focus and the caret stayed where they were.
    await page.keyboard.type("Countess ");
    expect(await field(page, "last_name").inputValue()).toBe("Countess Lovelace");
    expect(consoleErrors, "React took the page over as drawn (no hydration error)").toEqual([]);

    // With answers kept on this device the app draws the page itself, with them.
    await page.reload();
    await onFormPage(page, "About You");
    await waitForExpression(page, `document.getElementById('last_name').value === 'Countess Lovelace'`);
    expect(await field(page, "first_name").inputValue()).toBe("Ada");
    expect(await select(page, "suffix").inputValue()).toBe("JR");
    await field(page, "preferred_name").waitFor();
    expect(consoleErrors).toEqual([]);
  });

  test("a visitor's drawn page is first painted whole, never half parsed", async () => {
    // On a slow phone the parser yields to paint: each partial frame lays out the page again, and
    // the whole form shows later (issue 24, first render). The page's first frame waits for the
    // drawing's end (index.html's `<link rel="expect">`).
    const page = await newPage();
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 6 });
    await page.addInitScript(`
      new MutationObserver((_, observer) => {
        if (!document.querySelector(".form-actions")) return;
        window.__formDrawnAt = performance.now();
        observer.disconnect();
      }).observe(document, { childList: true, subtree: true });`);
    await page.goto(`${world.server.url}/about`, { waitUntil: "load" });
    await onFormPage(page, "About You");
    const [drawnAt, firstPaint] = await page.evaluate<[number, number]>(
      "[window.__formDrawnAt, performance.getEntriesByName('first-paint')[0]?.startTime ?? NaN]",
    );
    // No first-paint entry (NaN) fails too: the page has been shown by now.
    expect(firstPaint, `the first frame (${firstPaint} ms) after the form's buttons are parsed (${drawnAt} ms)`).toBeGreaterThanOrEqual(drawnAt);
  });

  test("before the drawn page's first paint the entry runs itself and Vite's preload helper only, never the app's code", () => {
    // boot.ts starts the app after the first paint; a chunk the entry imports statically runs before it.
    const dist = join(repoRoot, "dist/client");
    const manifest = JSON.parse(readFileSync(join(dist, ".vite/manifest.json"), "utf8")) as Record<string, { file: string; imports?: string[] }>;
    const entry = manifest["index.html"]!;
    const files = [entry.file, ...(entry.imports ?? []).map((name) => manifest[name]!.file)];
    const bytes = files.reduce((sum, file) => sum + statSync(join(dist, file)).size, 0);
    expect(bytes, files.join(", ")).toBeLessThan(4_000);
  });

  test("the built pages hold no decision's letter: decisions.json stays on the server", () => {
    const dist = join(repoRoot, "dist/client");
    const built = readdirSync(dist, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile() && /\.(js|html|json)$/.test(entry.name))
      .map((entry) => readFileSync(join(entry.parentPath, entry.name), "utf8"));
    expect(built.length).toBeGreaterThan(0);
    // Each letter's longest line, as staff wrote it (placeholders and all).
    for (const { code, letter } of readProject().form.decisions?.decisions ?? []) {
      const line = letter.reduce((longest, next) => (next.length > longest.length ? next : longest), "");
      expect(built.some((text) => text.includes(JSON.stringify(line).slice(1, -1)) || text.includes(line)), `the letter of "${code}"`).toBe(false);
    }
  });

  test("a page drawn at build time is taken over on a day whose banner differs, then shows that day's banner", async () => {
    // The build drew the page today; the visit's clock is set to a day the banner (institution.json)
    // shows if it does not show today, and the day before its first if it does. Without a banner
    // (staff may remove it), yesterday: the page must still be taken over without an error.
    const banner = definitions().institution.banner;
    const shownToday = banner !== undefined && banner.from <= localToday() && localToday() <= banner.to;
    const dayBefore = (day: string) => new Date(Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10)) - 1)).toISOString().slice(0, 10);
    const visitDay = banner === undefined ? dayBefore(localToday()) : shownToday ? dayBefore(banner.from) : banner.from;
    const page = await newPage();
    const consoleErrors: string[] = [];
    page.on("console", (message) => void (message.type() === "error" && consoleErrors.push(message.text())));
    await page.clock.install({ time: new Date(`${visitDay}T12:00:00`) });
    await page.goto(`${world.server.url}/about`);
    await onFormPage(page, "About You");
    // React has taken the drawn page over, and drawn it again with the visit's day.
    await waitForExpression(page, "Object.keys(document.querySelector('main h1') ?? {}).some((key) => key.startsWith('__reactFiber'))");
    if (banner) {
      const bannerNote = page.getByRole("note").filter({ hasText: banner.text });
      if (shownToday) await bannerNote.waitFor({ state: "detached" });
      else await bannerNote.waitFor();
    }
    expect(consoleErrors, "React took the page over as drawn (no hydration error #418)").toEqual([]);
  });
});
