import { resolve } from "node:path";
import type { Plugin } from "vite";
import { browserValidatorModule } from "../definitions/browser-validator";

/**
 * `virtual:answer-validator`: the data model and every rule as precompiled validator code
 * (src/definitions/browser-validator.ts), so the browser validates as the server does without a
 * compiler or eval.
 */
export function answerValidator(): Plugin {
  const id = "virtual:answer-validator";
  return {
    name: "answer-validator",
    resolveId: (source) => (source === id ? `\0${id}` : undefined),
    async load(resolved) {
      if (resolved !== `\0${id}`) return undefined;
      const { code, files } = await browserValidatorModule();
      for (const file of files) this.addWatchFile(resolve(file));
      return code;
    },
  };
}
