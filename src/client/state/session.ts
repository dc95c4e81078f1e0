// The client snapshot: who is here and where the application stands.
import { create } from "zustand";
import type { Profile, WebStatus } from "../api/calls";
import { serviceTokenIn } from "../service-token";

export interface Snapshot {
  web_status: WebStatus | null;
  last_page: string | null;
  is_logged_in: boolean;
  username: string | null;
  is_service_user: boolean;
  num_logins: number;
  has_changed_page: boolean;
}

interface SessionStore extends Snapshot {
  fromProfile: (profile: Profile) => void;
  setWebStatus: (status: WebStatus) => void;
  markChangedPage: () => void;
  loggedIn: (username: string) => void;
  loggedOut: () => void;
}

const ORDER: WebStatus[] = ["started", "validating", "submitted"];

/** 0 distinct recognised entries → null, 1 → started, 2 → validating, 3 → submitted. */
function webStatusOf(entries: Profile["web_status"]): WebStatus | null {
  const distinct = new Set(entries.map((entry) => entry.web_status).filter((status) => ORDER.includes(status as WebStatus)));
  return ORDER[distinct.size - 1] ?? null;
}

/** Logged in is read from the readable companion cookie the server sets beside the session cookie. */
function hasLoggedInCookie(): boolean {
  const prefix = document.querySelector<HTMLMetaElement>('meta[name="cookie-prefix"]')?.content ?? "apply_";
  return document.cookie.split(";").some((cookie) => cookie.trim().startsWith(`${prefix}logged_in=`));
}

/**
 * The service token of a read-only view, read once at start-up: the view
 * takes it out of the address bar, and the app must still know it is one.
 */
export const serviceToken = serviceTokenIn(location.search);

const initial = (): Snapshot => ({
  web_status: null,
  last_page: null,
  is_logged_in: hasLoggedInCookie(),
  username: null,
  is_service_user: serviceToken !== null,
  num_logins: 1,
  has_changed_page: false,
});

export const useSession = create<SessionStore>()((set) => ({
  ...initial(),
  fromProfile: (profile) =>
    set({
      web_status: webStatusOf(profile.web_status),
      last_page: profile.last_page,
      username: profile.username,
      num_logins: profile.successful_login.length || 1,
      is_logged_in: true,
    }),
  setWebStatus: (status) => set({ web_status: status }),
  markChangedPage: () => set({ has_changed_page: true }),
  loggedIn: (username) => set({ is_logged_in: true, username, has_changed_page: false }),
  loggedOut: () => set({ ...initial(), is_logged_in: false }),
}));
