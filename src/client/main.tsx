import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { QueryClientProvider } from "@tanstack/react-query";
import { RouterProvider } from "react-router";
import { queryClient } from "./api/queries";
import { createRouter, leaveOnUnauthorized } from "./router";
import "./styles/theme.css";
import "./styles/app.css";

const router = createRouter();
leaveOnUnauthorized(router);

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>,
);
