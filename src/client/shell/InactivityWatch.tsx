import { InactivityPrompt } from "./InactivityPrompt";
import { useInactivity } from "./useInactivity";
import { useLogout } from "./useLogout";

/** Watches a logged-in applicant's activity; asks "Still working?" and logs out when idle. */
export function InactivityWatch() {
  const logout = useLogout();
  const { isPrompted, stayActive } = useInactivity({
    isEnabled: true,
    onIdle: () => logout.mutate("idle"),
  });
  return (
    <InactivityPrompt
      isOpen={isPrompted}
      stayLabel="Yes - Take me back to my application"
      onStay={stayActive}
      logoutLabel="No - Please log me out"
      onLogout={() => logout.mutate("asked")}
    >
      You have not done anything in your application for a while. For your security, we will log you out in one minute.
    </InactivityPrompt>
  );
}
