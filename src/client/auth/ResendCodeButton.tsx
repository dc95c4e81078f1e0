import { useMutation } from "@tanstack/react-query";
import { Button } from "react-aria-components";
import { useLocation, useNavigate } from "react-router";
import type { Answers } from "../../engine";
import { api } from "../api/calls";
import type { Toasts } from "../ui/Toasts";
import type { AuthState } from "./navigation";
import { resendEmailError } from "./rules";

export const RESEND_ERROR = "Resend Confirmation Code Error";

interface ResendCodeButtonProps {
  /** The address as typed in the card. */
  email: string;
  /** Shows (or clears) the card's message on its Email field. */
  setEmailError: (message: string | undefined) => void;
  cardToasts: Toasts;
  answers: Answers | undefined;
}

/**
 * "Resend confirmation code" on the Log In and Confirm cards: needs a valid address, then goes to
 * /confirm with the address, the server's message and the answers (spec: accounts-and-shell §2).
 */
export function ResendCodeButton({ email, setEmailError, cardToasts, answers }: ResendCodeButtonProps) {
  const navigate = useNavigate();
  const onConfirm = useLocation().pathname === "/confirm";
  const username = email.trim();
  const resend = useMutation({
    mutationFn: () => api.resendConfirm({ username }),
    onMutate: () => cardToasts.clear(),
    onSuccess: (reply) =>
      void navigate("/confirm", { replace: onConfirm, state: { username, message: reply.message, answers } satisfies AuthState }),
    onError: (error) => cardToasts.error(error.message, RESEND_ERROR),
  });
  return (
    <Button
      className="link-button"
      isPending={resend.isPending}
      onPress={() => {
        const error = resendEmailError(email);
        setEmailError(error);
        if (!error) resend.mutate();
      }}
    >
      Resend confirmation code
    </Button>
  );
}
