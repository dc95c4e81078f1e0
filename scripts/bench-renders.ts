// npm run bench (renders) — what one keystroke re-renders. A visitor opens /about (the whole
// About page is drawn for visitors) in Debian's Chromium against the built server (dist/, from
// npm run build; this script builds nothing), focuses first_name and types TEXT into it, one key
// at a time. React components are counted the way React DevTools counts them: a stand-in for
// DevTools' global hook (injected before React loads) walks each committed fiber tree, descends
// only into the parts React worked on in that commit, and counts the function/class components
// that rendered (PerformedWork) or mounted. Production builds minify component names, so each
// render is placed by the DOM it owns: inside the typed question (div.question around
// #first_name) or elsewhere, which is named by its question's id or its element.
// Target: every render inside the typed question, none elsewhere.
// Prints figures; asserts nothing. CHROMIUM_PATH overrides /usr/bin/chromium.
import type { Page } from "playwright-core";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { CLIENT_DIR, launchBrowser, requireBuild, startBuiltServer, waitForExpression } from "../tests/e2e/support";

const ROUTE = "/about";
const TARGET = process.argv[2] ?? "#first_name"; // another question: tsx scripts/bench-renders.ts "#last_name"
const TEXT = "Alexandria Quintessa"; // 20 keystrokes
const QUIET_MS = 400;

// The hook and the counter, as browser-side text (this script has Node's types, not the DOM's).
// React calls inject() once per renderer and onCommitFiberRoot() after every commit, with the DOM
// already updated. Fiber tags: 0 function, 1 class, 11 forwardRef, 14 memo, 15 simple memo;
// 3 root, 4 portal, 5 host element, 6 host text. Flag 1 = PerformedWork.
const HOOK = String.raw`(() => {
  const COMPONENT = new Set([0, 1, 11, 14, 15]);
  const PERFORMED_WORK = 1;
  const B = (window.__renders = { armed: false, target: null, keystroke: -1, commits: [], records: [], types: [] });
  const typeIds = new Map();

  /** The function React called for a fiber (memo and forwardRef unwrapped), numbered once. */
  const typeOf = (fiber) => {
    let type = fiber.type;
    while (type && typeof type === "object") type = type.render || type.type;
    if (!typeIds.has(type)) { typeIds.set(type, B.types.length); B.types.push(type); }
    return typeIds.get(type);
  };
  /** The outermost host nodes a fiber renders (none for a component that renders null). */
  const hostNodes = (fiber) => {
    const found = [];
    const visit = (f) => {
      for (let child = f.child; child; child = child.sibling) {
        if (child.tag === 5 || child.tag === 6) found.push(child.stateNode);
        else if (child.tag !== 4) visit(child); // a portal's nodes live elsewhere
      }
    };
    visit(fiber);
    return found;
  };
  /** The nearest host element above a fiber (where a component that renders nothing sits). */
  const hostAbove = (fiber) => {
    for (let f = fiber.return; f; f = f.return) {
      if (f.tag === 5) return f.stateNode;
      if (f.tag === 3 || f.tag === 4) return f.stateNode.containerInfo;
    }
    return document.body;
  };
  const elementOf = (node) => (node.nodeType === 1 ? node : node.parentElement || document.body);
  const tagOf = (el) => el.tagName.toLowerCase() + (el.id ? "#" + el.id : "") + (typeof el.className === "string" && el.className.trim() ? "." + el.className.trim().split(/\s+/).join(".") : "");
  /** A question by its id (the answer key), anything else by its element and the nearest id around it. */
  const placeOf = (el) => {
    const question = el.closest(".question");
    if (question) {
      const control = question.id ? question : question.querySelector("input[id], select[id], textarea[id]");
      return "question #" + (control ? control.id : "?");
    }
    const holder = el.id ? null : el.closest("[id]");
    return tagOf(el) + (holder ? " in #" + holder.id : "");
  };

  const record = (fiber, mounted) => {
    const nodes = hostNodes(fiber);
    const elements = nodes.length ? nodes.map(elementOf) : [hostAbove(fiber)];
    const target = B.target;
    const inside = !!target && elements.every((el) => target === el || target.contains(el));
    B.records.push({ type: typeOf(fiber), inside, mounted, element: tagOf(elements[0]) + (nodes.length ? "" : " (renders nothing here)"), place: placeOf(elements[0]), keystroke: B.keystroke });
  };

  // React DevTools' walk: a fiber whose children React cloned in this render (child !== alternate.child)
  // was worked on below; an untouched subtree keeps the previous commit's fibers, and their flags.
  const walk = (fiber) => {
    const mounted = fiber.alternate === null;
    if (COMPONENT.has(fiber.tag) && (mounted || (fiber.flags & PERFORMED_WORK) !== 0)) record(fiber, mounted);
    if (!mounted && fiber.child === fiber.alternate.child) return;
    for (let child = fiber.child; child; child = child.sibling) walk(child);
  };

  let nextId = 1;
  window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true,
    renderers: new Map(),
    inject(renderer) { const id = nextId++; this.renderers.set(id, renderer); return id; },
    checkDCE() {},
    onScheduleFiberRoot() {},
    onCommitFiberRoot(_id, root) {
      if (!B.armed) return;
      const before = B.records.length;
      walk(root.current);
      B.commits.push({ keystroke: B.keystroke, renders: B.records.length - before });
    },
    onCommitFiberUnmount() {},
    onPostCommitFiberRoot() {},
  };
})();`;

interface RenderRecord { type: number; inside: boolean; mounted: boolean; element: string; place: string; keystroke: number }
interface Measured { commits: { keystroke: number; renders: number }[]; records: RenderRecord[] }

/** Waits until no commit has happened for QUIET_MS (React's and react-aria's follow-up work is done). */
async function settle(page: Page): Promise<void> {
  let last = -1;
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, QUIET_MS));
    const now = await page.evaluate<number>("window.__renders.commits.length");
    if (now === last) return;
    last = now;
  }
}

// ---- component names: minified in the build, found again through the source maps -------------

const BASE64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
interface SourceMap { sources: string[]; sourcesContent?: (string | null)[]; names: string[]; mappings: string }
/** Per generated line: [column, source, line, column, name?] segments, absolute. */
function decodeMappings(mappings: string): number[][][] {
  const lines: number[][][] = [];
  const state = [0, 0, 0, 0, 0];
  for (const line of mappings.split(";")) {
    state[0] = 0;
    const segments: number[][] = [];
    for (const text of line.split(",")) {
      if (!text) continue;
      const fields: number[] = [];
      let value = 0;
      let shift = 0;
      for (const char of text) {
        const digit = BASE64.indexOf(char);
        value += (digit & 31) << shift;
        if (digit & 32) shift += 5;
        else {
          fields.push(value & 1 ? -(value >>> 1) : value >>> 1);
          value = 0;
          shift = 0;
        }
      }
      fields.forEach((delta, i) => (state[i] = state[i]! + delta));
      segments.push(state.slice(0, fields.length));
    }
    lines.push(segments);
  }
  return lines;
}

const maps = new Map<string, { map: SourceMap; lines: number[][][] } | null>();
/** `TextQuestion (src/client/form/widgets.tsx:78)` for a 0-based position in a built file, if its map says. */
function original(url: string, line: number, column: number): string | undefined {
  const file = join(CLIENT_DIR, new URL(url).pathname);
  if (!maps.has(file)) {
    const path = `${file}.map`;
    const map = existsSync(path) ? (JSON.parse(readFileSync(path, "utf8")) as SourceMap) : undefined;
    maps.set(file, map ? { map, lines: decodeMappings(map.mappings) } : null);
  }
  const entry = maps.get(file);
  const segment = entry?.lines[line]?.filter((s) => s[0]! <= column && s.length >= 4).at(-1);
  if (!entry || !segment) return undefined;
  const source = entry.map.sources[segment[1]!]!.replace(/^(\.\.\/)+/, "").replace(/^node_modules\//, "");
  const text = entry.map.sourcesContent?.[segment[1]!]?.split("\n")[segment[2]!] ?? "";
  // The function's own name where its line declares one (const X = forwardRef(function X( …).
  const declared = /function\s*\*?\s*([A-Za-z_$][\w$]*)/.exec(text.slice(segment[3]!))?.[1] ??
    /(?:const|let|var)\s+([A-Za-z_$][\w$]*)\s*=/.exec(text)?.[1] ??
    /function\s*\*?\s*([A-Za-z_$][\w$]*)/.exec(text)?.[1] ??
    (segment[4] !== undefined ? entry.map.names[segment[4]] : undefined);
  // Parcel-built libraries (react-aria) name things $hash$export$hash and export them under their name.
  const content = entry.map.sourcesContent?.[segment[1]!] ?? "";
  const exported = declared && /^\$\w+\$export\$/.test(declared) ? new RegExp(`${declared.replace(/\$/g, "\\$")} as (\\w+)`).exec(content)?.[1] : undefined;
  const name = exported ?? declared?.replace(/^\$\w+\$var\$/, "");
  return `${name ?? "?"} (${source}:${segment[2]! + 1})`;
}

/** The original name and place of each component function the page recorded, by its index. */
async function componentNames(page: Page, count: number): Promise<string[]> {
  const cdp = await page.context().newCDPSession(page);
  const urls = new Map<string, string>();
  cdp.on("Debugger.scriptParsed", (event) => void urls.set(event.scriptId, event.url));
  await cdp.send("Debugger.enable");
  const locate = async (objectId: string): Promise<string> => {
    const { internalProperties } = await cdp.send("Runtime.getProperties", { objectId, ownProperties: true });
    const target = internalProperties?.find((p) => p.name === "[[TargetFunction]]")?.value?.objectId;
    if (target) return `bound ${await locate(target)}`;
    const location = internalProperties?.find((p) => p.name === "[[FunctionLocation]]")?.value?.value as
      | { scriptId: string; lineNumber: number; columnNumber: number } | undefined;
    if (!location) return "?";
    const url = urls.get(location.scriptId) ?? "";
    return original(url, location.lineNumber, location.columnNumber) ?? `${url}:${location.lineNumber + 1}:${location.columnNumber + 1}`;
  };
  const names: string[] = [];
  for (let i = 0; i < count; i++) {
    const { result } = await cdp.send("Runtime.evaluate", { expression: `window.__renders.types[${i}]` });
    const minified = (result.description ?? "").match(/^(?:class|function)\s*([\w$]*)/)?.[1] || "anonymous";
    names.push(result.objectId ? `${await locate(result.objectId)} [built: ${minified}]` : `[built: ${minified}]`);
  }
  await cdp.detach();
  return names;
}

// ---- the measurement ----------------------------------------------------------------------

requireBuild();
const server = await startBuiltServer();
const browser = await launchBrowser();
try {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(String(error)));
  await page.addInitScript({ content: HOOK });
  await page.goto(`${server.url}${ROUTE}`);
  await page.locator(TARGET).waitFor();
  await waitForExpression(page, "document.readyState === 'complete'");
  if ((await page.evaluate<number>("window.__REACT_DEVTOOLS_GLOBAL_HOOK__.renderers.size")) === 0) {
    throw new Error("React never registered with the injected DevTools hook: no renders can be counted");
  }

  // Focus first (focus styles are not typing), let everything settle, then count from the first key.
  await page.locator(TARGET).focus();
  await page.evaluate("window.__renders.armed = true");
  await settle(page);
  const found = await page.evaluate<boolean>(`(() => {
    const B = window.__renders;
    B.target = document.querySelector(${JSON.stringify(TARGET)}).closest(".question");
    B.commits = [];
    B.records = [];
    return B.target !== null;
  })()`);
  if (!found) throw new Error(`${TARGET} is not inside a .question element`);

  for (let i = 0; i < TEXT.length; i++) {
    await page.evaluate(`window.__renders.keystroke = ${i}`);
    await page.keyboard.type(TEXT[i]!);
    await new Promise((resolve) => setTimeout(resolve, 30));
  }
  await settle(page);
  const result = await page.evaluate<Measured>("(() => { const B = window.__renders; B.armed = false; return { commits: B.commits, records: B.records }; })()");
  const typeCount = await page.evaluate<number>("window.__renders.types.length");
  const names = await componentNames(page, typeCount);
  const value = await page.locator(TARGET).inputValue();
  await context.close();

  const inside = result.records.filter((r) => r.inside);
  const outside = result.records.filter((r) => !r.inside);
  const mounts = result.records.filter((r) => r.mounted).length;
  const tally = (records: RenderRecord[], label: (r: RenderRecord) => string) => {
    const counts = new Map<string, number>();
    for (const r of records) counts.set(label(r), (counts.get(label(r)) ?? 0) + 1);
    return [...counts].sort((a, b) => b[1] - a[1]);
  };
  const perKey = (n: number) => (n / TEXT.length).toFixed(1);
  const line = (label: string, figure: string | number, note = "") => console.log(`  ${label.padEnd(34)} ${String(figure).padStart(6)}  ${note}`);

  console.log(`\nrender benchmark: a visitor types ${TEXT.length} characters into ${TARGET} on ${ROUTE} (built app, Chromium ${browser.version()})`);
  line("keystrokes", TEXT.length, value === TEXT ? "" : `(! the input holds ${JSON.stringify(value)})`);
  const commitsOfKey = new Map<number, number>();
  for (const c of result.commits) commitsOfKey.set(c.keystroke, (commitsOfKey.get(c.keystroke) ?? 0) + 1);
  const commitsPerKey = [...commitsOfKey.values()];
  line("React commits", result.commits.length, commitsPerKey.length ? `(${Math.min(...commitsPerKey)}-${Math.max(...commitsPerKey)} per keystroke)` : "");
  line("component renders, total", result.records.length, `(${perKey(result.records.length)} per keystroke; ${mounts} mounts)`);
  line("  inside the typed question", inside.length, `(${perKey(inside.length)} per keystroke)`);
  line("  outside the typed question", outside.length, `target 0: ${outside.length === 0 ? "met" : "MISSED"}`);
  console.log("  inside the typed question, by component (original name and source; its outermost element):");
  for (const [what, n] of tally(inside, (r) => `${names[r.type]}  <${r.element}>`)) console.log(`    ${String(n).padStart(5)}  ${what}`);
  if (outside.length > 0) {
    console.log("  outside the typed question, by place:");
    for (const [what, n] of tally(outside, (r) => `${r.place}: ${names[r.type]}${r.mounted ? " (mounted)" : ""}  <${r.element}>`)) console.log(`    ${String(n).padStart(5)}  ${what}`);
  }
  if (errors.length > 0) console.log(`  page errors: ${errors.join(" | ")}`);
} finally {
  await browser.close();
  await server.stop();
}
