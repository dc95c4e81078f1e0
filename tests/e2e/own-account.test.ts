// The applicant's own account in Chromium against the built server (issue 22 item 5): from the
// account popover to /account, a new e-mail address confirmed with the code from the outbox, then
// the application deleted behind its dialog; the data's zip downloaded, and with the session ended
// on the server no file but the logout; and axe over the page and the dialog at both widths.
import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { accountMessages } from "../../src/engine/runtime";
import { ANIMATIONS_ENDED, axeViolations, createAccount, latestCode, logInThroughApi, newAddress, PASSWORD, readOutbox, waitForExpression } from "./support";
import { browserWorld } from "./world";

const world = browserWorld();
const { newPage } = world;

const waitForPath = (page: Page, pathname: string) => page.waitForURL((url) => url.pathname === pathname);
const toast = (page: Page, label: string, text: string) => page.getByRole("alertdialog", { name: label }).filter({ hasText: text }).waitFor();
const focusedText = (page: Page) => page.evaluate<string>("document.activeElement?.textContent ?? ''");

async function axeProblems(page: Page): Promise<string[]> {
  await waitForExpression(page, ANIMATIONS_ENDED);
  const violations = await axeViolations(page);
  return violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
}

describe("the applicant's own account in the browser", () => {
  test("changes the e-mail address with the code from the outbox, then deletes the application", async () => {
    const page = await newPage();
    const address = await createAccount(world.server, newAddress("own"));
    const moved = newAddress("moved");
    await logInThroughApi(page, world.server, address);
    await page.goto(`${world.server.url}/about`);
    await page.getByRole("button", { name: "Account" }).click();
    await page.getByRole("dialog", { name: "Account" }).getByRole("link", { name: "Your account" }).click();
    await waitForPath(page, "/account");
    await page.getByRole("heading", { level: 1, name: "Your account" }).waitFor();

    const email = page.getByRole("region", { name: "Change your email address" });
    await email.getByLabel("New email address", { exact: true }).fill(moved);
    await email.getByLabel("Current password", { exact: true }).fill(PASSWORD);
    await email.getByRole("button", { name: "Send confirmation code" }).click();
    await email.getByRole("status").filter({ hasText: "We sent a confirmation code to the new address." }).waitFor();
    await email.getByLabel("Confirmation code").fill(await latestCode(world.server, moved));
    await email.getByRole("button", { name: "Change email address" }).click();
    await toast(page, "Success Notification", "Your email address was changed.");
    await page.getByText(`You are logged in as ${moved}.`).waitFor();
    expect(readOutbox(world.server.dataDir).some((mail) => (mail.headers.get("to") ?? "").includes(address) && mail.text.includes(`was changed to ${moved}`))).toBe(true);

    await page.getByRole("region", { name: "Delete your application" }).getByRole("button", { name: "Delete my application" }).click();
    const dialog = page.getByRole("alertdialog", { name: "Delete your application?" });
    await dialog.waitFor();
    await waitForExpression(page, "document.activeElement?.textContent === 'Cancel'");
    await dialog.getByRole("button", { name: "Delete my application" }).click();
    await waitForPath(page, "/login");
    await toast(page, "Success Notification", "Your application and your account have been deleted.");
    expect(await page.context().cookies()).toEqual([]);
    const login = await page.context().request.post(`${world.server.url}/public/login`, { data: { username: moved, password: PASSWORD } });
    expect(login.status()).toBe(400);
  });

  test("Download my data saves the zip; with the session ended on the server it logs out to /login with the session message and saves no file", async () => {
    const page = await newPage();
    await logInThroughApi(page, world.server, await createAccount(world.server, newAddress("data")));
    await page.goto(`${world.server.url}/account`);
    const link = page.getByRole("region", { name: "Download your data" }).getByRole("link", { name: "Download my data" });
    const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
    expect(download.suggestedFilename()).toMatch(/^my-application-data-\d{4}-\d{2}-\d{2}\.zip$/);

    // The session ends on the server (as at its idle limit) while the browser keeps its cookies.
    const cookies = await page.context().cookies();
    expect((await page.context().request.get(`${world.server.url}/api/logout`)).status()).toBe(200);
    await page.context().addCookies(cookies);
    const saved: string[] = [];
    page.on("download", (later) => saved.push(later.suggestedFilename()));
    await link.click();
    await waitForPath(page, "/login");
    await toast(page, "Login Card Error", accountMessages.sessionInvalid);
    expect(saved).toEqual([]);
  });

  test.each([1280, 375])("axe finds nothing on /account, reached from the account popover, nor in its delete dialog at %i px; the dialog works by keyboard", async (width) => {
    const page = await newPage(width);
    await logInThroughApi(page, world.server, await createAccount(world.server, newAddress("axe-own")));
    // In-app navigation, as an applicant gets there: what the last page left behind is judged too.
    await page.goto(`${world.server.url}/about`);
    await page.getByRole("button", { name: "Account" }).click();
    await page.getByRole("dialog", { name: "Account" }).getByRole("link", { name: "Your account" }).click();
    await waitForPath(page, "/account");
    await page.getByRole("heading", { level: 1, name: "Your account" }).waitFor();
    const problems = await axeProblems(page);
    if (width === 375) {
      const scrollWidth = await page.evaluate<number>("document.documentElement.scrollWidth");
      if (scrollWidth > width) problems.push(`the page is ${scrollWidth} px wide`);
    }
    const remove = page.getByRole("region", { name: "Delete your application" }).getByRole("button", { name: "Delete my application" });
    await remove.focus();
    await page.keyboard.press("Enter");
    await page.getByRole("alertdialog", { name: "Delete your application?" }).waitFor();
    await waitForExpression(page, "document.activeElement?.textContent === 'Cancel'");
    problems.push(...(await axeProblems(page)).map((problem) => `dialog: ${problem}`));
    await page.keyboard.press("Escape");
    await page.getByRole("alertdialog").waitFor({ state: "detached" });
    // React Aria gives the focus back in an animation frame after the dialog has gone: waited for, not read at once.
    await waitForExpression(page, "document.activeElement?.textContent === 'Delete my application'").catch(async () => {
      throw new Error(`the focus did not return to the button; it is on: ${await focusedText(page)}`);
    });
    expect(problems, problems.join("\n")).toEqual([]);
  });
});
