import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { QueryClientProvider } from "@tanstack/react-query";
import { BrowserRouter } from "react-router";
import { queryClient } from "./api/queries";
import { AppRoutes, preloadRoute } from "./router";
import { restoreVisitorAnswers } from "./state/saving";
import { useSession } from "./state/session";
import "./styles/theme.css";
import "./styles/app.css";

// A visitor's answers survive a reload; a logged-in applicant's come with the profile.
if (!useSession.getState().is_logged_in) restoreVisitorAnswers();

const mount = () =>
  createRoot(document.getElementById("root")!).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </QueryClientProvider>
    </StrictMode>,
  );

// The page's code first, then one render of the whole page (a failed download renders the error screen).
preloadRoute(location.pathname).then(mount, mount);
