// Opening any page with ?token= (a "Save for later" link) loads those answers into the form and
// takes the token out of the address bar; an unknown or expired link says so.
import { useEffect } from "react";
import { useLocation, useNavigate } from "react-router";
import { api } from "../api/calls";
import { useAnswers } from "../state/answers";
import { keepVisitorAnswers } from "../state/saver";
import { useSession } from "../state/session";
import { toasts } from "../ui/Toasts";
import { useChanges } from "./changes";

const SAVED_ANSWERS_LOADED = "We loaded the answers you saved. Pick up where you left off.";
const SAVED_ANSWERS_ERROR = "Saved Answers Error";

/**
 * Tokens being read: StrictMode and re-renders must not load one twice. Each is let go once read,
 * as the address no longer holds it, so no token stays in the page after a logout.
 */
const reading = new Set<string>();

export function useSavedForLater(): void {
  const { pathname, search, hash } = useLocation();
  const navigate = useNavigate();
  const { change } = useChanges();
  useEffect(() => {
    const params = new URLSearchParams(search);
    const token = params.get("token");
    if (!token || reading.has(token)) return;
    reading.add(token);
    params.delete("token");
    const rest = params.toString();
    void navigate({ pathname, search: rest ? `?${rest}` : "", hash }, { replace: true });
    api.savedForLater(token).then(
      ({ answer }) => {
        if (useSession.getState().is_logged_in) {
          change(answer);
        } else {
          useAnswers.getState().replaceAll(answer);
          keepVisitorAnswers(answer);
        }
        toasts.success(SAVED_ANSWERS_LOADED);
      },
      (error: Error) => toasts.error(error.message, SAVED_ANSWERS_ERROR),
    ).finally(() => reading.delete(token));
  }, [pathname, search, hash, navigate, change]);
}
