import type { Plugin } from "vite";

/**
 * The definitions as the applicants' app reads them: without each file's `$schema` and
 * `description`, which are for the editor and for staff (the engine reads neither), and would
 * otherwise load with /about's first visit. The office's build and the preview keep them.
 */
export function definitionNotes(): Plugin {
  return {
    name: "definition-notes",
    enforce: "pre",
    transform: {
      filter: { id: /[\\/]form-definitions[\\/].*\.json$/ },
      handler(code) {
        const { $schema: _schema, description: _description, ...file } = JSON.parse(code) as Record<string, unknown>;
        return { code: JSON.stringify(file), map: null };
      },
    },
  };
}
