// A shared computer leaks nothing (issue 18, item 1), in Chromium against the built server: a
// visitor types answers and logs in to an account that already holds some, is asked, keeps the
// saved application by default, logs out, and the browser holds and shows none of the answers, in
// that tab or another; a visitor's answers older than 24 hours are not restored.
import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { labelOf } from "../support/definitions";
import { axeViolations, createAccount, logInThroughApi, newAddress, PASSWORD, serverAnswers, waitForExpression } from "./support";
import { browserWorld } from "./world";

const world = browserWorld();
const { newPage } = world;

const CHOICE = "Use the answers you just typed, or keep your saved application?";
const SAVED = { first_name: "Ada", last_name: "Lovelace" };
const HOUR = 60 * 60 * 1000;

const waitForPath = (page: Page, pathname: string) => page.waitForURL((url) => url.pathname === pathname);
const firstName = (page: Page) => page.getByRole("textbox", { name: labelOf("first_name"), exact: true }).first();
const lastName = (page: Page) => page.getByRole("textbox", { name: labelOf("last_name"), exact: true }).first();

/** Everything the page's origin keeps in localStorage and sessionStorage, as text. */
const storage = (page: Page) => page.evaluate<string>("JSON.stringify({ local: { ...localStorage }, session: { ...sessionStorage } })");

/** A visitor on /about types a first and last name; resolves once this device keeps them. */
async function typeAsVisitor(page: Page, first: string, last: string): Promise<void> {
  await page.goto(`${world.server.url}/about`);
  await page.getByRole("heading", { name: "About You" }).waitFor();
  await firstName(page).fill(first);
  await lastName(page).fill(last);
  await waitForExpression(page, `(localStorage.getItem('apply.visitor') ?? '').includes(${JSON.stringify(last)})`);
}

describe("a shared computer", () => {
  test("a visitor logs in to an account with saved answers, keeps them by default, logs out: nothing stays", async () => {
    // The account already holds an application, saved from elsewhere.
    const address = await createAccount(world.server, newAddress("shared"));
    const elsewhere = await newPage();
    await logInThroughApi(elsewhere, world.server, address);
    expect((await elsewhere.context().request.put(`${world.server.url}/api/answer`, { data: SAVED })).status()).toBe(200);

    const page = await newPage();
    await typeAsVisitor(page, "Mallory", "Typed-Here");
    await page.getByRole("link", { name: "Log in", exact: true }).click();
    await waitForPath(page, "/login");
    await page.getByLabel("Email", { exact: true }).fill(address);
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: "Submit", exact: true }).click();

    // Asked, with keeping the saved application focused; the dialog passes axe.
    const dialog = page.getByRole("alertdialog", { name: CHOICE });
    await dialog.waitFor();
    await waitForExpression(page, "document.activeElement?.textContent === 'Keep my saved application'");
    const violations = await axeViolations(page, { include: ".modal" });
    expect(violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
    await page.keyboard.press("Enter");

    await waitForPath(page, "/about");
    await page.getByText("We're glad you're back").or(page.getByText("Welcome to your application!")).waitFor();
    // Polls wait 10 s, not expect.poll's default second: under CI's load a reload and the app's start took longer.
    await expect.poll(() => firstName(page).inputValue(), { timeout: 10_000 }).toBe("Ada");
    expect(await lastName(page).inputValue()).toBe("Lovelace");
    const onServer = await serverAnswers(page, world.server);
    expect(onServer).toMatchObject(SAVED);
    expect(JSON.stringify(onServer)).not.toContain("Mallory");
    expect(await storage(page)).not.toContain("Mallory");

    // A second tab shows the application too.
    const second = await page.context().newPage();
    await second.goto(`${world.server.url}/about`);
    await expect.poll(() => firstName(second).inputValue(), { timeout: 10_000 }).toBe("Ada");

    await page.getByRole("button", { name: "Account" }).click();
    await page.getByRole("dialog", { name: "Account" }).getByRole("button", { name: "Log Out" }).click();
    await waitForPath(page, "/login");
    await page.getByRole("alertdialog", { name: "Login Card Error" }).waitFor();

    // The browser keeps none of it: no answer, queue or last activity in its storage…
    expect(await storage(page)).toBe(JSON.stringify({ local: {}, session: {} }));
    // …and the next person at it sees none of it, on the page or after a reload of the form.
    for (const text of ["Ada", "Lovelace", "Mallory", "Typed-Here"]) expect(await page.locator("body").innerText()).not.toContain(text);
    // The other tab left the application as well.
    await waitForPath(second, "/login");
    for (const text of ["Ada", "Lovelace", "Mallory", "Typed-Here"]) expect(await second.locator("body").innerText()).not.toContain(text);
    await page.goto(`${world.server.url}/about`);
    await page.getByRole("heading", { name: "About You" }).waitFor();
    await page.getByText("Welcome!").waitFor();
    // The app's code has loaded and run (it restores what this device keeps).
    await page.waitForLoadState("networkidle");
    expect(await firstName(page).inputValue()).toBe("");
    expect(await lastName(page).inputValue()).toBe("");
    expect(await storage(page)).toBe(JSON.stringify({ local: {}, session: {} }));
  });

  test("a visitor's answers are restored within 24 hours of the last change, and not after", async () => {
    const page = await newPage();
    await page.clock.install();
    await typeAsVisitor(page, "Mallory", "Typed-Here");

    await page.clock.setSystemTime(Date.now() + 23 * HOUR);
    await page.reload();
    // This step failed in some CI runs and never alone: a failure says what the device kept, and when.
    await expect
      .poll(async () => {
        const value = await lastName(page).inputValue();
        return value === "Typed-Here" ? value : `${value} (kept: ${await storage(page)}; page's now: ${await page.evaluate<number>("Date.now()")})`;
      }, { timeout: 10_000 })
      .toBe("Typed-Here");

    await page.clock.setSystemTime(Date.now() + 25 * HOUR);
    await page.reload();
    await page.getByRole("heading", { name: "About You" }).waitFor();
    // The app has run (it took the page over) and found nothing to restore.
    await waitForExpression(page, "!(localStorage.getItem('apply.visitor') ?? '').includes('Mallory')");
    expect(await firstName(page).inputValue()).toBe("");
    expect(await lastName(page).inputValue()).toBe("");
    expect(await storage(page)).not.toContain("Mallory");
  });
});
