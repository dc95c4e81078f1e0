// axe-core (WCAG 2.0/2.1 A and AA, 2.2 AA) on every route, as a visitor and logged in, at a
// desktop and a phone width; also with the footer's dialogs, the account popover, a card's error
// toast and the sign-up checklist's error state showing. At 375 px nothing may scroll sideways.
// A full-page screenshot of each route at each width goes to tmp/screenshots/ for a person to see.
// Also the form pages while validating (an early submit: the summary and the questions' errors
// showing), /status after a submit, with its success toast; a tab switch's confirmation and
// its Undo toast; the reset card in both its states; and the page of a refused service token;
// every route reached in the app (links, buttons, a logout, a submit), where what one page leaves
// behind is judged on the next; and the whole application by keyboard alone, each control showing
// where the focus is.
import type { Page } from "playwright-core";
import { afterAll, describe, expect, test } from "vitest";
import { readProject } from "../../src/definitions/files";
import { dayAnywhereOnEarth, validateAnswers, type Answers } from "../../src/engine/runtime";
import { loadForm } from "../../src/engine/compile";
import { definitions, optionsOf } from "../support/definitions";
import { ANIMATIONS_ENDED, type AxeViolation, axeViolations, completeAnswersToday, createAccount, latestCode, logInThroughApi, newAddress, PASSWORD, screenshot, serverAnswers, TAKES_SCREENSHOTS, waitForExpression, WCAG_TAGS } from "./support";
import { browserWorld } from "./world";

const world = browserWorld({ height: 800 });
const { newPage } = world;

/**
 * The form pages' buttons by name, kept here alone so that renaming them (the spec's Previous, Save,
 * Continue, "Save and continue", and "Save and submit" on the last page) changes one line.
 */
const BUTTONS = { previous: "Previous", save: "Save", next: "Save and continue", submit: "Save and submit" } as const;
/** The account cards' own button. */
const CARD_SUBMIT = "Submit";

const PHONE = 375;
/**
 * Both widths as shipped. The copy with staff's edits (scripts/test.sh) sets AXE_WIDTHS=375: its
 * texts differ, its page structure does not, and a longer text breaks a page first on a phone.
 */
const WIDTHS: readonly number[] = process.env.AXE_WIDTHS ? process.env.AXE_WIDTHS.split(",").map(Number) : [1280, PHONE];
const FORM_ROUTES = ["/about", "/education", "/final-steps"];
const VISITOR_ROUTES = [...FORM_ROUTES, "/login", "/signup", "/confirm", "/forgot", "/reset?username=a%40b.example&id=x"];
/** A complete, valid application (the server's rules pass it). */
const COMPLETE_ANSWERS = completeAnswersToday();

/** Every page or state checked: `who route (state) @ width`. */
const checked: string[] = [];

afterAll(async () => {
  const at = (width: number) => checked.filter((name) => name.endsWith(`@ ${width}px`)).length;
  console.log(`axe: ${checked.length} pages/states checked (${at(1280)} at 1280 px, ${at(375)} at 375 px), tags ${WCAG_TAGS.join(", ")}${TAKES_SCREENSHOTS ? "; screenshots in tmp/screenshots/" : ""}`);
});

/** A new page whose context holds a session of a new confirmed applicant. */
async function loggedInPage(width: number): Promise<Page> {
  const page = await newPage(width);
  const username = await createAccount(world.server, newAddress("axe"));
  await logInThroughApi(page, world.server, username);
  return page;
}

// React has taken the page over: a prerendered page shows its buttons before their code listens,
// and a click then (the footer's Contact Us, on a loaded machine) does nothing.
const HYDRATED = "Object.keys(document.querySelector('main h1') ?? {}).some((key) => key.startsWith('__reactFiber'))";

/** Until React has drawn the route's page, heading included, and every finite animation has ended. */
async function settle(page: Page): Promise<void> {
  await page.locator("main h1").first().waitFor();
  await waitForExpression(page, HYDRATED);
  await page.locator(".spinner-layer").waitFor({ state: "detached" });
  await page.evaluate("document.fonts.ready.then(() => undefined)");
  await waitForExpression(page, ANIMATIONS_ENDED);
}

const formatViolations = (violations: AxeViolation[]) =>
  violations.map((v) => `${v.id} (${v.impact}): ${v.help}\n${v.nodes.map((n) => `    ${n.target.join(" ")}: ${n.failureSummary?.replace(/\n/g, " ")}`).join("\n")}`).join("\n");

/** axe on the page as it is now; at the phone width, also no sideways scrolling. Answers the problems found. */
async function audit(page: Page, name: string, width: number, exclude: string[] = []): Promise<string[]> {
  await waitForExpression(page, ANIMATIONS_ENDED);
  const label = `${name} @ ${width}px`;
  checked.push(label);
  const problems: string[] = [];
  // A long page skips drawing the sections away from the screen (content-visibility); axe judges
  // contrast and size from what is drawn, so every section is drawn for it.
  await page.evaluate("document.querySelectorAll('.form-section').forEach((section) => { section.style.contentVisibility = 'visible'; })");
  const violations = await axeViolations(page, { exclude });
  if (violations.length > 0) problems.push(`${label}:\n  ${formatViolations(violations)}`);
  if (width === PHONE) {
    const scrollWidth = await page.evaluate<number>("document.documentElement.scrollWidth");
    if (scrollWidth > PHONE) problems.push(`${label}: the page is ${scrollWidth} px wide, so it scrolls sideways at ${PHONE} px`);
  }
  return problems;
}

const slug = (route: string) => route.replace(/\?.*$/, "").replace(/^\//, "").replace(/\W+/g, "-") || "root";

const expectNone = (problems: string[]) => expect(problems, `\n${problems.join("\n")}`).toEqual([]);

test("axe finds what it is there to find, within the part of the page it is given, and again after the page changed", async () => {
  const page = await newPage();
  await page.setContent('<html lang="en"><title>t</title><main><h1>Form</h1><div id="name"><input type="text"></div><p id="faint" style="color:#eee;background:#fff">Faint text</p></main></html>');
  const ids = async (scope: Parameters<typeof axeViolations>[1]) => (await axeViolations(page, scope)).map((violation) => violation.id).sort();
  expect(await ids({})).toEqual(["color-contrast", "label"]);
  expect(await ids({ include: "#name" })).toEqual(["label"]);
  expect(await ids({ exclude: ["#name"] })).toEqual(["color-contrast"]);
  expect(await ids({ rules: ["label"] })).toEqual(["label"]);
  await page.evaluate("document.querySelector('#name input').setAttribute('aria-label', 'Name')");
  expect(await ids({})).toEqual(["color-contrast"]);
});

describe.each(WIDTHS)("accessibility at %i px", (width) => {
  test("every route, as a visitor", async () => {
    const page = await newPage(width);
    const problems: string[] = [];
    for (const route of VISITOR_ROUTES) {
      await page.goto(`${world.server.url}${route}`);
      await settle(page);
      problems.push(...(await audit(page, `visitor ${route}`, width)));
      await screenshot(page, `visitor-${slug(route)}-${width}`);
    }
    expectNone(problems);
  });

  test("the reset card: a link that no longer works, then one that does", async () => {
    const page = await newPage(width);
    const problems: string[] = [];
    const route = "/reset?username=a%40b.example&id=x";
    await page.goto(`${world.server.url}${route}`);
    await page.getByRole("alert").filter({ hasText: "This link has expired — request a new one" }).waitFor();
    problems.push(...(await audit(page, `visitor ${route} (expired)`, width)));
    // A live link needs a reset mail, which the server sends once a minute per address: the
    // check's answer stands in for one here (the account journey, tests/e2e/accounts.test.ts, uses a real one).
    await page.route("**/public/reset-password/check", (request) => request.fulfill({ json: { message: "This password reset link works." } }));
    await page.goto(`${world.server.url}${route}`);
    await page.getByLabel("New password", { exact: true }).waitFor();
    await settle(page);
    problems.push(...(await audit(page, `visitor ${route} (link works)`, width)));
    await screenshot(page, `state-reset-card-${width}`);
    expectNone(problems);
  });

  test("a refused service token's page", async () => {
    const page = await newPage(width);
    await page.goto(`${world.server.url}/about?service_token=not-a-token`);
    // Not settle(), which waits for the heading this page once lacked: the server's answer shows.
    await page.getByRole("alert").waitFor();
    const problems = await audit(page, "service /about?service_token=not-a-token", width);
    // axe's best-practice rule, outside the WCAG tags: the page has its level-one heading.
    const violations = await axeViolations(page, { rules: ["page-has-heading-one"] });
    problems.push(...violations.map((v) => `service /about?service_token=not-a-token: ${v.id}: ${v.help}`));
    await screenshot(page, `service-refused-${width}`);
    expectNone(problems);
  });

  test("the form routes, logged in", async () => {
    const page = await loggedInPage(width);
    const problems: string[] = [];
    for (const route of FORM_ROUTES) {
      // The first by its address, the others by the step links: loading another address would
      // go back to the last page (restored when the profile loads).
      if (route === FORM_ROUTES[0]) await page.goto(`${world.server.url}${route}`);
      else await page.getByRole("navigation", { name: "Application steps" }).locator(`a[href="${route}"]`).click();
      await page.waitForURL((url) => url.pathname === route);
      await settle(page);
      await page.getByRole("button", { name: "Account" }).waitFor();
      problems.push(...(await audit(page, `logged in ${route}`, width)));
      await screenshot(page, `logged-in-${slug(route)}-${width}`);
    }

    await page.getByRole("button", { name: "Account" }).click();
    await page.getByRole("dialog", { name: "Account" }).getByRole("button", { name: "Log Out" }).waitFor();
    problems.push(...(await audit(page, "logged in account popover", width)));
    await screenshot(page, `state-logged-in-account-popover-${width}`);
    expectNone(problems);
  });

  test("dialogs, the account popover, a card's error toast and the checklist's errors", async () => {
    const page = await newPage(width);
    const problems: string[] = [];
    await page.goto(`${world.server.url}/about`);
    await settle(page);

    for (const name of ["Contact Us", "Privacy Policy and Cookie Notice"]) {
      await page.getByRole("button", { name, exact: true }).click();
      const dialog = page.getByRole("dialog", { name });
      await dialog.waitFor();
      problems.push(...(await audit(page, `visitor /about with the ${name} dialog open`, width)));
      await screenshot(page, `state-${slug(name.toLowerCase())}-dialog-${width}`);
      await dialog.getByRole("button", { name: "Close" }).click();
      await dialog.waitFor({ state: "detached" });
    }

    await page.getByRole("button", { name: "Sign In" }).click();
    await page.getByRole("dialog", { name: "Account" }).getByRole("link", { name: "Create Account" }).waitFor();
    problems.push(...(await audit(page, "visitor account popover", width)));
    await screenshot(page, `state-visitor-account-popover-${width}`);
    await page.keyboard.press("Escape");

    await page.goto(`${world.server.url}/login`);
    await settle(page);
    await page.getByLabel("Email", { exact: true }).fill(newAddress("nobody"));
    await page.getByLabel("Password", { exact: true }).fill("Not-The-Password-1");
    await page.getByRole("button", { name: CARD_SUBMIT, exact: true }).click();
    await page.getByRole("alertdialog", { name: "Login Card Error" }).filter({ hasText: "Incorrect email address or password." }).waitFor();
    problems.push(...(await audit(page, "/login with the card's error toast", width)));
    await screenshot(page, `state-login-error-toast-${width}`);

    await page.goto(`${world.server.url}/signup`);
    await settle(page);
    await page.getByLabel("Email", { exact: true }).fill("not an address");
    await page.getByLabel("Password", { exact: true }).fill("short");
    await page.getByRole("button", { name: CARD_SUBMIT, exact: true }).click();
    await page.locator('.requirement[data-state="error"]').first().waitFor();
    await page.locator('[aria-invalid="true"]').first().waitFor();
    problems.push(...(await audit(page, "/signup with the checklist and fields in error", width)));
    await screenshot(page, `state-signup-errors-${width}`);

    expectNone(problems);
  });

  test("a tab switch's confirmation and its Undo toast", async () => {
    const page = await loggedInPage(width);
    const problems: string[] = [];
    const saved = await page.context().request.put(`${world.server.url}/api/answer`, { data: { personal_statement_essay: COMPLETE_ANSWERS.personal_statement_essay } });
    expect(saved.status(), await saved.text()).toBe(200);
    await page.goto(`${world.server.url}/education`);
    await settle(page);
    await page.getByRole("tab", { name: "Upload a document" }).click();
    const confirmation = page.getByRole("alertdialog", { name: "Switch Tabs" });
    await confirmation.waitFor();
    problems.push(...(await audit(page, "logged in /education with the tab switch's confirmation", width)));
    await screenshot(page, `state-tab-switch-confirmation-${width}`);
    await confirmation.getByRole("button", { name: "Switch", exact: true }).click();
    const toast = page.getByRole("alertdialog", { name: "Tab Switch Notification" });
    // Hovered, the toast keeps its Undo while axe runs (React Aria stops its clock).
    await toast.getByRole("button", { name: "Undo" }).hover();
    problems.push(...(await audit(page, "logged in /education with the Undo toast", width)));
    await screenshot(page, `state-tab-switch-undo-toast-${width}`);
    expectNone(problems);
  });

  test("the form pages while validating, and /status after the submit", async () => {
    const page = await loggedInPage(width);
    const problems: string[] = [];
    // Step links at any width: the page changes in the app, so the last page is not restored.
    const step = async (title: string, route: string) => {
      await page.getByRole("navigation", { name: "Application steps" }).getByRole("link", { name: title }).click();
      await page.waitForURL((url) => url.pathname === route);
      await page.getByRole("heading", { level: 1, name: title, exact: true }).waitFor();
      await settle(page);
    };

    // An early submit: the summary and every question's error show, on every page.
    await page.goto(`${world.server.url}/final-steps`);
    await settle(page);
    await page.getByRole("button", { name: BUTTONS.submit, exact: true }).click();
    await page.locator("#validation-summary").getByRole("heading", { name: "We're missing some information!" }).waitFor();
    for (const [title, route] of [["Finishing Up", "/final-steps"], ["Academics", "/education"], ["About You", "/about"]] as const) {
      if (new URL(page.url()).pathname !== route) await step(title, route);
      await page.locator("#validation-summary").waitFor();
      await page.locator('main [aria-invalid="true"], main [data-invalid]').first().waitFor();
      problems.push(...(await audit(page, `validating ${route} (summary and errors showing)`, width)));
      await screenshot(page, `validating-${slug(route)}-${width}`);
    }

    // The rest of the application through the API; then the submit goes through.
    const saved = await page.context().request.put(`${world.server.url}/api/answer`, { data: COMPLETE_ANSWERS });
    expect(saved.status(), await saved.text()).toBe(200);
    await step("Finishing Up", "/final-steps");
    await page.locator("#validation-summary").waitFor({ state: "detached" });
    await page.getByRole("button", { name: BUTTONS.submit, exact: true }).click();
    await page.waitForURL((url) => url.pathname === "/status");
    await settle(page);
    await page.getByRole("alertdialog", { name: "Success Notification" }).filter({ hasText: "Your application was successfully submitted." }).waitFor();
    problems.push(...(await audit(page, "submitted /status with the success toast", width)));
    await screenshot(page, `submitted-status-${width}`);
    expectNone(problems);
  });

  test("the inactivity prompt, shown after 14 minutes without activity, and the page after it is answered", async () => {
    const page = await loggedInPage(width);
    const problems: string[] = [];
    await page.clock.install();
    await page.goto(`${world.server.url}/about`);
    await settle(page);
    await page.getByRole("button", { name: "Account" }).waitFor();
    // The prompt comes a minute before the 15 minutes of inactivity end,
    // counted from when the watch started: once more if it started after the clock was moved.
    const prompt = page.getByRole("alertdialog", { name: "Still working?" });
    for (let tries = 1; ; tries++) {
      await page.clock.fastForward(14 * 60_000 + 1000);
      const shown = await prompt.waitFor({ timeout: 5000 }).then(() => true, () => false);
      if (shown) break;
      if (tries === 3) throw new Error("no inactivity prompt after three times 14 minutes without activity");
    }
    problems.push(...(await audit(page, "logged in /about with the inactivity prompt", width)));
    await screenshot(page, `state-inactivity-prompt-${width}`);
    await prompt.getByRole("button", { name: /^Yes/ }).click();
    await prompt.waitFor({ state: "detached" });
    problems.push(...(await audit(page, "logged in /about after the inactivity prompt", width)));
    expectNone(problems);
  });

  // After in-app navigation, not only after a fresh load: what one page leaves behind (the live
  // region's announcements, toasts, focus) is judged on the next. Each route and state in the
  // order an applicant meets them, axe after each.
  test("every route reached in the app: the cards by their links, the steps by links and buttons, dialogs, toasts, a logout and a submit", async () => {
    const page = await newPage(width);
    const problems: string[] = [];
    const check = async (name: string) => {
      await settle(page);
      problems.push(...(await audit(page, `in the app: ${name}`, width)));
    };
    const arrive = async (route: string, state = "") => {
      await page.waitForURL((url) => url.pathname === route, { timeout: 15_000 }).catch(async () => {
        await screenshot(page, `walk-lost-${slug(route)}-${width}`);
        throw new Error(`not on ${route}${state}: on ${page.url()} (outside CI, tmp/screenshots/walk-lost-${slug(route)}-${width}.png)`);
      });
      await check(`${route}${state}`);
    };
    const card = (label: string) => page.getByLabel(label, { exact: true });
    const submitCard = () => page.getByRole("button", { name: CARD_SUBMIT, exact: true }).click();
    const step = (route: string) => page.getByRole("navigation", { name: "Application steps" }).locator(`a[href="${route}"]`).click();
    const pageButton = (name: string) => page.getByRole("main").getByRole("button", { name, exact: true }).click();
    const account = () => page.getByRole("dialog", { name: "Account" });
    /** Closes the corner's toasts (the pointer resting on them keeps them open). */
    const closeToasts = async () => {
      const toasts = page.locator("[data-toast-region] .toast");
      for (let count = await toasts.count(); count > 0; count = await toasts.count()) {
        // A toast may time out between the count and the click (a success toast closes itself).
        await toasts.first().getByRole("button", { name: "Close" }).click({ timeout: 5000 }).catch(async (error: unknown) => {
          if ((await toasts.count()) >= count) throw error;
        });
        await waitForExpression(page, `document.querySelectorAll('[data-toast-region] .toast').length < ${count}`, 5000);
      }
    };

    await page.goto(`${world.server.url}/about`);
    await check("/about, loaded");
    for (const name of ["Contact Us", "Privacy Policy and Cookie Notice"]) {
      await page.getByRole("button", { name, exact: true }).click();
      const dialog = page.getByRole("dialog", { name });
      await dialog.waitFor();
      problems.push(...(await audit(page, `in the app: /about with the ${name} dialog open`, width)));
      await dialog.getByRole("button", { name: "Close" }).click();
      await dialog.waitFor({ state: "detached" });
    }
    await check("/about, the dialogs closed");

    // The cards by their links: the account menu's Create Account, then each card's own.
    await page.getByRole("button", { name: "Sign In" }).click();
    await account().getByRole("link", { name: "Create Account" }).click();
    await arrive("/signup");
    const address = newAddress("walk");
    await card("Email").fill(address);
    await card("Password").fill(PASSWORD);
    await submitCard();
    await arrive("/confirm", ", after the sign-up");
    await card("Confirmation code").fill(await latestCode(world.server, address));
    await submitCard();
    await arrive("/login", ", after the confirmation");
    await page.getByRole("link", { name: "Forgot password" }).click();
    await arrive("/forgot");
    // Another address: this one had its confirmation mail a moment ago, and mail to an address
    // goes at most once a minute.
    await card("Email").fill(newAddress("forgot"));
    await submitCard();
    await page.getByRole("alertdialog", { name: "Success Notification" }).filter({ hasText: "reset your password" }).waitFor();
    await check("/forgot with the sent toast");
    await closeToasts(); // on a phone they cover the card's links
    await page.getByRole("main").getByRole("link", { name: "Log In" }).click();
    await arrive("/login", ", from the forgot card");
    await card("Email").fill(address);
    await card("Password").fill("Not-The-Password-1");
    await submitCard();
    await page.getByRole("alertdialog", { name: "Login Card Error" }).waitFor();
    await check("/login with the card's error toast");
    await card("Password").fill(PASSWORD);
    await submitCard();
    await arrive("/about", ", logged in by the card");

    // The steps by their links and by the page's buttons, a save's toast between.
    await step("/education");
    await arrive("/education", ", by the step link");
    await step("/final-steps");
    await arrive("/final-steps", ", by the step link");
    await pageButton(BUTTONS.previous);
    await arrive("/education", ", by Previous");
    await pageButton(BUTTONS.save);
    await page.getByRole("alertdialog", { name: "Success Notification" }).waitFor();
    await check("/education with the saved toast");
    await closeToasts();
    await pageButton(BUTTONS.next);
    await arrive("/final-steps", `, by ${BUTTONS.next}`);

    // A logout by the account menu, and back in by the card.
    await page.getByRole("button", { name: "Account" }).click();
    await account().getByRole("button", { name: "Log Out" }).waitFor();
    await waitForExpression(page, ANIMATIONS_ENDED);
    await account().getByRole("button", { name: "Log Out" }).click();
    await arrive("/login", ", logged out");
    await card("Email").fill(address);
    await card("Password").fill(PASSWORD);
    await submitCard();
    await page.waitForURL((url) => url.pathname !== "/login");
    await check(`${new URL(page.url()).pathname}, logged in again`);

    // The rest of the application through the API, then the submit.
    const saved = await page.context().request.put(`${world.server.url}/api/answer`, { data: COMPLETE_ANSWERS });
    expect(saved.status(), await saved.text()).toBe(200);
    await step("/about");
    await page.waitForURL((url) => url.pathname === "/about");
    await step("/final-steps");
    await page.waitForURL((url) => url.pathname === "/final-steps");
    await settle(page);
    await pageButton(BUTTONS.submit);
    await page.getByRole("alertdialog", { name: "Success Notification" }).waitFor();
    await arrive("/status", " with the submitted toast");

    // The reset card, reached by a link as the reset mail writes it (the mail itself would wait
    // out the minute between two mails to one address).
    await page.goto(`${world.server.url}/reset?${new URLSearchParams({ username: address, id: "from-the-mail" })}`);
    await arrive("/reset", ", by the mail's link");
    expectNone(problems);
    // Every route in turn, axe after each: 100 to 120 s beside CI's other phases, which the
    // browser tests' 120 s does not leave room for.
  }, 300_000);
});

// ---- the whole application by keyboard alone ----------------------------------------------------

/**
 * What an applicant must answer to submit, with the values of the complete answer set: the
 * questions the rules ask for, then those the answers given so far reveal, until nothing is
 * missing. `blocks` asks for more blocks of an add-another group than the answers fill.
 */
function requiredAnswers(complete: Answers, blocks: Record<string, number>): Answers {
  const form = loadForm(readProject().form);
  const today = dayAnywhereOnEarth();
  const given: Answers = {};
  for (;;) {
    const errors = validateAnswers(form, given, { blocks, today });
    const missing = Object.keys(errors).filter((key) => !(key in given));
    if (missing.length === 0) return given;
    for (const key of missing) {
      if (!(key in complete)) throw new Error(`the complete answer set has no answer for the required "${key}"`);
      given[key] = complete[key]!;
    }
  }
}

// Browser-side: the focused control and what the test needs of it (`a` is document.activeElement).
const FOCUSED = `(() => {
  const a = document.activeElement;
  if (!a || a === document.body) return null;
  const ring = (el) => { if (!el) return false; const s = getComputedStyle(el); return (s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) > 0) || s.boxShadow !== 'none'; };
  const single = a.type === 'checkbox' && !a.id ? a.closest('div[id]') : null;
  return {
    tag: a.tagName.toLowerCase(), type: a.getAttribute('type') ?? '', role: a.getAttribute('role') ?? '',
    key: a.type === 'radio' ? a.name : single ? single.id : a.id,
    value: a.value ?? '', checked: !!a.checked, text: (a.type === 'radio' ? a.closest('label')?.textContent ?? '' : a.textContent ?? '').trim(),
    isSelectedTab: a.getAttribute('aria-selected') === 'true',
    isAddBlock: a.classList.contains('add-block'),
    blocks: a.closest('.form-blocks')?.querySelectorAll('[data-block]').length ?? 0,
    firstKeyOfBlocks: a.closest('.form-blocks')?.querySelector('[data-block] input[id], [data-block] select[id], [data-block] textarea[id]')?.id ?? '',
    hasRing: ring(a) || ring(a.nextElementSibling) || ring(a.closest('.input-row')) || ring(a.closest('[role="tablist"]') ? null : a.parentElement),
  };
})()`;
interface Focused {
  tag: string; type: string; role: string; key: string; value: string; checked: boolean; text: string;
  isSelectedTab: boolean; isAddBlock: boolean; blocks: number; firstKeyOfBlocks: string; hasRing: boolean;
}

test("the whole application by keyboard alone: every required question, a tab group, an add-another block, the steps and the submit", async () => {
  const complete = completeAnswersToday();
  const form = definitions();
  // One more block of the siblings than the answers need, added with Enter.
  const siblings = [...form.blockGroups].find(([, group]) => group.blocks[0]!.includes("sibling_first_name"))!;
  const wanted = requiredAnswers(complete, { [siblings[0]]: 2 });
  const essayGroup = [...form.tabGroups.values()].find((group) => group.tabs.some((tab) => tab.keys.some((key) => key in wanted)))!;
  const essayTab = essayGroup.tabs.findIndex((tab) => tab.keys.some((key) => key in wanted));

  const username = await createAccount(world.server, newAddress("keyboard"));
  const page = await newPage(1280);
  const press = (key: string) => page.keyboard.press(key);
  const focused = () => page.evaluate<Focused | null>(FOCUSED);
  const answered = new Set<string>();
  const noRing: string[] = [];
  let tabsChosen = 0;
  let blocksAdded = 0;

  /** Tab until `until` holds of the focused control, answering each wanted question met on the way. */
  async function tabThrough(until: (f: Focused) => boolean, what: string): Promise<void> {
    for (let presses = 0; ; presses++) {
      if (presses > 600) throw new Error(`600 presses of Tab never reached ${what}`);
      await press("Tab");
      const f = await focused();
      if (!f) continue;
      if (!f.hasRing) noRing.push(`${f.tag}${f.key ? `#${f.key}` : ""} "${f.text.slice(0, 30)}"`);
      if (until(f)) return;
      await answer(f);
    }
  }

  async function answer(f: Focused): Promise<void> {
    if (f.role === "tab") {
      // Arrows move between the tabs without choosing; Enter chooses. Away and back, then the one wanted.
      if (!f.isSelectedTab) return;
      await press("ArrowRight");
      await press("Enter");
      await waitForExpression(page, "document.activeElement?.getAttribute('aria-selected') === 'true'", 5000);
      await press("Home");
      for (let i = 0; i < essayTab; i++) await press("ArrowRight");
      await press("Space");
      await waitForExpression(page, `document.activeElement?.getAttribute('aria-selected') === 'true'`, 5000);
      tabsChosen += 2;
      return;
    }
    if (f.isAddBlock && f.firstKeyOfBlocks && siblings[1].blocks[0]!.includes(f.firstKeyOfBlocks) && f.blocks < 2) {
      await press("Enter");
      await waitForExpression(page, "document.activeElement?.closest('[data-block=\"2\"]') !== null", 5000);
      blocksAdded++;
      return;
    }
    const { key } = f;
    if (!(key in wanted) || answered.has(key)) return;
    const value = wanted[key];
    if (f.type === "radio") {
      // A radio's label is its option's, and a plan's adds its deadline: "Early Decision II (deadline …)".
      const label = optionsOf(key).find((option) => option.value === value)!.label;
      const isWanted = (text: string) => text === label || text.startsWith(`${label} (`);
      for (let moves = 0; !isWanted((await focused())!.text); moves++) {
        if (moves > 20) throw new Error(`the arrows never reached ${key} = ${String(value)}`);
        await press("ArrowDown");
      }
      if (!(await focused())!.checked) await press("Space");
    } else if (f.type === "checkbox") {
      if (f.checked !== value) await press("Space");
    } else if (f.tag === "select") {
      // The closed list's own keys: the arrows step through its options to the one wanted.
      const options = await page.evaluate<string[]>("[...document.activeElement.options].map((o) => o.value)");
      const target = options.indexOf(String(value));
      if (target < 0) throw new Error(`${key} offers no ${String(value)}`);
      const at = options.indexOf(f.value);
      for (let i = at; i < target; i++) await press("ArrowDown");
      for (let i = at; i > target; i--) await press("ArrowUp");
    } else if (f.type === "date") {
      const [year, month, day] = String(value).split("-");
      await page.keyboard.type(`${month}${day}${year}`);
    } else if (f.type === "tel") {
      await page.keyboard.type(String(value).replace(/\D/g, ""));
    } else {
      await page.keyboard.type(String(value));
      if (f.role === "combobox") await press("Escape"); // a school not in the list: typed, no suggestion taken
    }
    await waitForExpression(page, `(${FOCUSED})?.key === ${JSON.stringify(key)}`, 5000);
    answered.add(key);
  }

  const onPage = async (title: string) => {
    await page.getByRole("heading", { level: 1, name: title, exact: true }).waitFor();
    await settle(page);
  };
  const pressButton = async (name: string) => {
    await tabThrough((f) => f.tag === "button" && f.text === name, `the ${name} button`);
    await press("Enter");
  };

  // Log in by keyboard: the card's fields, then Enter.
  await page.goto(`${world.server.url}/login`);
  await settle(page);
  await tabThrough((f) => f.tag === "input" && f.type !== "checkbox" && f.key !== "" && f.text === "" && f.role !== "tab", "the email field");
  await page.keyboard.type(username);
  await press("Tab");
  await page.keyboard.type(PASSWORD);
  await press("Enter");

  const titles = definitions().pages.map((p) => p.title);
  for (const [i, title] of titles.entries()) {
    await onPage(title);
    const last = i === titles.length - 1;
    await pressButton(last ? BUTTONS.submit : BUTTONS.next);
  }
  await page.waitForURL((url) => url.pathname === "/status", { timeout: 15_000 }).catch(async () => {
    const summary = await page.locator("#validation-summary").textContent().catch(() => null);
    throw new Error(`not submitted; on ${page.url()}${summary ? `, the summary says: ${summary}` : ""}`);
  });
  await page.getByRole("alertdialog", { name: "Success Notification" }).waitFor();

  expect({ tabsChosen, blocksAdded }, "a tab chosen by Enter and one by Space; a block added by Enter").toEqual({ tabsChosen: 2, blocksAdded: 1 });
  expect(noRing, "every control reached by Tab shows where the focus is").toEqual([]);
  const held = await serverAnswers(page, world.server);
  const typed = Object.fromEntries([...answered].map((key) => [key, wanted[key]]));
  expect(held, "every answer given by keyboard reached the server").toMatchObject(typed);
  expect(Object.keys(wanted).filter((key) => !answered.has(key)), "every required question was answered by keyboard").toEqual([]);
});
