// The account popover: Log Out and the e-mail when logged in; Sign
// In and Create Account, carrying the visitor's answers, when not. The popover loads on first use.
// It is the header's menu, so it keeps the spec's nav menu timing: a mouse resting on the
// button opens it after 200 ms, at once when it closed less than 300 ms ago (moving back to it),
// and leaving the button and the menu closes it 150 ms later (time to cross to the menu). Opened
// that way it takes no focus; a press (click, Enter, Space) opens it as a dialog that keeps the
// focus and stays until dismissed.
import { lazy, Suspense, useEffect, useRef, useState, type PointerEvent } from "react";
import { useSession } from "../state/session";
import { Icon } from "../ui/icons";

const NAV_MENU_DELAY_MS = 200;
export const NAV_MENU_SKIP_DELAY_MS = 300;
export const NAV_MENU_CLOSE_DELAY_MS = 150;

const loadPopover = () => import("./AccountPopover");
const AccountPopover = lazy(async () => ({ default: (await loadPopover()).AccountPopover }));

type OpenedBy = "press" | "pointer";

export function AccountMenu() {
  const isLoggedIn = useSession((s) => s.is_logged_in);
  const trigger = useRef<HTMLButtonElement>(null);
  const [openedBy, setOpenedBy] = useState<OpenedBy | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const closedAt = useRef(Number.NEGATIVE_INFINITY);
  useEffect(() => () => clearTimeout(timer.current), []);

  const after = (ms: number, action: () => void) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(action, ms);
  };
  const close = () => {
    clearTimeout(timer.current);
    closedAt.current = Date.now();
    setOpenedBy(null);
  };
  const openByPointer = () => setOpenedBy("pointer");
  // A mouse's only: a touch's pointer events come with its tap, which presses the button.
  const enter = (event: PointerEvent) => {
    if (event.pointerType !== "mouse") return;
    if (openedBy) clearTimeout(timer.current);
    else if (Date.now() - closedAt.current < NAV_MENU_SKIP_DELAY_MS) openByPointer();
    else after(NAV_MENU_DELAY_MS, openByPointer);
  };
  const leave = (event: PointerEvent) => {
    if (event.pointerType !== "mouse") return;
    if (openedBy === "pointer") after(NAV_MENU_CLOSE_DELAY_MS, close);
    else if (!openedBy) clearTimeout(timer.current);
  };

  return (
    <>
      <button
        ref={trigger}
        type="button"
        className="account-button"
        aria-expanded={openedBy !== null}
        aria-haspopup="dialog"
        onMouseEnter={() => void loadPopover()}
        onFocus={() => void loadPopover()}
        onPointerEnter={enter}
        onPointerLeave={leave}
        onClick={() => {
          clearTimeout(timer.current);
          // Pressed while the pointer had it open: it stays, as a dialog.
          if (openedBy === "press") close();
          else setOpenedBy("press");
        }}
      >
        <Icon name="account" />
        <span>{isLoggedIn ? "Account" : "Sign In"}</span>
      </button>
      {openedBy && (
        <Suspense fallback={null}>
          <AccountPopover triggerRef={trigger} isPointerOpened={openedBy === "pointer"} onClose={close} onPointerEnter={enter} onPointerLeave={leave} />
        </Suspense>
      )}
    </>
  );
}
