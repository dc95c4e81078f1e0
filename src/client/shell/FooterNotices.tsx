// The footer's dialogs: Contact Us and the privacy and cookie notice.
// They load with the dialog, when first wanted, not with every page.
import { institution } from "../institution";

/** Where each browser explains how to see and delete cookies. */
const COOKIE_HELP = [
  { browser: "Google Chrome", url: "https://support.google.com/chrome/answer/95647" },
  { browser: "Mozilla Firefox", url: "https://support.mozilla.org/kb/clear-cookies-and-site-data-firefox" },
  { browser: "Apple Safari", url: "https://support.apple.com/guide/safari/manage-cookies-sfri11471/mac" },
  { browser: "Microsoft Edge", url: "https://support.microsoft.com/microsoft-edge/delete-cookies-in-microsoft-edge-63947406-40ac-c3b8-57b9-2a946a29ae09" },
];

export function ContactDetails() {
  return (
    <>
      <address className="dialog-address">
        {institution.officeAddress.map((line) => <span key={line}>{line}</span>)}
      </address>
      <dl className="contact-list">
        <dt>Email</dt>
        <dd><a href={`mailto:${institution.email}`}>{institution.email}</a></dd>
        <dt>Phone</dt>
        <dd><a href={`tel:${institution.phone.replace(/[^\d+]/g, "")}`}>{institution.phone}</a></dd>
        {institution.fax && (<><dt>Fax</dt><dd>{institution.fax}</dd></>)}
        {institution.techEmail && (<><dt>Technical help</dt><dd><a href={`mailto:${institution.techEmail}`}>{institution.techEmail}</a></dd></>)}
      </dl>
      <p>
        To open the PDF copy of your application you need a PDF reader program. Most browsers have one built in;
        Adobe Acrobat Reader is free if yours does not.
      </p>
    </>
  );
}

export function PrivacyNotice() {
  return (
    <>
      <p>
        This application uses two cookies, and only while you are logged in: one keeps you logged in, and the other
        lets the page know that you are. They end when you log out, after 15 minutes without activity, or after 12 hours.
        We use no advertising or tracking cookies, and nothing here is shared with other websites.
      </p>
      <p>Your browser lets you see and delete cookies:</p>
      <ul>
        {COOKIE_HELP.map(({ browser, url }) => (
          <li key={browser}><a href={url} target="_blank" rel="noopener noreferrer">{browser}</a></li>
        ))}
      </ul>
      <p>
        How {institution.name} uses the information in your application is described in our{" "}
        <a href={institution.privacyUrl} target="_blank" rel="noopener noreferrer">privacy policy</a>.
      </p>
    </>
  );
}
