import type { Plugin } from "vite";

/**
 * React Router's components and contexts as code that does nothing until used: its module names
 * each one for React's developer tools (`Form.displayName = "Form"`) at the top level, a statement
 * the bundler must keep, and with it the component and all it calls. A first visit to /about
 * loaded its <Form>, fetchers, prefetching and server-component parts, none of which the app uses.
 */
export function unusedRouterParts(): Plugin {
  return {
    name: "unused-router-parts",
    apply: "build",
    transform: {
      filter: { id: /node_modules\/react-router\/dist\/.*\.mjs$/ },
      handler: (code) => ({
        code: code
          .replace(/^[\w$]+\.displayName = "[^"\n]*";$/gm, "")
          .replace(/^(var [\w$]+ = )(React\d*\.(?:forwardRef|createContext|memo)\()/gm, "$1/* @__PURE__ */ $2"),
        map: null,
      }),
    },
  };
}
