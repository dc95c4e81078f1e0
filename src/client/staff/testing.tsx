// The office's component tests: its routes at a path, on a memory router, with a query client of
// the test's own; the API answered by the applicants' test server (../testing.tsx: msw, `sent`).
import { StrictMode, useEffect } from "react";
import { QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { MemoryRouter, useLocation, useNavigate, type Location, type NavigateFunction } from "react-router";
import type { StaffRole } from "../../api-contract/staff";
import { server, url } from "../testing";
import type { StaffSelf } from "./api";
import { createStaffQueryClient } from "./session";
import { StaffRoutes } from "./StaffRoutes";

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
