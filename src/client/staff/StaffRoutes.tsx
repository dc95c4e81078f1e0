// The office's routes, all under /staff: the login and the invitation on a card, the rest inside
// the office's frame behind the session. Pages load on first use. React Router's declarative
// routes, as the applicants' app (../router.tsx).
import { Suspense, useEffect, useLayoutEffect, useRef } from "react";
import { Navigate, Outlet, Route, Routes, useLocation, useNavigate } from "react-router";
import { whenUnauthorized } from "../api/client";
import { installClock } from "../preview/clock";
import { ErrorBoundary } from "../ui/ErrorBoundary";
import { lazyPage } from "../ui/lazyPage";
import { Spinner } from "../ui/Spinner";
import { CardLayout } from "./CardLayout";
import { AdminOnly, StaffLayout } from "./StaffLayout";
import { HOME_PATH, LIST_PATH, LOGIN_PATH, sessionMessages, type LoginState } from "./session";

const LoginPage = lazyPage(async () => (await import("./LoginPage")).LoginPage);
const WelcomePage = lazyPage(async () => (await import("./WelcomePage")).WelcomePage);
const DashboardPage = lazyPage(async () => (await import("./DashboardPage")).DashboardPage);
const ListPage = lazyPage(async () => (await import("./ListPage")).ListPage);
const ApplicationPage = lazyPage(async () => (await import("./ApplicationPage")).ApplicationPage);
const AuditPage = lazyPage(async () => (await import("./AuditPage")).AuditPage);
const ExportsPage = lazyPage(async () => (await import("./ExportsPage")).ExportsPage);
const TeamPage = lazyPage(async () => (await import("./TeamPage")).TeamPage);
const ApiKeysPage = lazyPage(async () => (await import("./ApiKeysPage")).ApiKeysPage);
const VersionsPage = lazyPage(async () => (await import("./VersionsPage")).VersionsPage);
const PreviewPage = lazyPage(async () => {
  // The preview's day, before the definitions load with the page: year lists count from it.
  installClock(new URLSearchParams(location.search).get("today"));
  return (await import("./PreviewPage")).PreviewPage;
});

/** Loads every page and the dashboard's charts (component tests, whose first load of each is a slow Vite transform). */
export const preloadEveryPage = () =>
  Promise.all([
    ...[LoginPage, WelcomePage, DashboardPage, ListPage, ApplicationPage, AuditPage, ExportsPage, TeamPage, ApiKeysPage, PreviewPage, VersionsPage].map((page) => page.preload()),
    import("./DashboardCharts"),
  ]);

export function StaffRoutes() {
  return (
    <Routes>
      <Route path={HOME_PATH} element={<Root />}>
        <Route element={<CardLayout />}>
          <Route path="login" element={<LoginPage />} />
          <Route path="welcome" element={<WelcomePage />} />
        </Route>
        <Route element={<StaffLayout />}>
          <Route index element={<DashboardPage />} />
          <Route path="applications" element={<ListPage />} />
          <Route path="applications/:id" element={<ApplicationPage />} />
          <Route path="audit" element={<AdminOnly><AuditPage /></AdminOnly>} />
          <Route path="team" element={<AdminOnly><TeamPage /></AdminOnly>} />
          <Route path="exports" element={<AdminOnly><ExportsPage /></AdminOnly>} />
          <Route path="api-keys" element={<AdminOnly><ApiKeysPage /></AdminOnly>} />
          <Route path="versions" element={<AdminOnly><VersionsPage /></AdminOnly>} />
          <Route path="preview" element={<AdminOnly><PreviewPage /></AdminOnly>} />
        </Route>
        <Route path="*" element={<Navigate to={HOME_PATH} replace />} />
      </Route>
    </Routes>
  );
}

function Root() {
  const { pathname } = useLocation();
  useLoginOnUnauthorized();
  return (
    <ErrorBoundary pathname={pathname} fallback={apology}>
      <Suspense fallback={<Spinner />}>
        <Outlet />
      </Suspense>
    </ErrorBoundary>
  );
}

/**
 * A 401 from any call: the session has ended (15 minutes idle, disabled, logged out elsewhere).
 * To the login with the message, remembering the page to come back to. The login page forgets
 * what the cache held.
 */
function useLoginOnUnauthorized(): void {
  const navigate = useNavigate();
  const location = useLocation();
  const here = useRef(location);
  useLayoutEffect(() => {
    here.current = location;
  });
  useEffect(() => {
    whenUnauthorized(() => {
      const { pathname, search } = here.current;
      if (pathname === LOGIN_PATH) return;
      void navigate(LOGIN_PATH, { state: { message: sessionMessages.ended, from: `${pathname}${search}` } satisfies LoginState });
    });
    return () => whenUnauthorized(() => {});
  }, [navigate]);
}

/** What a page that throws while rendering shows instead: a short apology, and the way back. */
const apology = (
  <main className="error-screen">
    <h1>Something went wrong.</h1>
    <p>The error has been logged. Please try again, or go back to the list.</p>
    <p><a className="button button-primary" href={LIST_PATH}>Applications</a></p>
  </main>
);
