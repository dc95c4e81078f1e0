declare module "virtual:pages" {
  import type { PageDefinition } from "../engine";

  export type PageLink = Pick<PageDefinition, "page" | "route" | "title" | "step" | "icon">;
  const pages: PageLink[];
  export default pages;
}

declare module "virtual:answer-validator" {
  import type { CompiledValidate } from "../engine";

  const validate: CompiledValidate;
  export default validate;
}
