// The frame of every page: account menu bar, title, banner, the page, and the footer. The PDF
// printer, a service user, gets the page alone.
import { useContext, useRef, type ReactNode } from "react";
import { bannerText, institution } from "../institution";
import { useSession } from "../state/session";
import { DrawnOn, useToday } from "../ui/today";
import { AccountMenu } from "./AccountMenu";
import { useFocusOnNavigation } from "./useFocusOnNavigation";
import { SiteFooter } from "./SiteFooter";

export function Shell({ page, children }: { page: string; children: ReactNode }) {
  const isServiceUser = useSession((s) => s.is_service_user);
  const main = useRef<HTMLElement>(null);
  const drawnOn = useContext(DrawnOn);
  const today = useToday();
  useFocusOnNavigation(main);
  if (isServiceUser) return <main className="service-view">{children}</main>;
  const banner = bannerText(today);
  return (
    <div className={`app app-${page}`} data-drawn-on={drawnOn ?? undefined}>
      <a className="skip-link" href="#main">Skip to main content</a>
      <header className="site-header">
        <div className="account-bar">
          <span className="account-bar-name">{institution.officeName}</span>
          <AccountMenu />
        </div>
        <div className="title-band">
          <svg className="crest" viewBox="0 0 48 48" aria-hidden="true" focusable="false">
            <path d="M24 4l18 7v12c0 11-8 18-18 21C14 41 6 34 6 23V11z" fill="currentColor" opacity=".18" />
            <path d="M12 20l12-6 12 6-12 6zm5 3v6c0 2.5 14 2.5 14 0v-6" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinejoin="round" />
          </svg>
          <p className="title-text">
            <span className="title-institution">{institution.name}</span>
            <span className="title-application">{institution.studentType} Application</span>
          </p>
        </div>
        {banner && <p className="banner" role="note">{banner}</p>}
      </header>
      <main id="main" ref={main} tabIndex={-1} className="site-main">{children}</main>
      <SiteFooter />
    </div>
  );
}
