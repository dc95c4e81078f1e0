import { useState } from "react";
import { useMutation } from "@tanstack/react-query";
import { useNavigate } from "react-router";
import { accountMessages } from "../../engine/messages";
import type { AuthState } from "../auth/navigation";
import { api } from "../api/calls";
import { ApiError } from "../../api-contract/errors";
import { forgetApplicant } from "../api/queries";
import { useSaver } from "../state/saver";

/**
 * Log out: send the changes still queued, end the session, forget everything cached and stored
 * in this browser, go to /login with a message for the card (a change that cannot be sent now is
 * lost with the rest: a shared computer keeps nothing of the applicant).
 * A failed logout is rethrown to the error boundary; a 401 has
 * already been handled by the API client. The inactivity logout always ends on /login with its
 * own message, even when the server's session has already expired.
 */
export function useLogout() {
  const navigate = useNavigate();
  const saver = useSaver();
  const [failure, setFailure] = useState<Error | null>(null);
  const logout = useMutation({
    mutationFn: async (reason: "asked" | "idle") => {
      if (reason === "asked") {
        await saver.saveNow().catch(() => {});
        return (await api.logout()).message;
      }
      await api.logout({ handleUnauthorized: false }).catch(() => {});
      return accountMessages.autoLogout;
    },
    onSuccess: (message) => {
      forgetApplicant(saver);
      void navigate("/login", { state: { error: message } satisfies AuthState });
    },
    onError: (error) => {
      if (!(error instanceof ApiError && error.status === 401)) setFailure(error);
    },
  });
  if (failure) throw failure;
  return logout;
}
