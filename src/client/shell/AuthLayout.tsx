import { Outlet } from "react-router";
import { Shell } from "./Shell";

/** The account pages: the shell around one card. */
export function AuthLayout() {
  return (
    <Shell page="account">
      <div className="auth-page">
        <Outlet />
      </div>
    </Shell>
  );
}
