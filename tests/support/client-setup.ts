// Component tests (jsdom): jest-dom's matchers, Testing Library's wait, and a clean DOM after each test.
import "@testing-library/jest-dom/vitest";
import { cleanup, configure } from "@testing-library/react";
import { afterEach } from "vitest";

// Pages, layouts, overlays and the toasts' region load lazily; the first load of each in a test
// file is a Vite transform, which takes more than Testing Library's default second on a busy
// machine (a toast waited past it in CI). The pages are loaded before a file's first test
// (withTestServer); the rest wait up to ten seconds, in every component test.
configure({ asyncUtilTimeout: 10_000 });

afterEach(() => cleanup());
