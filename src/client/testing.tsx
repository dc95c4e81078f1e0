// Component tests' helper: the whole app at a path, on a memory router, with the app's own query
// client, 401 handler, stores and toasts, and a saver of the test's own; and the reset that puts
// them back between tests.
import { StrictMode, useEffect, type ReactNode } from "react";
import { QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, expect } from "vitest";
import { MemoryRouter, useLocation, useNavigate, type Location, type NavigateFunction } from "react-router";
import type { AnswerKey, Answers, ResolvedOption } from "../engine/runtime";
import type { Profile } from "./api/calls";
import { whenUnauthorized } from "./api/client";
import { queryClient } from "./api/queries";
import { form } from "./form/model";
import { AppRoutes, preloadEveryPage } from "./router";
import { useAnswers } from "./state/answers";
import { createSaver, SaverContext, type Saver, type SaverOptions } from "./state/saver";
import { useSession, type Snapshot } from "./state/session";
import { toasts } from "./ui/Toasts";

// jsdom has no scrolling; the router scrolls to the top on every navigation.
window.scrollTo = () => {};

/** The origin the API client calls (jsdom's location). */
export const origin = location.origin;

/** A visitor: no cookie, nothing loaded. */
const visitor: Snapshot = {
  web_status: null,
  last_page: null,
  is_logged_in: false,
  username: null,
  is_service_user: false,
  num_logins: 1,
  has_changed_page: false,
};

/**
 * Renders the app at `path` (pathname and query string) with `state` as the navigation state, the
 * way main.tsx does (StrictMode, the singleton query client, the 401 handler) on a memory router,
 * with the test's saver.
 */
export function renderApp(path: string, state?: unknown) {
  const url = new URL(path, origin);
  const appSaver = testSaver();
  // Every place the app went, with its navigation state as it arrived (cards take messages out of it).
  const visited: Location[] = [];
  let navigate: NavigateFunction | undefined;
  const router = {
    state: {
      get location(): Location {
        return visited.at(-1)!;
      },
    },
    navigate: async (to: string) => navigate!(to),
  };
  function Visits() {
    const location = useLocation();
    const appNavigate = useNavigate();
    useEffect(() => void (navigate = appNavigate));
    if (visited.at(-1) !== location) visited.push(location);
    return null;
  }
  const view = render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <SaverContext value={appSaver}>
          <MemoryRouter initialEntries={[{ pathname: url.pathname, search: url.search, state }]}>
            <Visits />
            <AppRoutes />
          </MemoryRouter>
        </SaverContext>
      </QueryClientProvider>
    </StrictMode>,
  );
  return { router, visited, ...view };
}

/** How many times the app asked to reload the page since the test began (jsdom cannot reload). */
export const pageReloads = { count: 0 };

/** The saver options of this test file (withTestServer), under each test's own. */
let fileSaverOptions: SaverOptions = {};
let saver: Saver | undefined;

/**
 * The current test's saver, the one renderApp and WithSaver hand to the app: created on first
 * use, with `options` over the file's, and disposed after the test (withTestServer).
 */
export function testSaver(options?: SaverOptions): Saver {
  if (options && saver) throw new Error("testSaver(options) must come before anything uses the test's saver");
  saver ??= createSaver({ reloadPage: () => pageReloads.count++, ...fileSaverOptions, ...options });
  return saver;
}

/** A wrapper for render(): questions drawn without the app reach the test's saver. */
export function WithSaver({ children }: { children: ReactNode }) {
  return <SaverContext value={testSaver()}>{children}</SaverContext>;
}

/** Logged in, as the readable cookie would say at load. */
export function logIn(snapshot: Partial<Snapshot> = {}): void {
  useSession.setState({ ...visitor, is_logged_in: true, ...snapshot });
}

/**
 * A question's label as form-definitions/ gives it: tests find questions by the label staff wrote,
 * never by a copy of it, so rewording a label breaks no test (scripts/staff-edits.ts checks).
 */
export function labelOf(key: AnswerKey): string {
  const label = (form.owners.get(key)?.item.item as { label?: string } | undefined)?.label;
  if (label === undefined) throw new Error(`no question with a label asks "${key}"`);
  return label;
}

/** A question's options as form-definitions/ lists them (the entry terms come from the cycle). */
export function optionsOf(key: AnswerKey): ResolvedOption[] {
  const options = form.owners.get(key)?.item.options;
  if (options?.kind !== "list") throw new Error(`no question with a list of options asks "${key}"`);
  return options.options;
}

/** A profile as GET /api/profile returns it. */
export function profileOf(overrides: Partial<Profile> = {}, statuses: string[] = ["started"]): Profile {
  return {
    answer: {} as Answers,
    document_answer: {},
    username: "ada@example.com",
    last_page: null,
    successful_login: [{ logged_in_at: "2026-01-01T00:00:00Z" }],
    web_status: statuses.map((web_status) => ({ web_status })),
    revision: 1,
    reference: null,
    submitted_at: null,
    attention: {},
    ...overrides,
  };
}

/** For afterEach: nothing of one test's applicant reaches the next. */
function resetApp(): void {
  queryClient.clear();
  useSession.setState({ ...visitor });
  useAnswers.getState().reset();
  saver?.dispose();
  saver = undefined;
  toasts.clear();
  localStorage.clear();
  whenUnauthorized(() => {});
}

/**
 * The test server (msw): each file adds its handlers; a request no handler answers fails the test.
 * A logged-in form page asks for its chosen tabs and block counts, a document question for the
 * stored documents, the status page for the PDF copy and the application's status, the office's
 * list for the decisions it filters by: by default there are none, the copy is still being made,
 * the application is submitted with nothing on its checklist, and decisions.json has none.
 */
export const server = setupServer(
  http.get(new URL("/api/tabs", origin).href, () => HttpResponse.json({})),
  http.get(new URL("/api/add-another", origin).href, () => HttpResponse.json({})),
  http.get(new URL("/api/document-answer", origin).href, () => HttpResponse.json({})),
  http.get(new URL("/api/pdf", origin).href, () => HttpResponse.json({ status: "IN_PROGRESS", url: null, message: null })),
  http.get(new URL("/api/status", origin).href, () => HttpResponse.json({ state: "submitted", reference: null, submitted_at: null, checklist: [] })),
  http.get(new URL("/staff/api/decisions", origin).href, () => HttpResponse.json({ decisions: [] })),
);

/** A request the app made: method, path with query string, and the JSON body (once read; an upload's form data as text). */
export interface SentRequest {
  method: string;
  path: string;
  body: unknown;
}

/** Every request the app made in the current test, in order. */
export const sent: SentRequest[] = [];
const unhandled: string[] = [];

function jsonOrText(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

server.events.on("request:start", ({ request }) => {
  const url = new URL(request.url);
  const entry: SentRequest = { method: request.method, path: `${url.pathname}${url.search}`, body: undefined };
  sent.push(entry);
  void request
    .clone()
    .text()
    .then((text) => (entry.body = text === "" ? undefined : jsonOrText(text)));
});
server.events.on("request:unhandled", ({ request }) => void unhandled.push(`${request.method} ${request.url}`));

/** The requests sent to `method` `path` (path without the query string) in the current test. */
export function sentTo(method: string, path: string): SentRequest[] {
  return sent.filter((r) => r.method === method && r.path.split("?")[0] === path);
}

/** An absolute address on the app's origin, for msw handlers. */
export const url = (path: string) => new URL(path, origin).href;

/**
 * The hooks every component test file uses: the server on, and everything reset after each test.
 * `saverOptions`: the timing every test of the file runs its saver with.
 */
export function withTestServer(saverOptions: SaverOptions = {}): void {
  beforeAll(async () => {
    fileSaverOptions = saverOptions;
    server.listen({ onUnhandledRequest: "error" });
    // Under CI's load the first page of a file took longer to load than a test waits for it, and
    // the first dialog (the tab switch's confirmation) longer than ten seconds: the overlays'
    // lazy modules (ui/lazy.tsx, ui/Toasts.tsx) are loaded here with the pages.
    await Promise.all([preloadEveryPage(), import("./ui/Dialog"), import("./ui/ToastRegion")]);
  });
  afterEach(async () => {
    pageReloads.count = 0;
    // Unmount before resetting: a mounted app answers the reset with new requests (its profile,
    // its place), and calls still in flight would land, with their toasts, in the next test.
    cleanup();
    await new Promise((resolve) => setTimeout(resolve, 50));
    const missed = unhandled.splice(0);
    server.resetHandlers();
    sent.length = 0;
    resetApp();
    expect(missed, "requests no handler answered").toEqual([]);
  });
  afterAll(() => server.close());
}
