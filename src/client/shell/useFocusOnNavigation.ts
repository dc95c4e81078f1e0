import { useEffect, useRef, type RefObject } from "react";
import { useLocation } from "react-router";

/** After a route change (not the first load), focus moves to the new page, as a page load would. */
export function useFocusOnNavigation(main: RefObject<HTMLElement | null>): void {
  const { pathname } = useLocation();
  // The path last focused for, not a "first run" flag: StrictMode runs effects twice on mount.
  const shown = useRef(pathname);
  useEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    main.current?.focus({ preventScroll: true });
  }, [pathname, main]);
}
