// The admissions office's entry (staff.html): its styles, its own query client, its routes. No
// prerendered page, no save pipeline: the office's pages are drawn by this app alone.
import "../styles/theme.css";
import "../styles/app.css";
import "./staff.css";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { QueryClientProvider } from "@tanstack/react-query";
import { BrowserRouter } from "react-router";
import { createStaffQueryClient } from "./session";
import { StaffRoutes } from "./StaffRoutes";

const queryClient = createStaffQueryClient();

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <StaffRoutes />
      </BrowserRouter>
    </QueryClientProvider>
  </StrictMode>,
);
