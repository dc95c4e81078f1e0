// A React Aria button that can be busy: the account cards' Submit, Log Out, the office's forms.
// Not React Aria's own `isPending`: it announces the button by reference, a node in the live
// region with role=img and aria-labelledby the button's id, kept for 7 s. When the press navigates
// (a login, a logout, a sign-up), the button goes and the next page carries an image without a
// name (axe: role-img-alt). Here the same announcer is given words, which outlive the button.
import { useEffect, useRef, type ComponentProps } from "react";
import { Button } from "react-aria-components";
// React Aria's Button imports the announcer from this path; the package exports no other.
import { announce } from "react-aria/private/live-announcer/LiveAnnouncer";

export const PENDING_TEXT = "Please wait…";

type PendingButtonProps = Omit<ComponentProps<typeof Button>, "isPending" | "ref"> & { isPending: boolean };

export function PendingButton({ isPending, type, onPress, ...props }: PendingButtonProps) {
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    // As React Aria does, to whoever is on the button: the keyboard's and the screen reader's users.
    // The end is not announced: what follows (a toast, the next page's heading) says it.
    if (isPending && button.current === document.activeElement) announce(PENDING_TEXT, "assertive");
  }, [isPending]);
  return (
    <Button
      {...props}
      ref={button}
      // Busy, it keeps the focus but takes no press, and Enter in a field submits nothing, as
      // React Aria's isPending does.
      type={isPending && type === "submit" ? "button" : type}
      onPress={isPending ? undefined : onPress}
      aria-disabled={isPending || undefined}
      data-pending={isPending || undefined}
    />
  );
}
