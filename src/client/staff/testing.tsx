// The office's component tests: its routes at a path, on a memory router, with a query client of
// the test's own; the API answered by the applicants' test server (../testing.tsx: msw, `sent`).
import { StrictMode, useEffect } from "react";
import { QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { MemoryRouter, useLocation, useNavigate, type Location, type NavigateFunction } from "react-router";
import type { StaffRole } from "../../api-contract/staff";
import { beforeAll } from "vitest";
import { optionsOf, server, url } from "../testing";
import type { Dashboard, StaffSelf } from "./api";
import { createStaffQueryClient } from "./session";
import { preloadEveryPage, StaffRoutes } from "./StaffRoutes";

// The office's pages and charts load lazily, and a navigation shows the page before until the next
// has loaded: the first load of each in a test file, a Vite transform, took longer on CI's busy
// machine than a test waits. Loaded before the file's first test instead.
beforeAll(preloadEveryPage, 120_000);

/** Renders the office at `path` with `state` as the navigation state; `router.location` is where it is now. */
export function renderStaff(path: string, state?: unknown) {
  const at = new URL(path, location.origin);
  const visited: Location[] = [];
  let navigate: NavigateFunction | undefined;
  function Visits() {
    const here = useLocation();
    const appNavigate = useNavigate();
    useEffect(() => void (navigate = appNavigate));
    if (visited.at(-1) !== here) visited.push(here);
    return null;
  }
  const view = render(
    <StrictMode>
      <QueryClientProvider client={createStaffQueryClient()}>
        <MemoryRouter initialEntries={[{ pathname: at.pathname, search: at.search, state }]}>
          <Visits />
          <StaffRoutes />
        </MemoryRouter>
      </QueryClientProvider>
    </StrictMode>,
  );
  const router = {
    get location(): Location {
      return visited.at(-1)!;
    },
    navigate: async (to: string) => navigate!(to),
  };
  return { router, visited, ...view };
}

/** A staff member of `role`, as GET /staff/api/me answers. */
export function staffOf(role: StaffRole, overrides: Partial<StaffSelf> = {}): StaffSelf {
  return { id: 7, email: `${role}@westbrook.example.edu`, role, ...overrides };
}

/** Logged in as `role`: GET /staff/api/me answers who. */
export function logInAs(role: StaffRole): StaffSelf {
  const self = staffOf(role);
  server.use(http.get(url("/staff/api/me"), () => HttpResponse.json(self)));
  return self;
}

/** The query string of the last request to `path` (GET), as URLSearchParams. */
export function lastQuery(sent: { method: string; path: string }[], path: string): URLSearchParams {
  const request = sent.filter((r) => r.method === "GET" && r.path.split("?")[0] === path).at(-1);
  if (!request) throw new Error(`no GET ${path} was sent`);
  return new URLSearchParams(request.path.split("?")[1] ?? "");
}

/** A dashboard as GET /staff/api/dashboard answers it, with the form's own codes: three days of a cycle that opened on Friday. */
function sampleDashboard(): Dashboard {
  const [term, laterTerm] = optionsOf("entry_term").map((option) => String(option.value));
  const [plan] = optionsOf("decision_type").map((option) => String(option.value));
  return {
    today: "2026-11-22", week_from: "2026-11-16", cycle_from: "2026-11-20",
    started: { today: 3, week: 12, cycle: 40 },
    submitted: { today: 1, week: 7, cycle: 25 },
    per_day: [
      { day: "2026-11-20", submitted: 4, last_day: "2025-11-20", last_cycle: 2 },
      { day: "2026-11-21", submitted: 5, last_day: "2025-11-21", last_cycle: 3 },
      { day: "2026-11-22", submitted: 1, last_day: "2025-11-22", last_cycle: 6 },
    ],
    splits: {
      plan: [{ value: null, started: 9, submitted: 2 }, { value: plan!, started: 6, submitted: 23 }],
      term: [{ value: laterTerm!, started: 5, submitted: 4 }, { value: term!, started: 10, submitted: 21 }],
      review: [{ value: "received", started: 0, submitted: 14 }, { value: "complete", started: 0, submitted: 11 }, { value: null, started: 15, submitted: 0 }],
      citizenship: [{ value: "Y", started: 11, submitted: 20 }, { value: "N", started: 4, submitted: 5 }],
    },
  };
}

/** GET /staff/api/dashboard answers `dashboard`. */
export function serveDashboard(dashboard: Dashboard = sampleDashboard()): Dashboard {
  server.use(http.get(url("/staff/api/dashboard"), () => HttpResponse.json(dashboard)));
  return dashboard;
}
