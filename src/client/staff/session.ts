// The office's server state (TanStack Query) and who is logged in. The app creates its query
// client (./main.tsx); tests create their own.
import { QueryClient, useQuery } from "@tanstack/react-query";
import type { StaffRole } from "../../api-contract/staff";
import { staffApi } from "./api";

export function createStaffQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      // Colleagues change the same applications: what is shown is fetched again after half a minute.
      queries: { retry: false, staleTime: 30_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

export const SELF_KEY = ["staff", "me"] as const;

/** Who is logged in; a 401 means nobody is (the layout sends to the login). */
export function useStaffSelf() {
  return useQuery({ queryKey: SELF_KEY, queryFn: () => staffApi.me(), staleTime: Infinity });
}

/** Roles add up (src/api-contract/staff.ts): a reviewer can do what a reader can, an admin what a reviewer can. */
export const canReview = (role: StaffRole) => role === "reviewer" || role === "admin";
export const isAdmin = (role: StaffRole) => role === "admin";

export const LOGIN_PATH = "/staff/login";
/** The office's first page: the dashboard. */
export const HOME_PATH = "/staff";
export const LIST_PATH = "/staff/applications";

/** What the login page is handed: a message to show, and where to go back to once logged in. */
export interface LoginState {
  message?: string;
  from?: string;
  email?: string;
}

export const sessionMessages = {
  ended: "Your session has ended. Please log in again.",
  idle: "You were logged out after 15 minutes without activity. Please log in again.",
  loggedOut: "You have logged out.",
  enrolled: "Your account is ready. Log in with your e-mail, your password and a code from your authenticator app.",
};
