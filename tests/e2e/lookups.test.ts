// School lookups in Chromium against the built server and its shipped sample schools
// (lookup-data/hs_ceeb.csv, loaded into the empty database at start): a new applicant types a
// few letters of a school with a typo, picks it by keyboard alone, and the school's name, CEEB
// code and address are saved; a school that is not listed is kept as typed and asks for its
// address. The address lookup: the server asks a geocoder for street addresses
// (ADDRESS_LOOKUP_URL), here a Photon stand-in that knows one address; the applicant types the
// permanent address's first line, chooses the suggestion, and line, city, state, ZIP code and
// country are saved.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { definitions } from "../support/definitions";
import { createAccount, logInThroughApi, newAddress, serverAnswers, waitForSaved } from "./support";
import { browserWorld } from "./world";

/** Photon's answer (GeoJSON features) for any search: one street address in Cambridge, MA. */
const PHOTON_ANSWER = JSON.stringify({
  type: "FeatureCollection",
  features: [{
    type: "Feature", geometry: { type: "Point", coordinates: [-71.09, 42.36] },
    properties: { housenumber: "77", street: "Massachusetts Avenue", city: "Cambridge", state: "Massachusetts", postcode: "02139", countrycode: "US" },
  }],
});
const photonSearches: string[] = [];
const photon: Server = createServer((request, response) => {
  photonSearches.push(new URL(request.url!, "http://photon").searchParams.get("q") ?? "");
  response.writeHead(200, { "content-type": "application/json" }).end(PHOTON_ANSWER);
});
// Registered before the world's hooks, so the geocoder listens before the server starts.
beforeAll(() => new Promise<void>((resolve) => photon.listen(0, "127.0.0.1", resolve)));
afterAll(() => new Promise<void>((resolve) => photon.close(() => resolve())));

const world = browserWorld({ settings: () => ({ ADDRESS_LOOKUP_URL: `http://127.0.0.1:${(photon.address() as AddressInfo).port}` }) });

async function onAcademics(): Promise<Page> {
  const page = await world.newPage();
  await logInThroughApi(page, world.server, await createAccount(world.server, newAddress("lookups")));
  await page.goto(`${world.server.url}/education`);
  await page.getByRole("heading", { level: 1, name: "Academics", exact: true }).waitFor();
  return page;
}

const schoolName = (page: Page) => page.getByRole("combobox", { name: "School Name" }).first();

describe("school lookup", () => {
  test("three letters and a typo find a sample school; the keyboard picks it; name, CEEB code and address are saved", async () => {
    const page = await onAcademics();
    const input = schoolName(page);
    await input.focus();
    await page.keyboard.type("Lincon", { delay: 60 });
    const option = page.getByRole("option", { name: /^Lincoln High School/ });
    await option.first().waitFor({ timeout: 10_000 });
    expect(await page.getByRole("option").count(), "at most 5 suggestions").toBeLessThanOrEqual(5);
    expect(await page.getByRole("listbox").textContent(), "the city and state beside the name").toContain("Washington, DC");

    // Down to the first Lincoln High School, then Enter: no mouse.
    const shown = (await option.first().textContent())!;
    for (let i = 0; i < 5 && (await option.first().getAttribute("data-focused")) === null; i++) await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Enter");
    await expect.poll(() => input.inputValue(), { timeout: 10_000 }).toBe("Lincoln High School");
    await waitForSaved(page);
    const answers = await serverAnswers(page, world.server);
    expect(answers.hs_ceeb).toMatch(/^\d{6}$/);
    const record = (await (await page.context().request.get(`${world.server.url}/lookup/find?id=${String(answers.hs_ceeb)}&category=hs_ceeb`)).json()) as Record<string, string>;
    expect(record.name).toBe("Lincoln High School");
    expect(shown, "the suggestion chosen is the school saved").toContain(`${record.city}, ${record.state}`);
    expect(answers).toMatchObject({
      hs_name: "Lincoln High School",
      hs_address_line_1: record.address_line_1,
      hs_city: record.city,
      hs_state: record.state,
      hs_zip: record.zip,
      hs_country: "USA",
    });
    expect(await page.getByText("Enter your school information below.").count(), "a listed school").toBe(0);
  });

  test("a school that is not listed is kept as typed, without a code, and asks for its address", async () => {
    const page = await onAcademics();
    const input = schoolName(page);
    await input.focus();
    await page.keyboard.type("Quillfeather Homeschool Cooperative", { delay: 20 });
    await page.keyboard.press("Tab");
    await page.getByText("Enter your school information below.").waitFor({ timeout: 10_000 });
    await page.locator('input[id="hs_city"]').waitFor();
    await waitForSaved(page);
    const answers = await serverAnswers(page, world.server);
    expect(answers.hs_name).toBe("Quillfeather Homeschool Cooperative");
    expect(answers.hs_ceeb ?? "").toBe("");
  });
});

describe("address lookup", () => {
  test("the first line of the permanent address suggests a street address; choosing it saves line, city, state, ZIP code and country", async () => {
    const page = await world.newPage();
    const scripts: string[] = [];
    page.on("request", (request) => void (request.resourceType() === "script" && scripts.push(request.url())));
    await logInThroughApi(page, world.server, await createAccount(world.server, newAddress("address-lookup")));
    await page.goto(`${world.server.url}/about`);
    const about = definitions().pages.find((view) => view.page === "about")!;
    await page.getByRole("heading", { level: 1, name: about.title, exact: true }).waitFor();
    await page.waitForLoadState("networkidle");
    expect(scripts.filter((url) => url.includes("LookupCombo")), "the combo box's code is not part of /about's first visit").toEqual([]);

    const line = page.locator('input[id="address_line_1"]');
    await line.focus();
    await page.keyboard.type("77 Mass", { delay: 60 });
    const option = page.getByRole("option", { name: "77 Massachusetts Avenue" });
    await option.waitFor({ timeout: 10_000 });
    expect(await option.textContent(), "the city, state and ZIP code beside the street").toContain("Cambridge, MA 02139");
    // The geocoder answers every search alike, so a search of "77" alone, sent at a pause in the
    // typing on a busy machine, shows the option before the search of what was typed has gone out.
    await expect.poll(() => photonSearches.at(-1), { timeout: 10_000 }).toMatch(/^77 Ma/);
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Enter");
    await expect.poll(() => page.locator('input[id="city"]').inputValue(), { timeout: 10_000 }).toBe("Cambridge");
    expect(await line.inputValue()).toBe("77 Massachusetts Avenue");
    await waitForSaved(page);
    expect(await serverAnswers(page, world.server)).toMatchObject({
      address_line_1: "77 Massachusetts Avenue", city: "Cambridge", state: "MA", zip: "02139", country: "USA",
    });
  });
});
