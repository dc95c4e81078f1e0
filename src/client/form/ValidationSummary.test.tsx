// The validation summary's entries: each names its question by its
// place and label, then gives the messages, naming a repeated block once even when the rule's
// message names it too (the spec's "Parent 2/Guardian 2: …" prefixes).
import { http, HttpResponse } from "msw";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeAll, expect, test, vi } from "vitest";
import type { Answers, ValidationErrors, ViewItem } from "../../engine/runtime";
import { labelOf, logIn, profileOf, renderApp, server, url, withTestServer } from "../testing";
import { form } from "./model";
import { loadValidator } from "./validator";

withTestServer({ saveDelayMs: 60_000 });
vi.setConfig({ testTimeout: 60_000 });

beforeAll(async () => {
  await loadValidator();
});

/** Every item of the form's pages, blocks and tabs included. */
function* items(views: ViewItem[]): Generator<ViewItem> {
  for (const view of views) {
    yield view;
    yield* items([...(view.children ?? []), ...(view.tabs ?? []).flatMap((t) => t.items), ...(view.blocks ?? []).flat()]);
  }
}
const all = () => form.pages.flatMap((page) => [...items(page.items)]);

/** Block `n`'s heading of the add-another group `id`, as the definitions write it. */
function blockTitle(id: string, n: number): string {
  const group = all().find((view) => view.item.type === "addAnother" && view.item.id === id)!.item as { blockTitle: string };
  return group.blockTitle.replace("{n}", String(n));
}
/** The title of the address block whose answer keys start with `prefix`. */
function addressTitle(prefix: string): string {
  return (all().find((view) => view.item.type === "address" && view.item.prefix === prefix)!.item as { title: string }).title;
}

test("a block 2 entry names its block once, by its heading, though the rule's message names it too", async () => {
  // The server's messages, as the rules word them (the spec's prefixes for parents and the mailing address).
  const errors: ValidationErrors = {
    mailing_city: [`Mailing: ${labelOf("mailing_city")} is required.`],
    parent_2_last_name: [`Parent 2/Guardian 2: ${labelOf("parent_2_last_name")} is required.`],
    parent_2_phone_cell: ["Parent 2/Guardian 2: Please provide a valid cell phone number."],
    sibling_2_age: ["Please give the age in digits."],
    hs_2_name: ["Search for Your School"],
    activity_2_name: ["Please name the activity."],
  };
  logIn();
  server.use(
    http.get(url("/api/profile"), () => HttpResponse.json(profileOf({ answer: {} as Answers, last_page: "/final-steps" }))),
    http.put(url("/api/last-page"), () => HttpResponse.json({ message: "Saved." })),
    http.post(url("/api/web-status"), () => HttpResponse.json({ message: "Saved." })),
    http.post(url("/api/validations"), () => HttpResponse.json(errors)),
  );
  renderApp("/final-steps");
  await screen.findByRole("heading", { level: 1, name: "Finishing Up" }, { timeout: 15_000 });
  await userEvent.setup().click(screen.getByRole("button", { name: "Save and submit" }));

  const region = await screen.findByRole("region", { name: "We're missing some information!" }, { timeout: 15_000 });
  const parent2 = blockTitle("parents", 2);
  const mailing = addressTitle("mailing_");
  await waitFor(() =>
    expect(within(region).getAllByRole("listitem").map((li) => li.textContent)).toEqual([
      `${mailing}: ${labelOf("mailing_city")}: ${labelOf("mailing_city")} is required.`,
      `${parent2}: ${labelOf("parent_2_last_name")}: ${labelOf("parent_2_last_name")} is required.`,
      `${parent2}: ${labelOf("parent_2_phone_cell")}: Please provide a valid cell phone number.`,
      `${blockTitle("siblings", 2)}: ${labelOf("sibling_2_age")}: Please give the age in digits.`,
      `${blockTitle("high_schools", 2)}: ${labelOf("hs_2_name")}: Search for Your School`,
      `${blockTitle("activities", 2)}: ${labelOf("activity_2_name")}: Please name the activity.`,
    ]),
  );
  // The link names the question, with its place.
  expect(within(region).getAllByRole("link").map((link) => [link.textContent, link.getAttribute("href")])).toEqual([
    [`${mailing}: ${labelOf("mailing_city")}`, "/about#mailing_city"],
    [`${parent2}: ${labelOf("parent_2_last_name")}`, "/about#parent_2_last_name"],
    [`${parent2}: ${labelOf("parent_2_phone_cell")}`, "/about#parent_2_phone_cell"],
    [`${blockTitle("siblings", 2)}: ${labelOf("sibling_2_age")}`, "/about#sibling_2_age"],
    [`${blockTitle("high_schools", 2)}: ${labelOf("hs_2_name")}`, "/education#hs_2_name"],
    [`${blockTitle("activities", 2)}: ${labelOf("activity_2_name")}`, "/education#activity_2_name"],
  ]);
});
