// The routes (spec: accounts-and-shell §2): the form group and the auth group, pages loaded
// lazily, and every other path sent to the default form route with its query string.
import { createBrowserRouter, Navigate, Outlet, ScrollRestoration, useLocation, type DataRouter, type RouteObject } from "react-router";
import { accountMessages } from "../engine/accounts";
import { whenUnauthorized } from "./api/client";
import { forgetApplicant } from "./api/queries";
import type { AuthState } from "./auth/navigation";
import { DEFAULT_ROUTE, pages } from "./pages";
import { ErrorScreen } from "./shell/ErrorScreen";
import { Spinner } from "./ui/Spinner";
import { ToastList, toasts, useToastHotkey } from "./ui/Toasts";

function Root() {
  useToastHotkey();
  return (
    <>
      <Outlet />
      <ToastList toasts={toasts} placement="corner" label="Notifications" />
      <ScrollRestoration />
    </>
  );
}

function ToDefaultRoute() {
  const { search } = useLocation();
  return <Navigate to={{ pathname: DEFAULT_ROUTE, search }} replace />;
}

const formPage = async () => ({ Component: (await import("./form/FormPage")).FormPage });

export const routes: RouteObject[] = [
  {
    path: "/",
    Component: Root,
    ErrorBoundary: ErrorScreen,
    HydrateFallback: Spinner,
    children: [
      { index: true, Component: ToDefaultRoute },
      {
        lazy: async () => ({ Component: (await import("./shell/FormLayout")).FormLayout }),
        children: [
          ...pages.map((page) => ({ path: page.route, lazy: formPage })),
          { path: "completion", lazy: async () => ({ Component: (await import("./form/CompletionPage")).CompletionPage }) },
        ],
      },
      {
        lazy: async () => ({ Component: (await import("./shell/AuthLayout")).AuthLayout }),
        children: [
          { path: "login", lazy: async () => ({ Component: (await import("./auth/LoginPage")).LoginPage }) },
          { path: "signup", lazy: async () => ({ Component: (await import("./auth/SignupPage")).SignupPage }) },
          { path: "confirm", lazy: async () => ({ Component: (await import("./auth/ConfirmPage")).ConfirmPage }) },
          { path: "forgot", lazy: async () => ({ Component: (await import("./auth/ForgotPage")).ForgotPage }) },
          { path: "reset", lazy: async () => ({ Component: (await import("./auth/ResetPage")).ResetPage }) },
        ],
      },
      { path: "*", Component: ToDefaultRoute },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);

/** Session invalid (spec: accounts-and-shell §8): forget everything, go to /login with the message. */
export function leaveOnUnauthorized(router: DataRouter): void {
  whenUnauthorized(() => {
    forgetApplicant();
    void router.navigate("/login", { state: { error: accountMessages.sessionInvalid } satisfies AuthState });
  });
}
