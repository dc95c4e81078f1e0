// The form group: loads the profile on entry, applies the
// web_status guards, restores the last page once, saves the place while started or validating,
// and sets a logged-in applicant's null status to started.
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { Navigate, Outlet, useLocation } from "react-router";
import { api, type Profile } from "../api/calls";
import { ApiError } from "../../api-contract/errors";
import { useProfile, useWebStatus } from "../api/queries";
import { STATUS_ROUTE, DEFAULT_ROUTE, isPageRoute, pages } from "../pages";
import { useSession } from "../state/session";
import { LazyErrorDialog } from "../ui/lazy";
import { Spinner } from "../ui/Spinner";
import { Shell } from "./Shell";
import { StepNav } from "./StepNav";
import { WelcomeHeader } from "./WelcomeHeader";

// Logged-in applicants only: a visitor's first visit does not download it.
const InactivityWatch = lazy(async () => ({ default: (await import("./InactivityWatch")).InactivityWatch }));

/** Profiles whose last page has been restored: once per loaded profile, so once per login. */
const restored = new WeakSet<Profile>();

export function FormLayout() {
  const { pathname, search } = useLocation();
  const isLoggedIn = useSession((s) => s.is_logged_in);
  const isServiceUser = useSession((s) => s.is_service_user);
  const status = useSession((s) => s.web_status);
  // A service user renders one application read-only; the browser's own login plays no part.
  const isStudent = isLoggedIn && !isServiceUser;
  const profile = useProfile(isStudent);
  const page = pages.find((p) => p.route === pathname)?.page ?? "status";
  // Every end of a session (Log Out, inactivity, a 401, a logout in another tab) forgets the
  // applicant, then goes to /login with its message; the forgetting renders first, and the
  // guards below would send a submitted applicant, now without a status, to the default route
  // in the meantime, replacing the way to /login.
  const [wasLoggedIn, setWasLoggedIn] = useState(isLoggedIn);
  if (isLoggedIn && !wasLoggedIn) setWasLoggedIn(true);
  const isLeaving = wasLoggedIn && !isLoggedIn;

  if (isStudent && profile.isPending) return <Spinner label="Loading your application" />;
  if (profile.isError) {
    if (profile.error instanceof ApiError && profile.error.status === 401) return <Spinner />;
    return (
      <Shell page={page}>
        <Suspense fallback={null}>
          <LazyErrorDialog header="Unexpected Error" message={profile.error.message} onClose={() => {}} action={{ label: "Try again", onPress: () => void profile.refetch() }} />
        </Suspense>
      </Shell>
    );
  }
  if (status === "submitted" && pathname !== STATUS_ROUTE) return <Navigate to={{ pathname: STATUS_ROUTE, search }} replace />;
  if (status !== "submitted" && pathname === STATUS_ROUTE) {
    return isLeaving ? <Spinner /> : <Navigate to={{ pathname: DEFAULT_ROUTE, search }} replace />;
  }
  const data = profile.data;
  // Not once submitted: the applicant stays on /status.
  if (data && !restored.has(data) && status !== "submitted") {
    const { has_changed_page } = useSession.getState();
    if (data.last_page && data.last_page !== pathname && isPageRoute(data.last_page) && !has_changed_page) {
      return <Navigate to={{ pathname: data.last_page, search }} replace />;
    }
  }
  return (
    <Shell page={page}>
      {data && <RestoreDone profile={data} />}
      {isStudent && <StatusKeeper />}
      {isStudent && <Suspense fallback={null}><InactivityWatch /></Suspense>}
      <WelcomeHeader />
      {status !== "submitted" && <StepNav />}
      <Outlet />
    </Shell>
  );
}

/**
 * Marks the profile's last page as restored once a page of it shows. Marked in an effect, not
 * while rendering: StrictMode and interrupted transitions render twice or throw a render away,
 * and a mark made there would skip the restore.
 */
function RestoreDone({ profile }: { profile: Profile }) {
  useEffect(() => void restored.add(profile), [profile]);
  return null;
}

/** A logged-in applicant's status starts at started; the place is saved while started or validating. */
function StatusKeeper() {
  const { pathname } = useLocation();
  const status = useSession((s) => s.web_status);
  const webStatus = useWebStatus();
  const posted = useRef(false);
  useEffect(() => {
    if (status === null && !posted.current) {
      posted.current = true;
      webStatus.mutate("started");
    }
  }, [status, webStatus]);
  useEffect(() => {
    if ((status !== "started" && status !== "validating") || !isPageRoute(pathname)) return;
    if (useSession.getState().last_page === pathname) return;
    useSession.setState({ last_page: pathname });
    api.lastPage(pathname).catch(() => {});
  }, [status, pathname]);
  return null;
}
