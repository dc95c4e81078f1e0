// The printer in real Chromium, over a small site of its own: each print owns its page from
// opening to closing, so prints started at the same moment each print their own view.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { textOf } from "../../../tests/support/files";
import { SPAWNING_MS } from "../../../tests/support/spawning";
import { openPrinter, type Printer } from "./chromium";

const NAMES = ["Amara Quist", "Bodhi Lindqvist", "Chiara Vellacott"];

let site: Server;
let base: string;
let printer: Printer;

beforeAll(async () => {
  // A view that draws its applicant a little later, as the service view does once its data came.
  site = createServer((request, response) => {
    const name = decodeURIComponent(new URL(request.url!, "http://x").searchParams.get("name") ?? "");
    const delay = 50 + Math.floor(Math.random() * 250);
    response.setHeader("content-type", request.url!.startsWith("/favicon.svg") ? "image/svg+xml" : "text/html");
    response.end(request.url!.startsWith("/favicon.svg")
      ? '<svg xmlns="http://www.w3.org/2000/svg"/>'
      : `<!doctype html><body><script>setTimeout(() => { const d = document.createElement("div"); d.className = "service-document"; d.textContent = ${JSON.stringify(name)}; document.body.append(d); }, ${delay});</script></body>`);
  });
  await new Promise<void>((resolve) => site.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
  printer = openPrinter(process.env.CHROMIUM_PATH ?? "/usr/bin/chromium");
});

afterAll(async () => {
  await printer?.close();
  await new Promise((resolve) => site?.close(resolve));
});

const view = (name: string) => `${base}/view?name=${encodeURIComponent(name)}`;

describe("the PDF printer", () => {
  it("prints three views started at the same moment each into its own PDF, after a print that left a page ready", { timeout: SPAWNING_MS }, async () => {
    // The first print leaves the next print's page open ahead: the page the next prints asked for at once.
    expect(await textOf(await printer.print(view("Warm Up"), ".service-document"))).toContain("Warm Up");
    for (let round = 0; round < 2; round++) {
      const copies = await Promise.all(NAMES.map((name) => printer.print(view(name), ".service-document")));
      const texts = await Promise.all(copies.map((pdf) => textOf(pdf)));
      NAMES.forEach((name, i) => {
        expect(texts[i], `copy ${i + 1} holds its own name`).toContain(name);
        for (const other of NAMES.filter((n) => n !== name)) expect(texts[i], `copy ${i + 1} holds no other name`).not.toContain(other);
      });
    }
  });
});
