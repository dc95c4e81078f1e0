// The whole app below its router: main.tsx puts it in the browser's router, and the build's
// prerender (src/client/prerender.tsx) in a static one, so both draw the same page.
import { StrictMode } from "react";
import { QueryClientProvider } from "@tanstack/react-query";
import { queryClient } from "./api/queries";
import { AppRoutes } from "./router";
import { SaverContext, type Saver } from "./state/saver";
import { DrawnOn } from "./ui/today";

/**
 * `saver`: the one the page created (main.tsx), or one per page the build draws ahead.
 * `drawnOn`: the day a drawn page was drawn on, while it is drawn or taken over (ui/today.ts).
 */
export function App({ saver, drawnOn = null }: { saver: Saver; drawnOn?: string | null }) {
  return (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <SaverContext value={saver}>
          <DrawnOn value={drawnOn}>
            <AppRoutes />
          </DrawnOn>
        </SaverContext>
      </QueryClientProvider>
    </StrictMode>
  );
}
