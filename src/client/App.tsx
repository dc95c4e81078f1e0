// The whole app below its router: main.tsx puts it in the browser's router, and the build's
// prerender (src/client/prerender.tsx) in a static one, so both draw the same page.
import { StrictMode } from "react";
import { QueryClientProvider } from "@tanstack/react-query";
import { queryClient } from "./api/queries";
import { AppRoutes } from "./router";

export function App() {
  return (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <AppRoutes />
      </QueryClientProvider>
    </StrictMode>
  );
}
