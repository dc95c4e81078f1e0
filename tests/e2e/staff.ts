// A staff member in the browser: enrolled from an invitation link (a password, an authenticator
// whose codes the test computes, recovery codes saved), then logged in. `check` is called on each
// step's page (the office's test runs axe there).
import { generateSync } from "otplib";
import type { Page } from "playwright-core";
import { expect } from "vitest";

export const STAFF_PASSWORD = "Amber-Orchard-Ledger-41";

type Check = (name: string) => Promise<void>;
const unchecked: Check = async () => {};

export type Authenticator = () => Promise<string>;

/**
 * The authenticator app: each call a code of a 30-second step not used yet (a step's code works
 * once), the next step's when this one's was used (the server takes one step either side).
 */
function authenticator(secret: string): Authenticator {
  let used = 0;
  const currentStep = () => Math.floor(Date.now() / 30_000);
  return async () => {
    const step = Math.max(used + 1, currentStep());
    while (step > currentStep() + 1) await new Promise((resolve) => setTimeout(resolve, 500));
    used = step;
    return generateSync({ secret, epoch: step * 30 });
  };
}

/** Follows an invitation link through its three steps; answers the authenticator. */
export async function enrol(page: Page, link: string, email: string, check = unchecked): Promise<Authenticator> {
  await page.goto(link);
  await page.getByRole("heading", { name: "Welcome to the admissions office" }).waitFor();
  await page.getByText(email).first().waitFor();
  await check("welcome, password");
  await page.getByRole("textbox", { name: "Password", exact: true }).fill(STAFF_PASSWORD);
  await page.getByRole("textbox", { name: "Password again" }).fill(STAFF_PASSWORD);
  await page.getByRole("button", { name: "Continue" }).click();
  await page.getByRole("img", { name: "QR code for your authenticator app" }).waitFor();
  await check("welcome, authenticator");
  const secret = (await page.locator("code.secret").textContent())!.replace(/\s/g, "");
  const code = authenticator(secret);
  await page.getByLabel("Code from the app").fill(await code());
  await page.getByRole("button", { name: "Continue" }).click();
  await page.getByRole("heading", { name: /Save your recovery codes/ }).waitFor();
  expect(await page.locator(".recovery-codes li").count()).toBe(10);
  await check("welcome, recovery codes");
  await page.getByText("I have saved my recovery codes").click();
  await page.getByRole("button", { name: "Continue to log in" }).click();
  await page.getByRole("heading", { name: "Log in to the admissions office" }).waitFor();
  return code;
}

/** Logs in at `url`'s office (from its login page) and waits for the dashboard. */
export async function logIn(page: Page, url: string, email: string, code: Authenticator, check = unchecked): Promise<void> {
  if (page.url() !== `${url}/staff/login`) await page.goto(`${url}/staff/login`);
  await check("login");
  await page.getByLabel("E-mail").fill(email);
  await page.getByRole("textbox", { name: "Password", exact: true }).fill(STAFF_PASSWORD);
  await page.getByLabel("Authentication code").fill(await code());
  await page.getByRole("button", { name: "Log in" }).click();
  await page.getByRole("heading", { name: "Dashboard", level: 1 }).waitFor();
}
