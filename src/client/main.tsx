import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { QueryClientProvider } from "@tanstack/react-query";
import { RouterProvider } from "react-router";
import { accountMessages } from "../engine/accounts";
import type { AuthState } from "./auth/navigation";
import { whenUnauthorized } from "./api/client";
import { forgetApplicant, queryClient } from "./api/queries";
import { createRouter } from "./router";
import "./styles/theme.css";
import "./styles/app.css";

const router = createRouter();

// Session invalid (spec: accounts-and-shell §8): forget everything, go to /login with the message.
whenUnauthorized(() => {
  forgetApplicant();
  void router.navigate("/login", { state: { error: accountMessages.sessionInvalid } satisfies AuthState });
});

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>,
);
