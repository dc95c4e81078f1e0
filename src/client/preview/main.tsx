// npm run preview's page (preview.html, served by Vite in development only; never built): the
// clock first, then the definitions. When they cannot be expanded (a broken file, an expansion
// error) the lint findings are shown alone; saving a file reloads the page (src/vite-plugins/preview-server.ts).
import "../styles/theme.css";
import "../styles/app.css";
import { StrictMode, type ReactNode } from "react";
import { createRoot } from "react-dom/client";
import findings from "virtual:lint-findings";
import { installClock } from "./clock";
import { BrokenDefinitions } from "./FindingsList";

installClock(new URLSearchParams(location.search).get("today"));
const root = createRoot(document.getElementById("root")!);
const page = (children: ReactNode) => (
  <StrictMode>
    <main className="preview">
      <h1>Preview of the application</h1>
      {children}
    </main>
  </StrictMode>
);

try {
  const { PreviewApp } = await import("./PreviewApp");
  root.render(page(<PreviewApp findings={findings} />));
} catch (error) {
  console.error(error);
  root.render(page(<BrokenDefinitions findings={findings} error={error} />));
}
