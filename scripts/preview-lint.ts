// npm run preview's linter, in a process of its own (src/vite-plugins/lint-findings.ts forks it): while it reads the
// files after a save, Vite keeps serving the page's modules, so the reload does not wait for both.
// Each message is a project root; each reply, that project's findings.
import { previewFindings } from "../src/definitions/preview-findings";

process.on("message", (root: string) => {
  try {
    process.send!({ findings: previewFindings(root) });
  } catch (error) {
    process.send!({ error: error instanceof Error ? error.stack ?? error.message : String(error) });
  }
});
// Ends with the preview: the pipe to it closes.
process.on("disconnect", () => process.exit(0));
