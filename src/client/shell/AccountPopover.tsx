import { useEffect, type PointerEvent, type RefObject } from "react";
import { Dialog, Popover } from "react-aria-components";
import { useSession } from "../state/session";
import { useLogout } from "./useLogout";
import { PendingButton } from "../ui/PendingButton";
import { Link } from "../ui/Link";

interface AccountPopoverProps {
  triggerRef: RefObject<HTMLButtonElement | null>;
  /** Opened by a mouse resting on the button: no dialog taking the focus, and not modal. */
  isPointerOpened: boolean;
  onClose: () => void;
  onPointerEnter: (event: PointerEvent) => void;
  onPointerLeave: (event: PointerEvent) => void;
}

export function AccountPopover({ triggerRef, isPointerOpened, onClose, onPointerEnter, onPointerLeave }: AccountPopoverProps) {
  const isLoggedIn = useSession((s) => s.is_logged_in);
  const username = useSession((s) => s.username);
  const logout = useLogout();
  // Content shown on hover can be dismissed without moving the pointer (WCAG 1.4.13); the focus
  // is not inside it, so Escape is heard on the document.
  useEffect(() => {
    if (!isPointerOpened) return;
    const onKeyDown = (event: KeyboardEvent) => event.key === "Escape" && onClose();
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [isPointerOpened, onClose]);

  const content = isLoggedIn ? (
    <>
      <p className="account-email">{username ?? "You are logged in."}</p>
      <Link className="button button-secondary" to="/account" onClick={onClose}>Your account</Link>
      <PendingButton className="button button-primary" isPending={logout.isPending} onPress={() => logout.mutate("asked")}>Log Out</PendingButton>
    </>
  ) : (
    <>
      <Link className="button button-primary" to="/login" onClick={onClose}>Sign In</Link>
      <Link className="button button-secondary" to="/signup" onClick={onClose}>Create Account</Link>
    </>
  );
  return (
    <Popover className="popover" placement="bottom end" triggerRef={triggerRef} isOpen isNonModal={isPointerOpened} onOpenChange={(isOpen) => !isOpen && onClose()}>
      <div onPointerEnter={onPointerEnter} onPointerLeave={onPointerLeave}>
        {isPointerOpened ? (
          <div className="account-dialog" role="group" aria-label="Account">{content}</div>
        ) : (
          <Dialog className="account-dialog" aria-label="Account">{content}</Dialog>
        )}
      </div>
    </Popover>
  );
}
