// "Still working?" a minute before the idle logout: the applicant's
// (./InactivityWatch.tsx) and the office's (../staff/StaffLayout.tsx), each in its own words. It
// cannot be dismissed: one of its two buttons answers it, or the logout comes.
import type { ReactNode } from "react";
import { LazyModal } from "../ui/lazy";
import { ANSWERS_PROMPT } from "./useInactivity";

interface InactivityPromptProps {
  isOpen: boolean;
  /** Why the logout is coming. */
  children: ReactNode;
  stayLabel: string;
  onStay: () => void;
  logoutLabel: string;
  onLogout: () => void;
}

export function InactivityPrompt({ isOpen, children, stayLabel, onStay, logoutLabel, onLogout }: InactivityPromptProps) {
  return (
    <LazyModal
      title="Still working?"
      role="alertdialog"
      isOpen={isOpen}
      isDismissable={false}
      actions={() => (
        <>
          <button type="button" {...ANSWERS_PROMPT} className="button button-primary" onClick={onStay}>{stayLabel}</button>
          <button type="button" {...ANSWERS_PROMPT} className="button button-secondary" onClick={onLogout}>{logoutLabel}</button>
        </>
      )}
    >
      <p>{children}</p>
    </LazyModal>
  );
}
