// The few pictures the shell draws, as inline SVG (no icon font: CSP and bundle size).
import type { PageLink } from "../pages";

const paths: Record<NonNullable<PageLink["icon"]> | "account", string> = {
  person: "M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zm-7 8c0-3.9 3.1-6 7-6s7 2.1 7 6",
  school: "M2 9l10-5 10 5-10 5zm4 2.5V16c0 1.7 2.7 3 6 3s6-1.3 6-3v-4.5M22 9v6",
  flag: "M5 21V4m0 0h11l-2 4 2 4H5",
  document: "M7 3h7l5 5v13H7zm7 0v5h5M10 13h6m-6 4h6",
  checklist: "M4 6l2 2 3-3m-5 8l2 2 3-3m3-4h8m-8 7h8",
  account: "M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zm-8 9c0-4.4 3.6-7 8-7s8 2.6 8 7",
};

export function Icon({ name, size = 20 }: { name: keyof typeof paths; size?: number }) {
  return (
    <svg viewBox="0 0 24 24" width={size} height={size} aria-hidden="true" focusable="false" className="icon">
      <path d={paths[name]} fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
