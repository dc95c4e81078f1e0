import { LazyModal } from "../ui/lazy";
import { ANSWERS_PROMPT, useInactivity } from "./useInactivity";
import { useLogout } from "./useLogout";

/** Watches a logged-in applicant's activity; asks "Still working?" and logs out when idle. */
export function InactivityWatch() {
  const logout = useLogout();
  const { isPrompted, stayActive } = useInactivity({
    isEnabled: true,
    onIdle: () => logout.mutate("idle"),
  });
  return (
    <LazyModal
      title="Still working?"
      role="alertdialog"
      isOpen={isPrompted}
      isDismissable={false}
      actions={() => (
        <>
          <button type="button" {...ANSWERS_PROMPT} className="button button-primary" onClick={stayActive}>Yes - Take me back to my application</button>
          <button type="button" {...ANSWERS_PROMPT} className="button button-secondary" onClick={() => logout.mutate("asked")}>No - Please log me out</button>
        </>
      )}
    >
      <p>You have not done anything in your application for a while. For your security, we will log you out in one minute.</p>
    </LazyModal>
  );
}
