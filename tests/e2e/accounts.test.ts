// The account journey in Chromium against the built server: sign up, confirm with the code from
// the outbox, log in, log out, forgot password, reset with the link from the outbox, log in again,
// and the used link saying so as it opens again.
import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { createAccount, latestCode, latestResetLink, newAddress, PASSWORD } from "./support";
import { browserWorld } from "./world";

const world = browserWorld();
const { newPage } = world;

const NEW_PASSWORD = "Amber-Harbor-4471";


const path = (page: Page) => {
  const url = new URL(page.url());
  return `${url.pathname}${url.search}`;
};
const waitForPath = (page: Page, pathname: string) => page.waitForURL((url) => url.pathname === pathname);

/** A toast (role alertdialog, named by its label) showing `text`. */
async function toast(page: Page, label: string, text: string) {
  const found = page.getByRole("alertdialog", { name: label }).filter({ hasText: text });
  await found.waitFor();
  return found;
}

const submit = (page: Page) => page.getByRole("button", { name: "Submit", exact: true }).click();

describe("accounts in the browser", () => {
  test("sign up, confirm, log in, log out, forgot password, reset, log in again", async () => {
    const page = await newPage();
    const address = newAddress("journey");

    await page.goto(`${world.server.url}/signup`);
    await page.getByRole("heading", { name: "Sign Up" }).waitFor();
    await page.getByLabel("Email", { exact: true }).fill(address);
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    const signedUpAt = Date.now();
    await submit(page);

    await waitForPath(page, "/confirm");
    await toast(page, "Success Notification", "We sent a confirmation code to your email address.");
    expect(await page.getByLabel("Email", { exact: true }).inputValue()).toBe(address);
    await page.getByLabel("Confirmation code").fill(await latestCode(world.server, address));
    await submit(page);

    await waitForPath(page, "/login");
    await toast(page, "Success Notification", "Your account is confirmed. You can now log in.");
    expect(await page.getByLabel("Email", { exact: true }).inputValue()).toBe(address);
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await submit(page);

    await waitForPath(page, "/about");
    await page.getByText("Welcome to your application!").waitFor();

    await page.getByRole("button", { name: "Account" }).click();
    const popover = page.getByRole("dialog", { name: "Account" });
    await popover.getByText(address).waitFor();
    await popover.getByRole("button", { name: "Log Out" }).click();

    await waitForPath(page, "/login");
    await toast(page, "Login Card Error", "You have been logged out.");
    expect(await page.context().cookies()).toEqual([]);

    await page.getByRole("link", { name: "Forgot password" }).click();
    await waitForPath(page, "/forgot");
    await page.getByRole("heading", { name: "Forgot Password" }).waitFor();
    await page.getByLabel("Email", { exact: true }).fill(address);
    // The server sends one account e-mail per address a minute, and the confirmation code went
    // out moments ago: the card says so, and the same request a minute after the sign-up works.
    await submit(page);
    await toast(page, "Forgot Password Card Error", "Please wait a minute before asking for another email.");
    await page.waitForTimeout(Math.max(0, signedUpAt + 61_000 - Date.now()));
    await submit(page);
    await toast(page, "Success Notification", "we sent it a link to reset your password");
    expect(await page.getByRole("alertdialog", { name: "Forgot Password Card Error" }).count()).toBe(0);

    const link = await latestResetLink(world.server, address);
    expect(link.startsWith(`${world.server.url}/reset?`)).toBe(true);
    expect(new URL(link).searchParams.get("username")).toBe(address);
    await page.goto(link);
    await page.getByRole("heading", { name: "Reset Password" }).waitFor();
    await page.getByLabel("New password", { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel("Confirm password", { exact: true }).fill(NEW_PASSWORD);
    await submit(page);

    await waitForPath(page, "/login");
    await toast(page, "Success Notification", "Your password has been reset.");
    expect(await page.getByLabel("Email", { exact: true }).inputValue()).toBe(address);

    // The old password is gone…
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await submit(page);
    await toast(page, "Login Card Error", "Incorrect email address or password.");
    expect(path(page)).toBe("/login");

    // …and the new one lets the applicant back in, to a welcome back.
    await page.getByLabel("Password", { exact: true }).fill(NEW_PASSWORD);
    await submit(page);
    await waitForPath(page, "/about");
    await page.getByText("We're glad you're back").waitFor();

    // The link, used once, says so as soon as it is opened again, with the way to a new one.
    await page.goto(link);
    await page.getByRole("alert").filter({ hasText: "This link has expired — request a new one" }).waitFor();
    expect(await page.getByLabel("New password", { exact: true }).count()).toBe(0);
    await page.getByRole("link", { name: "request a new one" }).click();
    await waitForPath(page, "/forgot");
  });

  test("the login card works by keyboard alone", async () => {
    const address = await createAccount(world.server, newAddress("keyboard"));
    const page = await newPage();
    await page.goto(`${world.server.url}/login`);
    await page.getByRole("heading", { name: "Log In" }).waitFor();

    // The focused input's autocomplete token ("username", "current-password"), else the focused tag.
    const focused = () => page.evaluate<string>("document.activeElement?.getAttribute('autocomplete') ?? document.activeElement?.tagName.toLowerCase() ?? ''");
    let presses = 0;
    while ((await focused()) !== "username") {
      if (++presses > 30) throw new Error(`30 presses of Tab never reached the email field (focus is on ${await focused()})`);
      await page.keyboard.press("Tab");
    }
    await page.keyboard.type(address);
    await page.keyboard.press("Tab");
    expect(await focused(), "Tab from the email field goes to the password field").toBe("current-password");
    await page.keyboard.type(PASSWORD);
    await page.keyboard.press("Enter");

    await waitForPath(page, "/about");
    await page.getByText("Welcome to your application!").waitFor();
  });

  test("a wrong password shows the login card's error toast", async () => {
    const address = await createAccount(world.server, newAddress("wrong"));
    const page = await newPage();
    await page.goto(`${world.server.url}/login`);
    await page.getByLabel("Email", { exact: true }).fill(address);
    await page.getByLabel("Password", { exact: true }).fill("Not-The-Password-1");
    await submit(page);

    const error = await toast(page, "Login Card Error", "Incorrect email address or password.");
    expect(await error.getByText("Error", { exact: true }).isVisible()).toBe(true);
    expect(path(page)).toBe("/login");
    // In the card, above its fields, where the applicant is looking.
    expect(await page.locator(".auth-card").getByRole("alertdialog", { name: "Login Card Error" }).count()).toBe(1);
    const [toastBox, emailBox] = [await error.boundingBox(), await page.getByLabel("Email", { exact: true }).boundingBox()];
    expect(toastBox!.y + toastBox!.height).toBeLessThanOrEqual(emailBox!.y);
  });

  test("an unknown path goes to /about, keeping the query string", async () => {
    const page = await newPage();
    await page.goto(`${world.server.url}/nope?x=1`);
    await page.waitForURL((url) => url.pathname === "/about" && url.search === "?x=1");
    expect(path(page)).toBe("/about?x=1");
    await page.getByRole("heading", { level: 1 }).waitFor();
  });

  test("a link between cards shows the next card at once: the first card brought the others' code", async () => {
    const page = await newPage();
    await page.goto(`${world.server.url}/login`);
    await page.getByRole("heading", { level: 1, name: "Log In" }).waitFor();
    await page.waitForLoadState("networkidle");
    const fetched: string[] = [];
    page.on("request", (request) => void (request.resourceType() === "script" && fetched.push(new URL(request.url()).pathname)));
    for (const [link, title] of [["Forgot password", "Forgot Password"], ["Log In", "Log In"], ["Sign Up", "Sign Up"]] as const) {
      await page.getByRole("main").getByRole("link", { name: link, exact: true }).click();
      await page.getByRole("heading", { level: 1, name: title }).waitFor();
    }
    expect(fetched).toEqual([]);
  });
});
