// Server state (TanStack Query) with the spec's defaults: nothing
// retries (but the web-status post), nothing goes stale or refetches, and the cache is kept until
// logout or a 401 clears it.
import { QueryClient, useMutation, useQuery } from "@tanstack/react-query";
import { useAnswers } from "../state/answers";
import { useSaver, type Saver } from "../state/saver";
import { useSession } from "../state/session";
import { api, type WebStatus } from "./calls";

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      retry: false,
      staleTime: Infinity,
      gcTime: Infinity,
      refetchOnWindowFocus: false,
      refetchOnMount: false,
      refetchOnReconnect: false,
    },
    mutations: { retry: false },
  },
});

export function useProfile(enabled: boolean) {
  const saver = useSaver();
  return useQuery({
    queryKey: ["profile"],
    enabled,
    queryFn: async () => {
      const profile = await api.profile();
      useSession.getState().fromProfile(profile);
      // Changes that never reached the server (offline, closed tab) go over the profile and are sent.
      const unsaved = saver.unsavedChanges(profile.username);
      // An answer changed here since needs no attention for what the server holds.
      const attention = Object.fromEntries(Object.entries(profile.attention).filter(([key]) => !(key in unsaved)));
      useAnswers.getState().replaceAll({ ...profile.answer, ...unsaved }, attention);
      return profile;
    },
  });
}

/** The only call that retries: POST /api/web-status, twice, as the specification asks. */
export function useWebStatus() {
  const setWebStatus = useSession((s) => s.setWebStatus);
  return useMutation({
    onMutate: (status: WebStatus) => setWebStatus(status),
    mutationFn: (status: WebStatus) => api.webStatus(status),
    retry: 2,
  });
}

/**
 * After logout, a 401 or an inactivity logout: nothing of the last applicant (nor of any visitor)
 * stays in memory, in the query cache or in the browser's storage, in this tab or any other tab
 * of this browser.
 */
export function forgetApplicant(saver: Saver): void {
  forget(saver);
  tabs?.postMessage("logged out");
}

function forget(saver: Saver): void {
  queryClient.clear();
  saver.forgetStoredAnswers();
  useSession.getState().loggedOut();
  useAnswers.getState().reset();
}

/** This tab's line to the other tabs of this browser (one object: it does not hear itself). */
let tabs: BroadcastChannel | null = null;

/**
 * A logout in another tab of this browser: this tab forgets everything too, and `leave` (the
 * router's) runs when an applicant was logged in here. Answers the unsubscribe.
 */
export function whenLoggedOutElsewhere(saver: Saver, leave: () => void): () => void {
  if (typeof BroadcastChannel === "undefined") return () => {};
  const channel = new BroadcastChannel("apply.logout");
  tabs = channel;
  channel.onmessage = () => {
    const wasLoggedIn = useSession.getState().is_logged_in;
    forget(saver);
    if (wasLoggedIn) leave();
  };
  return () => {
    channel.close();
    if (tabs === channel) tabs = null;
  };
}
