// The office's frame behind the session: the header (office, navigation by role, who is logged
// in, Log out), the page, and the 15-minute idle logout. A visit without a session goes to the
// login, which brings it back here.
import { useRef, type ReactNode } from "react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Link, Navigate, Outlet, useLocation, useNavigate } from "react-router";
import { ApiError } from "../../api-contract/errors";
import { useFocusOnNavigation } from "../shell/useFocusOnNavigation";
import { InactivityPrompt } from "../shell/InactivityPrompt";
import { useInactivity } from "../shell/useInactivity";
import { Spinner } from "../ui/Spinner";
import { staffApi, type StaffSelf } from "./api";
import { HOME_PATH, isAdmin, LIST_PATH, LOGIN_PATH, sessionMessages, useStaffSelf, type LoginState } from "./session";
import { useStaffTitle } from "./useStaffTitle";
import { OFFICE_NAME, roleLabel } from "./words";

export function StaffLayout() {
  const self = useStaffSelf();
  const { pathname, search } = useLocation();
  if (self.isPending) return <Spinner />;
  if (self.isError) {
    if (self.error instanceof ApiError && self.error.status === 401) {
      return <Navigate to={LOGIN_PATH} replace state={{ from: `${pathname}${search}` } satisfies LoginState} />;
    }
    return <main className="error-screen"><h1>The office is not available</h1><p role="alert">{self.error.message}</p></main>;
  }
  return <Frame self={self.data} />;
}

function Frame({ self }: { self: StaffSelf }) {
  const main = useRef<HTMLElement>(null);
  useFocusOnNavigation(main);
  const logout = useLogout();
  const { isPrompted, stayActive } = useInactivity({
    isEnabled: true,
    onIdle: () => logout.mutate(sessionMessages.idle),
    session: { keepAlive: () => staffApi.me(), storageKey: "office.lastActivity" },
  });
  return (
    <div className="staff-app">
      <a className="skip-link" href="#main">Skip to main content</a>
      <header className="staff-header">
        <Link className="staff-office" to={HOME_PATH}>{OFFICE_NAME}</Link>
        <nav className="staff-nav" aria-label="Office">
          <ul>
            <NavItem to={HOME_PATH}>Dashboard</NavItem>
            <NavItem to={LIST_PATH} isCurrent={(path) => path === LIST_PATH || path.startsWith(`${LIST_PATH}/`)}>Applications</NavItem>
            {isAdmin(self.role) && <NavItem to="/staff/exports">Exports</NavItem>}
            {isAdmin(self.role) && <NavItem to="/staff/audit">Audit log</NavItem>}
            {isAdmin(self.role) && <NavItem to="/staff/team">Team</NavItem>}
            {isAdmin(self.role) && <NavItem to="/staff/api-keys">API keys</NavItem>}
            {isAdmin(self.role) && <NavItem to="/staff/preview">Preview</NavItem>}
            {isAdmin(self.role) && <NavItem to="/staff/versions">Versions</NavItem>}
          </ul>
        </nav>
        <div className="staff-who">
          <span className="staff-email">{self.email}</span>
          <span className="staff-role">{roleLabel(self.role)}</span>
          <button type="button" className="button button-header" onClick={() => logout.mutate(sessionMessages.loggedOut)} disabled={logout.isPending}>
            Log out
          </button>
        </div>
      </header>
      <main id="main" ref={main} tabIndex={-1} className="staff-main">
        <Outlet />
      </main>
      <InactivityPrompt
        isOpen={isPrompted}
        stayLabel="Stay logged in"
        onStay={stayActive}
        logoutLabel="Log out"
        onLogout={() => logout.mutate(sessionMessages.loggedOut)}
      >
        Nothing has happened in the office for a while. For the applicants' privacy, you will be logged out in one minute.
      </InactivityPrompt>
    </div>
  );
}

function NavItem({ to, isCurrent = (path) => path === to, children }: { to: string; isCurrent?: (path: string) => boolean; children: ReactNode }) {
  const { pathname } = useLocation();
  return <li><Link to={to} aria-current={isCurrent(pathname) ? "page" : undefined}>{children}</Link></li>;
}

/** Log out (asked, or idle): the session ends on the server, whatever it answers, and the login shows `message`. */
function useLogout() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (message: string) => staffApi.logout().then(() => message, () => message),
    onSuccess: (message) => {
      queryClient.clear();
      void navigate(LOGIN_PATH, { state: { message } satisfies LoginState });
    },
  });
}

/** The audit log, the team and the preview: admins only (the server refuses the first two's calls to others too). */
export function AdminOnly({ children }: { children: ReactNode }) {
  const self = useStaffSelf();
  if (self.data && isAdmin(self.data.role)) return children;
  return <NotForYou />;
}

function NotForYou() {
  useStaffTitle("Not available");
  return (
    <>
      <h1>Not available</h1>
      <p>Only administrators of the admissions office can see this page.</p>
      <p><Link to={LIST_PATH}>Back to the applications</Link></p>
    </>
  );
}
