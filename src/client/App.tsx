// The whole app below its router: main.tsx puts it in the browser's router, and the build's
// prerender (src/client/prerender.tsx) in a static one, so both draw the same page.
import { StrictMode } from "react";
import { QueryClientProvider } from "@tanstack/react-query";
import { queryClient } from "./api/queries";
import { AppRoutes } from "./router";
import { createSaver, SaverContext, type Saver, type SaverOptions } from "./state/saver";

/**
 * The save pipeline as the app runs it: while validating, the form's errors follow its changes.
 * Only the form's own changes ask for that, so the form's code has loaded by then.
 */
export function createAppSaver(options: SaverOptions = {}): Saver {
  return createSaver({ revalidate: () => import("./form/changes").then((changes) => changes.revalidate()), ...options });
}

/** `saver`: the one the page created (main.tsx), or a test's own. */
export function App({ saver }: { saver: Saver }) {
  return (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <SaverContext value={saver}>
          <AppRoutes />
        </SaverContext>
      </QueryClientProvider>
    </StrictMode>
  );
}
