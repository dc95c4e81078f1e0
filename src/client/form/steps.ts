// What the form's buttons and step links do.
// Free of the definitions, so the step navigation in the shell can use it without loading them.
import type { NavigateFunction } from "react-router";
import { accountMessages } from "../../engine/messages";
import type { ValidationErrors } from "../../engine/runtime";
import { api, type Profile, type Submitted, type WebStatus } from "../api/calls";
import { ApiError } from "../../api-contract/errors";
import { queryClient } from "../api/queries";
import { STATUS_ROUTE } from "../pages";
import { hasAnswers, useAnswers } from "../state/answers";
import type { Saver } from "../state/saver";
import { useSession } from "../state/session";
import { toasts } from "../ui/Toasts";

export const SAVE_ERROR = "Save Error";
export const SUBMIT_ERROR = "Submit Error";
export const SUMMARY_ID = "validation-summary";

/** A visitor with answers is sent to sign up, which carries them; true when that happened. */
function sentToSignup(navigate: NavigateFunction): boolean {
  if (useSession.getState().is_logged_in) return false;
  if (!hasAnswers(useAnswers.getState().answers)) return false;
  void navigate("/signup");
  return true;
}

/** Errors keep their arrays when their messages did not change, so unchanged questions do not re-render. */
export function showErrors(errors: ValidationErrors): void {
  const before = useAnswers.getState().errors;
  const next: ValidationErrors = {};
  for (const [key, messages] of Object.entries(errors)) {
    const old = before[key];
    next[key] = old && old.length === messages.length && old.every((m, i) => m === messages[i]) ? old : messages;
  }
  useAnswers.setState({ errors: next });
}

/** Saves what is queued, then asks the server for the errors; while validating they are shown. */
export async function saveAndValidate(saver: Saver): Promise<ValidationErrors> {
  await saver.saveNow();
  const errors = await api.validations();
  queryClient.setQueryData(["validations"], errors);
  if (useSession.getState().web_status === "validating") showErrors(errors);
  return errors;
}

const toTop = () => window.scrollTo({ top: 0 });

/**
 * Previous, Continue and the step links (the spec's page-change button): logged in, validate
 * first (after sending what is queued: the server validates what it holds); then go, mark
 * has_changed_page, and start at the top. A visitor with answers is sent to /signup from the step
 * links only (`signupWithAnswers`).
 */
export async function changePage(saver: Saver, navigate: NavigateFunction, route: string, { signupWithAnswers = false } = {}): Promise<void> {
  if (signupWithAnswers && sentToSignup(navigate)) return;
  if (useSession.getState().is_logged_in) await saveAndValidate(saver);
  useSession.getState().markChangedPage();
  await navigate(route);
  toTop();
}

/**
 * Save and continue: logged in, post the answers and the validations, then go on at the top; a
 * visitor with answers goes to /signup (they are saved into the account made there); a visitor
 * without answers just goes on.
 */
export async function saveAndContinue(saver: Saver, navigate: NavigateFunction, route: string): Promise<void> {
  await changePage(saver, navigate, route, { signupWithAnswers: true });
}

/** POST /api/web-status, the one call that retries (twice). */
async function postWebStatus(status: WebStatus): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      await api.webStatus(status);
      return;
    } catch (error) {
      if (attempt >= 2 || (error instanceof ApiError && error.status === 401)) throw error;
    }
  }
}

/**
 * The submit flow: a visitor signs up first; otherwise save, move to validating, ask for the
 * errors, and submit when there are none — or show the summary.
 */
export async function submitApplication(saver: Saver, navigate: NavigateFunction): Promise<"signup" | "submitted" | "errors"> {
  if (sentToSignup(navigate)) return "signup";
  if (!useSession.getState().is_logged_in) {
    await navigate("/signup");
    return "signup";
  }
  await saver.saveNow();
  const session = useSession.getState();
  if (session.web_status === "started") {
    session.setWebStatus("validating");
    await postWebStatus("validating");
  }
  let errors = await api.validations();
  let submitted: Submitted | undefined;
  if (Object.keys(errors).length === 0) {
    try {
      submitted = await api.submit();
    } catch (error) {
      const body = error instanceof ApiError ? (error.body as { errors?: ValidationErrors } | undefined) : undefined;
      if (error instanceof ApiError && error.code === "missingInformation" && body?.errors) errors = body.errors;
      else throw error;
    }
  }
  if (Object.keys(errors).length > 0) {
    showErrors(errors);
    toTop();
    requestAnimationFrame(() => document.getElementById(SUMMARY_ID)?.focus());
    return "errors";
  }
  await postWebStatus("submitted").catch(() => {});
  // The form layout sends a submitted applicant to /status itself, and its redirect replaces a
  // navigation still under way (the page loads lazily) with its state: the message is shown here.
  useSession.getState().setWebStatus("submitted");
  // The status page shows the reference from the profile; the submit's answer completes the
  // profile loaded before it, instead of a second request that could fail after a good submit.
  // After the status: a new profile object while still validating would restore its last page.
  if (submitted) {
    const { reference, submitted_at } = submitted;
    queryClient.setQueryData<Profile>(["profile"], (profile) => profile && { ...profile, reference, submitted_at });
  }
  toasts.success(accountMessages.submitted);
  await navigate(STATUS_ROUTE);
  toTop();
  return "submitted";
}
