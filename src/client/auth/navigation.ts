// What the account pages hand each other in navigation state: the
// address typed so far and a message to show on arrival. A visitor's answers ride along through
// sign-up, confirm and login too, but not in the navigation state: the browser keeps each history
// entry's state past a logout and past the visitor's 24 hours (Back would bring them to the next
// person at the same browser), so they are the ones this tab holds, restored from this device's
// visitor store (state/saver.ts) after a reload.
import { useEffect, useRef } from "react";
import { useLocation, useNavigate } from "react-router";
import type { Answers } from "../../engine/runtime";
import { hasAnswers, useAnswers } from "../state/answers";
import { useSession } from "../state/session";
import { toasts, type Toasts } from "../ui/Toasts";

export interface AuthState {
  username?: string;
  /** Shown once on arrival as a success toast labelled Success Notification. */
  message?: string;
  /** Shown once on arrival as the card's error toast (logout, session invalid, inactivity). */
  error?: string;
}

export function useAuthState(): AuthState {
  return (useLocation().state as AuthState | null) ?? {};
}

/** A visitor's answers to carry into an account; never a logged-in applicant's. */
export function useCarriedAnswers(): Answers | undefined {
  const isLoggedIn = useSession((s) => s.is_logged_in);
  const answers = useAnswers((s) => s.answers);
  return !isLoggedIn && hasAnswers(answers) ? answers : undefined;
}

/**
 * Shows the arrival message and error once, then takes them out of the history entry, so a
 * reload or a Back does not show them again.
 */
export function useArrivalMessages(cardToasts: Toasts, errorLabel: string): void {
  const location = useLocation();
  const navigate = useNavigate();
  const shown = useRef<string | null>(null);
  useEffect(() => {
    const state = (location.state as AuthState | null) ?? {};
    if ((!state.message && !state.error) || shown.current === location.key) return;
    shown.current = location.key;
    if (state.message) toasts.success(state.message);
    if (state.error) cardToasts.error(state.error, errorLabel);
    const { message: _message, error: _error, ...rest } = state;
    void navigate(`${location.pathname}${location.search}`, { replace: true, state: rest });
  }, [location, navigate, cardToasts, errorLabel]);
}
