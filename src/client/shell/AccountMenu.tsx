// The account popover (spec: accounts-and-shell §2): Log Out and the e-mail when logged in; Sign
// In and Create Account, carrying the visitor's answers, when not.
import { Button, Dialog, DialogTrigger, Popover } from "react-aria-components";
import { Link } from "react-router";
import type { AuthState } from "../auth/navigation";
import { useAnswers } from "../state/answers";
import { useSession } from "../state/session";
import { Icon } from "../ui/icons";
import { useLogout } from "./useLogout";

export function AccountMenu() {
  const isLoggedIn = useSession((s) => s.is_logged_in);
  const username = useSession((s) => s.username);
  const answers = useAnswers((s) => s.answers);
  const logout = useLogout();
  const carried = { answers } satisfies AuthState;
  return (
    <DialogTrigger>
      <Button className="account-button">
        <Icon name="account" />
        <span>{isLoggedIn ? "Account" : "Sign In"}</span>
      </Button>
      <Popover className="popover" placement="bottom end">
        <Dialog className="account-dialog" aria-label="Account">
          {({ close }) =>
            isLoggedIn ? (
              <>
                <p className="account-email">{username ?? "You are logged in."}</p>
                <Button className="button button-primary" isPending={logout.isPending} onPress={() => logout.mutate("asked")}>Log Out</Button>
              </>
            ) : (
              <>
                <Link className="button button-primary" to="/login" state={carried} onClick={close}>Sign In</Link>
                <Link className="button button-secondary" to="/signup" state={carried} onClick={close}>Create Account</Link>
              </>
            )
          }
        </Dialog>
      </Popover>
    </DialogTrigger>
  );
}
