// What `use-sync-external-store/shim` gives on React 18 and later, React's own hook, without the
// shim's code for older Reacts (React Aria's toast queue imports it; vite.config.ts resolves it here).
export { useSyncExternalStore } from "react";
