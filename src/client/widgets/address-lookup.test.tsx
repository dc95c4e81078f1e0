// The address lookup
// in the permanent address block drawn from the real definitions (address.json's first line is a
// lookup): typing the first line suggests addresses, choosing one fills the line, city, state, ZIP
// code and country in one change, and a line not found is kept as typed.
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { http, HttpResponse } from "msw";
import { beforeAll, describe, expect, test } from "vitest";
import type { Answers, ViewItem } from "../../engine/runtime";
import type { LookupRecord, LookupResult } from "../api/calls";
import { useAnswers } from "../state/answers";
import { labelOf, optionsOf, sentTo, server, url, withTestServer, WithSaver } from "../testing";
import { form } from "../form/model";
import { Items } from "../form/Renderer";
import { preloadLookup } from "./lookup";

withTestServer();

const PHOTON_ID = "photon:WyI3NyBNYXNzYWNodXNldHRzIEF2ZW51ZSJd";
const SUGGESTIONS: LookupResult[] = [
  { id: PHOTON_ID, text: "77 Massachusetts Avenue", sub_text: "Cambridge, MA 02139" },
  { id: "zip:02139", text: "02139", sub_text: "Cambridge, MA" },
];
const RECORDS: Record<string, LookupRecord> = {
  [PHOTON_ID]: { address_line_1: "77 Massachusetts Avenue", city: "Cambridge", state: "MA", zip: "02139", country: "USA" },
  "zip:02139": { address_line_1: "", city: "Cambridge", state: "MA", zip: "02139", country: "USA" },
};

/** GET /lookup/find for addresses: the street for "77…", the ZIP code for "021…", else nothing. */
function serveAddresses() {
  server.use(
    http.get(url("/lookup/find"), ({ request }) => {
      const query = new URL(request.url).searchParams;
      if (query.get("category") !== "address") return HttpResponse.json({ message: "category" }, { status: 400 });
      const id = query.get("id");
      if (id !== null) return RECORDS[id] ? HttpResponse.json(RECORDS[id]) : HttpResponse.json({ message: "Not found." }, { status: 404 });
      const text = query.get("text") ?? "";
      return HttpResponse.json(SUGGESTIONS.filter((s) => (text.startsWith("77") ? s.id === PHOTON_ID : text.startsWith("021") && s.id.startsWith("zip:"))));
    }),
  );
}

/** The permanent address block of /about, as the page draws it. */
function permanentAddress(): ViewItem[] {
  const about = form.pages.find((p) => p.page === "about")!;
  const find = (items: ViewItem[]): ViewItem | undefined => {
    for (const view of items) {
      if (view.item.type === "address" && view.children?.some((child) => child.key === "address_line_1")) return view;
      const inner = find([...(view.children ?? []), ...(view.tabs ?? []).flatMap((t) => t.items)]);
      if (inner) return inner;
    }
    return undefined;
  };
  return [find(about.items)!];
}

const answers = (): Answers => useAnswers.getState().answers;
const given = (values: Answers) => useAnswers.getState().assign(values);
const lineOne = () => screen.getByRole("combobox", { name: labelOf("address_line_1") });
const labelIn = (key: string, value: string) => optionsOf(key).find((option) => option.value === value)!.label;
const massachusetts = () => {
  const states = form.owners.get("state")!.item.options!;
  if (states.kind !== "byAnswer") throw new Error("the state's list follows the country");
  return states.lists.USA!.find((option) => option.value === "MA")!.label;
};

function show() {
  const user = userEvent.setup();
  return { user, ...render(<Items items={permanentAddress()} level={2} />, { wrapper: WithSaver }) };
}

/** Records each change to the answers: the keys it changed, with their new values. */
function recordChanges(): { changes: Answers[]; stop: () => void } {
  const changes: Answers[] = [];
  const stop = useAnswers.subscribe((state, before) => {
    if (state.answers !== before.answers) changes.push(Object.fromEntries(Object.entries(state.answers).filter(([key, value]) => before.answers[key] !== value)));
  });
  return { changes, stop };
}

beforeAll(() => preloadLookup());

describe("the address lookup on an address's first line", () => {
  test("suggests addresses as the line is typed; the keyboard chooses one, which fills line, city, state, ZIP code and country in one change", async () => {
    serveAddresses();
    const { user } = show();
    await user.click(lineOne());
    await user.keyboard("77 Mass");
    const list = await screen.findByRole("listbox");
    expect(within(list).getByRole("option", { name: "77 Massachusetts Avenue" })).toHaveAccessibleDescription("Cambridge, MA 02139");
    expect(sentTo("GET", "/lookup/find").map((r) => new URL(r.path, url("/")).searchParams.get("category"))).toContain("address");
    expect(answers().address_line_1, "what is typed is the answer at once").toBe("77 Mass");

    const { changes, stop } = recordChanges();
    await user.keyboard("{ArrowDown}{Enter}");
    await waitFor(() => expect(answers().city).toBe("Cambridge"));
    stop();
    expect(changes).toEqual([{
      address_line_1: "77 Massachusetts Avenue", city: "Cambridge", state: "MA", state_desc: massachusetts(), zip: "02139",
      country: "USA", country_desc: labelIn("country", "USA"),
    }]);
    expect(lineOne()).toHaveValue("77 Massachusetts Avenue");
    expect(screen.getByRole("textbox", { name: labelOf("city") })).toHaveValue("Cambridge");
    expect(screen.getByRole("combobox", { name: labelOf("state") })).toHaveValue("MA");
    expect(screen.getByRole("textbox", { name: labelOf("zip") })).toHaveValue("02139");
  });

  test("a ZIP code chosen fills city, state, ZIP code and country, and leaves the line for the street", async () => {
    serveAddresses();
    const { user } = show();
    await user.click(lineOne());
    await user.keyboard("02139");
    await user.click(within(await screen.findByRole("listbox")).getByRole("option", { name: "02139" }));
    await waitFor(() => expect(answers().zip).toBe("02139"));
    expect(answers()).toMatchObject({ address_line_1: "", city: "Cambridge", state: "MA", country: "USA", country_desc: labelIn("country", "USA") });
  });

  test("a line not found is kept as typed, and typing it leaves the city, state, ZIP code and country as they were", async () => {
    serveAddresses();
    given({ country: "USA", country_desc: labelIn("country", "USA"), state: "OH", city: "Columbus", zip: "43215" });
    const { user } = show();
    await user.click(lineOne());
    await user.keyboard("418 Maple Avenue");
    // Searched once typing pauses; the server finds nothing.
    await waitFor(() => expect(sentTo("GET", "/lookup/find").map((r) => new URL(r.path, url("/")).searchParams.get("text"))).toContain("418 Maple Avenue"));
    expect(screen.queryByRole("listbox")).not.toBeInTheDocument();
    await user.tab();
    expect(answers()).toMatchObject({ address_line_1: "418 Maple Avenue", country: "USA", state: "OH", city: "Columbus", zip: "43215" });
  });

  test("takes at most the characters the first line's answer keeps", () => {
    show();
    expect(lineOne()).toHaveAttribute("maxLength", "45");
  });
});
