// Refuses an import that leads back to the file importing it. eslint-plugin-import-x's no-cycle
// skips type-only imports, but a type cycle ties two modules together as tightly as a value one
// (issue 19 found four such circles), so this rule follows every import TypeScript sees:
// `import`, `import type`, `export … from` and `import()`.
import { readFileSync } from "node:fs";
import { dirname, relative } from "node:path";
import ts from "typescript";

const options = { module: ts.ModuleKind.ESNext, moduleResolution: ts.ModuleResolutionKind.Bundler, resolveJsonModule: true };
const resolved = new Map();
const edges = new Map();

function resolveFrom(file, specifier) {
  const id = `${dirname(file)}\0${specifier}`;
  if (!resolved.has(id)) {
    const module = ts.resolveModuleName(specifier, file, options, ts.sys).resolvedModule;
    const ours = module && !module.isExternalLibraryImport && !module.resolvedFileName.includes("/node_modules/") && /\.tsx?$/.test(module.resolvedFileName) && !module.resolvedFileName.endsWith(".d.ts");
    resolved.set(id, ours ? module.resolvedFileName : null);
  }
  return resolved.get(id);
}

function importsOf(file) {
  if (!edges.has(file)) {
    let text = "";
    try {
      text = readFileSync(file, "utf8");
    } catch {
      // A file deleted since the run began imports nothing.
    }
    const targets = ts.preProcessFile(text, true, true).importedFiles.map(({ fileName }) => resolveFrom(file, fileName)).filter(Boolean);
    edges.set(file, [...new Set(targets)]);
  }
  return edges.get(file);
}

/** The chain of imports from `start` back to `goal`, or undefined when there is none. */
function pathBack(start, goal) {
  const cameFrom = new Map([[start, null]]);
  const queue = [start];
  while (queue.length > 0) {
    const file = queue.shift();
    for (const next of importsOf(file)) {
      if (cameFrom.has(next)) continue;
      cameFrom.set(next, file);
      if (next === goal) {
        const chain = [];
        for (let at = goal; at !== null; at = cameFrom.get(at)) chain.unshift(at);
        return chain;
      }
      queue.push(next);
    }
  }
  return undefined;
}

export default {
  meta: {
    type: "problem",
    docs: { description: "Refuse an import (type-only included) that leads back to the importing file." },
    schema: [],
  },
  create(context) {
    const file = context.filename;
    const check = (node, source) => {
      if (!source || typeof source.value !== "string") return;
      const target = resolveFrom(file, source.value);
      if (!target) return;
      const chain = target === file ? [file] : pathBack(target, file);
      if (!chain) return;
      const names = [file, ...chain].map((name) => relative(context.cwd, name));
      context.report({ node, message: `Import cycle: ${names.join(" → ")}. Move what both need into a module of its own.` });
    };
    return {
      ImportDeclaration: (node) => check(node, node.source),
      ExportNamedDeclaration: (node) => check(node, node.source),
      ExportAllDeclaration: (node) => check(node, node.source),
      ImportExpression: (node) => check(node, node.source),
    };
  },
};
