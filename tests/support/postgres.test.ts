import pg from "pg";
import { afterAll, beforeAll, expect, inject, test } from "vitest";

const client = new pg.Client({ connectionString: inject("databaseUrl") });
beforeAll(() => client.connect());
afterAll(() => client.end());

test("the test database answers queries", async () => {
  const version = await client.query<{ version: string }>("select version()");
  expect(version.rows[0]?.version).toMatch(/^PostgreSQL \d+/);

  await client.query("create temp table probe (id int primary key, name text not null)");
  await client.query("insert into probe values ($1, $2)", [1, "Zoë"]);
  const rows = await client.query("select id, name from probe");
  expect(rows.rows).toEqual([{ id: 1, name: "Zoë" }]);
});

test("the test database syncs to disk like production", async () => {
  const fsync = await client.query<{ fsync: string }>("show fsync");
  expect(fsync.rows[0]?.fsync).toBe("on");
});
