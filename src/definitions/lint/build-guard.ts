// The browser bundles form-definitions/ and runs the engine on it as a form page loads: an engine
// that throws there (an unknown operator) is the applicant's "Something went wrong". `npm run
// build` lints first (prebuild), but `vite build` alone, or `npm run build:client`, would not.
import { lintErrorLines } from "./index";

/** A Vite plugin for builds: refuses to bundle definitions with lint errors, printing them. */
export function refuseLintErrors(root: string) {
  return {
    name: "refuse-lint-errors",
    apply: "build" as const,
    buildStart(this: { error: (message: string) => never }) {
      const lines = lintErrorLines(root);
      if (lines.length > 0) this.error(`the definitions have lint errors; the browser would meet them:\n${lines.join("\n")}`);
    },
  };
}
