// The day the app draws with (the banner's days, the plans' deadlines, the footer's year). The
// build draws the visitors' form pages ahead on its own day (../prerender.tsx), and React takes a
// drawn page over only when its first render draws the same (else React's error #418 and a redraw
// from scratch). So that first render uses the drawing's day, written on the page
// (`data-drawn-on`, read by ../main.tsx), and the next render the visit's own: a banner whose days
// began or ended since the build changes just after the takeover instead of breaking it.
import { createContext, useContext, useSyncExternalStore } from "react";
import { localToday } from "../../engine/dates";

/** The drawing's day (YYYY-MM-DD) while React draws or takes over a drawn page; null otherwise. */
export const DrawnOn = createContext<string | null>(null);

const noChanges = () => () => {};

/** Today, the applicant's local day; while a drawn page is being taken over, the drawing's. */
export function useToday(): string {
  const drawnOn = useContext(DrawnOn);
  // React uses the third function when drawing ahead and while taking over, the second after.
  return useSyncExternalStore(noChanges, localToday, () => drawnOn ?? localToday());
}
