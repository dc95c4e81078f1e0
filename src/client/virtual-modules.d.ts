declare module "virtual:pages" {
  import type { PageDefinition } from "../engine/runtime";

  export type PageLink = Pick<PageDefinition, "page" | "route" | "title" | "step" | "icon">;
  const pages: PageLink[];
  export default pages;
}

declare module "virtual:answer-validator" {
  import type { CompiledValidate } from "../engine/runtime";

  const validate: CompiledValidate;
  export default validate;
}

declare module "virtual:lint-findings" {
  import type { PreviewFinding } from "./preview/findings";

  /** What npm run lint:definitions finds in the definitions (src/vite-plugins/lint-findings.ts), placed by line and column. */
  const findings: PreviewFinding[];
  export default findings;
}

declare module "virtual:definition-version" {
  /** The hash of the definition version this build bundles (src/vite-plugins/definition-version.ts). */
  const hash: string;
  export default hash;
}
