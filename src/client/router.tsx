// The routes: the form group and the auth group, pages loaded
// lazily, and every other path sent to the default form route with its query string.
// React Router's declarative routes, not its data router: the app loads nothing through route
// loaders, and the data router would weigh on every first visit (scripts/bench-client.ts measures it).
import { Suspense, useEffect, useLayoutEffect, useRef } from "react";
import { Navigate, Outlet, Route, Routes, useLocation, useNavigate, useNavigationType } from "react-router";
import { accountMessages } from "../engine/messages";
import { whenUnauthorized } from "./api/client";
import { forgetApplicant, whenLoggedOutElsewhere } from "./api/queries";
import type { AuthState } from "./auth/navigation";
import { useSaver } from "./state/saver";
import { useSession } from "./state/session";
import { STATUS_ROUTE, defaultRouteOf, pages } from "./pages";
import { ErrorScreen } from "./shell/ErrorScreen";
import { TakenOver } from "./takeover";
import { ErrorBoundary } from "./ui/ErrorBoundary";
import { lazyPage } from "./ui/lazyPage";
import { Spinner } from "./ui/Spinner";
import { ToastList, toasts, useToastHotkey } from "./ui/Toasts";

const FormLayout = lazyPage(async () => (await import("./shell/FormLayout")).FormLayout);
const FormPage = lazyPage(async () => (await import("./form/FormPage")).FormPage);
const StatusPage = lazyPage(async () => (await import("./form/StatusPage")).StatusPage);
const AccountPage = lazyPage(async () => (await import("./account/AccountPage")).AccountPage);
const AuthLayout = lazyPage(async () => (await import("./shell/AuthLayout")).AuthLayout);
const authPages = {
  "/login": lazyPage(async () => (await import("./auth/LoginPage")).LoginPage),
  "/signup": lazyPage(async () => (await import("./auth/SignupPage")).SignupPage),
  "/confirm": lazyPage(async () => (await import("./auth/ConfirmPage")).ConfirmPage),
  "/forgot": lazyPage(async () => (await import("./auth/ForgotPage")).ForgotPage),
  "/reset": lazyPage(async () => (await import("./auth/ResetPage")).ResetPage),
};

/** Loads what `pathname` shows (any other path shows the default form page). */
export function preloadRoute(pathname: string): Promise<unknown> {
  const auth = authPages[pathname as keyof typeof authPages];
  if (auth) return Promise.all([AuthLayout.preload(), auth.preload()]);
  if (pathname === "/account") return AccountPage.preload();
  return Promise.all([FormLayout.preload(), pathname === STATUS_ROUTE ? StatusPage.preload() : FormPage.preload()]);
}

/** Loads every page (component tests, whose first load of a page is a slow Vite transform). */
export const preloadEveryPage = () =>
  Promise.all([FormLayout, FormPage, StatusPage, AccountPage, AuthLayout, ...Object.values(authPages)].map((page) => page.preload()));

export function AppRoutes() {
  return (
    <Routes>
      <Route path="/" element={<Root />}>
        <Route index element={<ToDefaultRoute />} />
        <Route element={<FormLayout />}>
          {pages.map((page) => <Route key={page.route} path={page.route} element={<FormPage />} />)}
          <Route path={STATUS_ROUTE} element={<StatusPage />} />
        </Route>
        <Route path="/account" element={<AccountPage />} />
        <Route element={<AuthLayout />}>
          {Object.entries(authPages).map(([path, Page]) => <Route key={path} path={path} element={<Page />} />)}
        </Route>
        <Route path="*" element={<ToDefaultRoute />} />
      </Route>
    </Routes>
  );
}

function Root() {
  const { pathname } = useLocation();
  useToastHotkey();
  useLeaveOnUnauthorized(pathname);
  usePreloadedCards(pathname);
  useScrollToTop();
  return (
    <>
      <ErrorBoundary pathname={pathname} fallback={<ErrorScreen />}>
        <Suspense fallback={<Spinner />}>
          <Outlet />
          <TakenOver />
        </Suspense>
      </ErrorBoundary>
      <ToastList toasts={toasts} placement="corner" label="Notifications" />
    </>
  );
}

/**
 * On a card (/login, /signup…) the other cards load too: a link between cards then shows the next
 * at once. Loaded on the click, the old card stayed on screen under the new address until the
 * code came, and on a slow phone what was typed into it meanwhile was lost.
 */
function usePreloadedCards(pathname: string): void {
  const isOnCard = pathname in authPages;
  useEffect(() => {
    // A card that fails to load now loads again on the click.
    if (isOnCard) for (const page of Object.values(authPages)) page.preload().catch(() => undefined);
  }, [isOnCard]);
}

/** Once submitted, the default route is /status; before the profile says so, the first step (whose guard sends a submitted applicant on). */
function ToDefaultRoute() {
  const { search } = useLocation();
  const status = useSession((s) => s.web_status);
  return <Navigate to={{ pathname: defaultRouteOf(status), search }} replace />;
}

/**
 * Session invalid: forget everything, go to /login with the message.
 * A logout in another tab of this browser ended this tab's session too: the same. On an account
 * page the applicant stays where they are, logged out: a reset link opened with a stale cookie
 * (its profile, for the submitted guard, answers 401) must still reset.
 */
function useLeaveOnUnauthorized(pathname: string): void {
  const navigate = useNavigate();
  const saver = useSaver();
  const isOnAuthPage = useRef(false);
  useLayoutEffect(() => void (isOnAuthPage.current = pathname in authPages), [pathname]);
  useEffect(() => {
    const leave = () => {
      if (!isOnAuthPage.current) void navigate("/login", { state: { error: accountMessages.sessionInvalid } satisfies AuthState });
    };
    whenUnauthorized(() => {
      forgetApplicant(saver);
      leave();
    });
    return whenLoggedOutElsewhere(saver, leave);
  }, [navigate, saver]);
}

/** A new page starts at its top, as a page load would; back and forward keep the browser's place. */
function useScrollToTop(): void {
  const { pathname, hash } = useLocation();
  const type = useNavigationType();
  useLayoutEffect(() => {
    if (type !== "POP" && !hash) window.scrollTo(0, 0);
  }, [pathname, hash, type]);
}
