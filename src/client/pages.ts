// The form's pages as the definitions name them, in step order. Only what the step navigation
// needs comes from virtual:pages (src/vite-plugins/page-list.ts); the questions load with each page.
import pageList from "virtual:pages";

export type { PageLink } from "virtual:pages";

export const pages = [...pageList].sort((a, b) => a.step - b.step);

/** The default form route (spec: /about), the first step. */
export const DEFAULT_ROUTE = pages[0]?.route ?? "/about";
export const STATUS_ROUTE = "/status";

/** Where the default route leads: /status once the application is submitted (its guard's place), else the first step. */
export const defaultRouteOf = (status: string | null) => (status === "submitted" ? STATUS_ROUTE : DEFAULT_ROUTE);

export const isPageRoute = (path: string) => pages.some((p) => p.route === path);
