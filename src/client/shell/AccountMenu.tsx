// The account popover (spec: accounts-and-shell §2): Log Out and the e-mail when logged in; Sign
// In and Create Account, carrying the visitor's answers, when not. The popover loads on first use.
import { lazy, Suspense, useRef, useState } from "react";
import { useSession } from "../state/session";
import { Icon } from "../ui/icons";

const loadPopover = () => import("./AccountPopover");
const AccountPopover = lazy(async () => ({ default: (await loadPopover()).AccountPopover }));

export function AccountMenu() {
  const isLoggedIn = useSession((s) => s.is_logged_in);
  const trigger = useRef<HTMLButtonElement>(null);
  const [isOpen, setOpen] = useState(false);
  return (
    <>
      <button
        ref={trigger}
        type="button"
        className="account-button"
        aria-expanded={isOpen}
        aria-haspopup="dialog"
        onMouseEnter={() => void loadPopover()}
        onFocus={() => void loadPopover()}
        onClick={() => setOpen(!isOpen)}
      >
        <Icon name="account" />
        <span>{isLoggedIn ? "Account" : "Sign In"}</span>
      </button>
      {isOpen && (
        <Suspense fallback={null}>
          <AccountPopover triggerRef={trigger} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
