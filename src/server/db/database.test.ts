import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openPglite } from "./database";

describe("a PGlite folder", () => {
  const folder = mkdtempSync(join(tmpdir(), "pglite-lock-"));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  // A PGlite cluster made on disk and opened three times: 86 s in a clean CI run, every phase at once on two cores.
  it("is opened by one server at a time, and free again once that one closes", async () => {
    const first = await openPglite(folder);
    await expect(openPglite(folder)).rejects.toThrow(`Another server is using the database in ${folder}.`);
    await first.query("CREATE TABLE kept (n integer)");
    await first.close();
    const second = await openPglite(folder);
    expect(await second.query("SELECT count(*)::int AS n FROM kept")).toEqual([{ n: 0 }]);
    await second.close();
  }, 300_000);
});
