// Processes the tests start of their own: a staff command, a server, a backup tool.

/**
 * How long a test may take that starts processes of its own: each starts tsx, which compiles from
 * source, and beside CI's other phases on two cores that alone took over a minute.
 */
export const SPAWNING_MS = 300_000;

/**
 * Node's flags for the processes the tests start (and the server tests' workers', written out in
 * vite.config.ts): WebAssembly compiled once, quickly, by V8's baseline compiler, never again by
 * its optimizing one. PGlite is PostgreSQL in WebAssembly, and in a process as short as a test's
 * the optimizing compile of it cost more CPU than it saved. A server as operators run it keeps
 * V8's defaults.
 */
export const NODE_FLAGS = ["--liftoff-only"];

/** Node's arguments that run `script`, a TypeScript file of the repository, with `args`, as its own process. */
export const tsxArguments = (script: string, ...args: string[]) => [...NODE_FLAGS, "--import", "tsx", script, ...args];
