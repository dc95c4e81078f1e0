import { useMutation } from "@tanstack/react-query";
import { useLocation, useNavigate } from "react-router";
import { api } from "../api/calls";
import type { Toasts } from "../ui/Toasts";
import type { AuthState } from "./navigation";
import { resendEmailError } from "./rules";
import { PendingButton } from "../ui/PendingButton";

const RESEND_ERROR = "Resend Confirmation Code Error";

interface ResendCodeButtonProps {
  /** The address as typed in the card. */
  email: string;
  /** Shows (or clears) the card's message on its Email field. */
  setEmailError: (message: string | undefined) => void;
  cardToasts: Toasts;
}

/**
 * "Resend confirmation code" on the Log In and Confirm cards: needs a valid address, then goes to
 * /confirm with the address and the server's message.
 */
export function ResendCodeButton({ email, setEmailError, cardToasts }: ResendCodeButtonProps) {
  const navigate = useNavigate();
  const onConfirm = useLocation().pathname === "/confirm";
  const username = email.trim();
  const resend = useMutation({
    mutationFn: () => api.resendConfirm({ username }),
    onMutate: () => cardToasts.clear(),
    onSuccess: (reply) =>
      void navigate("/confirm", { replace: onConfirm, state: { username, message: reply.message } satisfies AuthState }),
    onError: (error) => cardToasts.error(error.message, RESEND_ERROR),
  });
  return (
    <PendingButton
      className="link-button"
      isPending={resend.isPending}
      onPress={() => {
        const error = resendEmailError(email);
        setEmailError(error);
        if (!error) resend.mutate();
      }}
    >
      Resend confirmation code
    </PendingButton>
  );
}
