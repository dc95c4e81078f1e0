// A form page: its questions drawn from the definitions, the
// validation summary while validating, the save state, and the buttons. Logged in, the chosen
// tabs and block counts load first; a visitor's answers come back from this device, or from a
// saved-for-later link (?token=).
import { lazy, Suspense, useEffect } from "react";
import { useQuery } from "@tanstack/react-query";
import { useLocation } from "react-router";
import { api } from "../api/calls";
import { pages } from "../pages";
import { useAnswers } from "../state/answers";
import { useSession } from "../state/session";
import { useDocumentTitle } from "../shell/useDocumentTitle";
import { Spinner } from "../ui/Spinner";
import { FormActions } from "./FormActions";
import { revalidate } from "./changes";
import { pageView } from "./model";
import { Items } from "./Renderer";
import { SaveState } from "./SaveState";
import { useSavedForLater } from "./useSavedForLater";
import { ValidationSummary } from "./ValidationSummary";

// Only the PDF printer opens the service view.
const ServiceView = lazy(async () => ({ default: (await import("./ServiceView")).ServiceView }));

export function FormPage() {
  const isServiceUser = useSession((s) => s.is_service_user);
  if (!isServiceUser) return <ApplicantPage />;
  return (
    <Suspense fallback={<Spinner label="Loading the application" />}>
      <ServiceView />
    </Suspense>
  );
}

function ApplicantPage() {
  const { pathname } = useLocation();
  const view = pageView(pathname)!;
  const link = pages.find((p) => p.route === pathname)!;
  const isLoggedIn = useSession((s) => s.is_logged_in);
  const status = useSession((s) => s.web_status);
  useDocumentTitle(view.title);
  useSavedForLater();

  const state = useQuery({
    queryKey: ["form-state"],
    enabled: isLoggedIn,
    queryFn: async () => {
      const [tabs, blocks] = await Promise.all([api.tabs(), api.blocks()]);
      useAnswers.setState({ tabs, blocks });
      return { tabs, blocks };
    },
  });
  useEffect(() => {
    if (status === "validating" && (!isLoggedIn || state.isSuccess)) void revalidate();
  }, [status, isLoggedIn, state.isSuccess]);
  useFocusFromHash(!isLoggedIn || state.isSuccess);

  if (isLoggedIn && state.isPending) return <Spinner label="Loading your application" />;
  if (state.isError) throw state.error;
  const index = pages.indexOf(link);
  return (
    <article className="form-page" aria-labelledby="page-title">
      <div className="page-head">
        <p className="page-step">Step {link.step} of {pages.length}</p>
        <SaveState live />
      </div>
      <h1 id="page-title" className="page-title">{view.title}</h1>
      <ValidationSummary />
      <form className="form-items form-body" noValidate onSubmit={(event) => event.preventDefault()}>
        <Items items={view.items} level={2} />
      </form>
      <FormActions previous={pages[index - 1]?.route} next={pages[index + 1]?.route} />
    </article>
  );
}

/**
 * /{page}#{answerKey} (the validation summary's links): once the page is drawn, the question is
 * scrolled to and its first input focused.
 */
function useFocusFromHash(ready: boolean): void {
  const { hash, key } = useLocation();
  useEffect(() => {
    if (!ready || hash.length < 2) return;
    const id = decodeURIComponent(hash.slice(1));
    // After the shell's own focus move on navigation, which runs after this page's effects.
    const frame = requestAnimationFrame(() => {
      const target = document.getElementById(id);
      if (!target) return;
      const input = target.matches("input, select, textarea")
        ? target
        // Not a disabled input (a plan whose deadline has passed): it cannot take the focus.
        : target.querySelector<HTMLElement>("input:checked") ?? target.querySelector<HTMLElement>("input:not([type=hidden]):not(:disabled), select, textarea");
      target.scrollIntoView({ block: "center" });
      (input ?? target).focus({ preventScroll: true });
    });
    return () => cancelAnimationFrame(frame);
  }, [ready, hash, key]);
}
