import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { QueryClientProvider } from "@tanstack/react-query";
import { RouterProvider } from "react-router";
import { queryClient } from "./api/queries";
import { createRouter, leaveOnUnauthorized } from "./router";
import { restoreVisitorAnswers } from "./state/saving";
import { useSession } from "./state/session";
import "./styles/theme.css";
import "./styles/app.css";

// A visitor's answers survive a reload; a logged-in applicant's come with the profile.
if (!useSession.getState().is_logged_in) restoreVisitorAnswers();

const router = createRouter();
leaveOnUnauthorized(router);

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>,
);
