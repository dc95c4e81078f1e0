import type { RefObject } from "react";
import { Dialog, Popover } from "react-aria-components";
import { Link } from "react-router";
import { useSession } from "../state/session";
import { useLogout } from "./useLogout";
import { PendingButton } from "../ui/PendingButton";

export function AccountPopover({ triggerRef, onClose }: { triggerRef: RefObject<HTMLButtonElement | null>; onClose: () => void }) {
  const isLoggedIn = useSession((s) => s.is_logged_in);
  const username = useSession((s) => s.username);
  const logout = useLogout();
  return (
    <Popover className="popover" placement="bottom end" triggerRef={triggerRef} isOpen onOpenChange={(isOpen) => !isOpen && onClose()}>
      <Dialog className="account-dialog" aria-label="Account">
        {isLoggedIn ? (
          <>
            <p className="account-email">{username ?? "You are logged in."}</p>
            <PendingButton className="button button-primary" isPending={logout.isPending} onPress={() => logout.mutate("asked")}>Log Out</PendingButton>
          </>
        ) : (
          <>
            <Link className="button button-primary" to="/login" onClick={onClose}>Sign In</Link>
            <Link className="button button-secondary" to="/signup" onClick={onClose}>Create Account</Link>
          </>
        )}
      </Dialog>
    </Popover>
  );
}
