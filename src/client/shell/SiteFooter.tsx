// The footer: the office's address, the Contact Us and Privacy dialogs (their texts in
// FooterNotices.tsx), and the copyright line. Every text comes from
// form-definitions/institution.json.
import { lazy } from "react";
import { institution } from "../institution";
import { DialogLink } from "../ui/lazy";
import { useToday } from "../ui/today";

const loadNotices = () => import("./FooterNotices");
const ContactDetails = lazy(async () => ({ default: (await loadNotices()).ContactDetails }));
const PrivacyNotice = lazy(async () => ({ default: (await loadNotices()).PrivacyNotice }));

export function SiteFooter() {
  const year = useToday().slice(0, 4);
  return (
    <footer className="site-footer">
      <address className="footer-address">
        {institution.officeAddress.map((line) => <span key={line}>{line}</span>)}
      </address>
      <div className="footer-links">
        <DialogLink label="Contact Us" title="Contact Us" size="small" preload={loadNotices}>
          <ContactDetails />
        </DialogLink>
        <DialogLink label="Privacy Policy and Cookie Notice" title="Privacy Policy and Cookie Notice" size="medium" preload={loadNotices}>
          <PrivacyNotice />
        </DialogLink>
      </div>
      <p className="copyright">© {year} {institution.name}. All rights reserved.</p>
    </footer>
  );
}
