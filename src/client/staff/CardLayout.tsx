// The frame of the pages before a session: the login and the invitation, one card each.
import { Outlet } from "react-router";
import { OFFICE_NAME } from "./words";

export function CardLayout() {
  return (
    <div className="staff-app">
      <a className="skip-link" href="#main">Skip to main content</a>
      <header className="staff-header">
        <p className="staff-office">{OFFICE_NAME}</p>
      </header>
      <main id="main" tabIndex={-1} className="staff-main staff-card-page">
        <Outlet />
      </main>
    </div>
  );
}
