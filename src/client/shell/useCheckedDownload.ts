// A download the browser makes itself, from a link (nothing of the file is held in the page),
// once the session is known to be live: the account's data and the decision letter's PDF.
import { useRef, type MouseEvent } from "react";
import { useMutation } from "@tanstack/react-query";
import { api } from "../api/calls";

/**
 * A link cannot read a refusal: with the session expired the browser would save the 401's JSON
 * as the file. So the first click asks for the session through the API client, whose 401 takes
 * the usual path (logged out, to /login with the session message); only a live session clicks
 * the link again, and that click goes through. `error`: why the session could not be asked.
 */
export function useCheckedDownload(): { onClick: (event: MouseEvent<HTMLAnchorElement>) => void; error: Error | null } {
  const isChecked = useRef(false);
  const check = useMutation({ mutationFn: () => api.keepAlive() });
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (isChecked.current) {
      isChecked.current = false;
      return;
    }
    event.preventDefault();
    if (check.isPending) return;
    const link = event.currentTarget;
    check.mutate(undefined, {
      onSuccess: () => {
        isChecked.current = true;
        link.click();
      },
    });
  };
  return { onClick, error: check.error };
}
