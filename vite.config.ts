import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["src/**/*.test.ts", "scripts/**/*.test.ts", "tests/**/*.test.ts"],
    environment: "node",
    // Servers on PGlite start in seconds, more when the machine is busy.
    hookTimeout: 60_000,
    testTimeout: 30_000,
    globalSetup: ["tests/support/global-setup.ts"],
  },
});
