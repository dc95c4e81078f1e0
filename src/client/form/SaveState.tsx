// Where the answers stand, beside the step at the top of every page: saving, saved, offline (kept
// on this device), or refused. Announced politely to screen readers.
import { useSession } from "../state/session";
import { useSaveState } from "../state/saver";

const TEXT = {
  saved: "All changes saved",
  pending: "Unsaved changes",
  saving: "Saving…",
  offline: "Offline — your changes are kept on this device and sent when you are back online",
  failed: "Not saved",
} as const;

/** `live`: the one copy screen readers hear (the page shows it at the top and beside the buttons). */
export function SaveState({ live = false }: { live?: boolean }) {
  const isLoggedIn = useSession((s) => s.is_logged_in);
  const { status, message } = useSaveState();
  const role = live ? "status" : undefined;
  if (!isLoggedIn) return <p className="save-state" role={role}>Not saved yet — create an account to keep your answers</p>;
  return (
    <p className={`save-state save-state-${status}`} role={role}>
      <span className="save-dot" aria-hidden="true" />
      {status === "failed" && message ? `${TEXT.failed}: ${message}` : TEXT[status]}
    </p>
  );
}
