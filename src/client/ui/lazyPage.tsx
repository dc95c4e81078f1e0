// A page loaded on first use, for both routers (../router.tsx, ../staff/StaffRoutes.tsx).
import { lazy, type ComponentType } from "react";

/**
 * `preload` fetches the page ahead; once loaded it renders at once, without suspending (the first
 * render of a visit draws the page in one pass, not a spinner first).
 */
export function lazyPage(load: () => Promise<ComponentType>) {
  let Loaded: ComponentType | undefined;
  const preload = () => load().then((loaded) => (Loaded = loaded));
  const Suspending = lazy(async () => ({ default: await preload() }));
  function Page() {
    return Loaded ? <Loaded /> : <Suspending />;
  }
  return Object.assign(Page, { preload });
}
