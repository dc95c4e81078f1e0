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
