// What the account pages hand each other in navigation state (spec: accounts-and-shell §2): the
// address typed so far, a message to show on arrival, and a visitor's answers, which ride along
// through sign-up, confirm and login and are saved on the first login.
import { useEffect, useRef } from "react";
import { useLocation, useNavigate } from "react-router";
import type { Answers } from "../../engine";
import { hasAnswers, useAnswers } from "../state/answers";
import { toasts, type Toasts } from "../ui/Toasts";

export interface AuthState {
  username?: string;
  /** Shown once on arrival as a success toast labelled Success Notification. */
  message?: string;
  /** Shown once on arrival as the card's error toast (logout, session invalid, inactivity). */
  error?: string;
  answers?: Answers;
}

export function useAuthState(): AuthState {
  return (useLocation().state as AuthState | null) ?? {};
}

/** The answers to carry on: those handed over, else the ones typed in this tab. */
export function useCarriedAnswers(): Answers | undefined {
  const handed = useAuthState().answers;
  const typed = useAnswers((s) => s.answers);
  const answers = handed ?? typed;
  return hasAnswers(answers) ? answers : undefined;
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
