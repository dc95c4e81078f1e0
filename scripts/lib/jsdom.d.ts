// The one part of jsdom (installed for the component tests) that scripts/prerender.ts uses.
declare module "jsdom" {
  export class JSDOM {
    constructor(html: string, options: { url: string });
    readonly window: Window & typeof globalThis;
  }
}
