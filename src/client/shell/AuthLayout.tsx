// The account pages: the shell around one card. The submitted guard of the form group holds here
// too ("If web_status is submitted and the user is not on
// /status, redirect to /status"): a logged-in applicant's profile is loaded first, as the
// form group does. A visitor has no status, so every card stays open to them.
import { Navigate, Outlet, useLocation } from "react-router";
import { useProfile } from "../api/queries";
import { STATUS_ROUTE } from "../pages";
import { useSession } from "../state/session";
import { Spinner } from "../ui/Spinner";
import { Shell } from "./Shell";

export function AuthLayout() {
  const { search } = useLocation();
  const isStudent = useSession((s) => s.is_logged_in && !s.is_service_user);
  const status = useSession((s) => s.web_status);
  const profile = useProfile(isStudent);
  if (isStudent && profile.isPending) return <Spinner label="Loading your application" />;
  if (status === "submitted") return <Navigate to={{ pathname: STATUS_ROUTE, search }} replace />;
  return (
    <Shell page="account">
      <div className="auth-page">
        <Outlet />
      </div>
    </Shell>
  );
}
