// Nothing a request needs lives in one server's memory: two servers on one PostgreSQL database
// (each with its own connection pool, as two processes would have) share sessions, answers and limits.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openPostgres } from "../../src/server/db/database";
import { messages } from "../../src/server/messages";
import { Client, codeFor, freshPostgresUrl, json, PASSWORD, startTestServer, type TestServer } from "./harness";

describe("two servers on one PostgreSQL", () => {
  let first: TestServer;
  let second: TestServer;
  beforeAll(async () => {
    const url = await freshPostgresUrl();
    first = await startTestServer("postgres", {}, openPostgres(url, 5));
    second = await startTestServer("postgres", {}, openPostgres(url, 5));
  });
  afterAll(async () => {
    await first.app.close();
    await second.app.close();
  });

  /** One browser whose requests a load balancer spreads over both servers. */
  const across = () => {
    const onFirst = new Client(first);
    const onSecond = new Client(second);
    onSecond.cookies = onFirst.cookies;
    return [onFirst, onSecond] as const;
  };

  it("signs up on one, confirms, logs in and saves on the other, and reads it back on the first", async () => {
    const username = "spread@example.com";
    const [a, b] = across();
    await a.post("/public/signup", { username, password: PASSWORD });
    expect((await b.post("/public/confirm", { username, code: codeFor(first, username) })).statusCode).toBe(200);
    expect((await b.post("/public/login", { username, password: PASSWORD })).statusCode).toBe(200);
    expect((await a.put("/api/answer", { first_name: "Ana" })).statusCode).toBe(200);
    expect((await b.put("/api/answer", { last_name: "Silva" })).statusCode).toBe(200);
    expect(json(await a.get("/api/profile")).answer).toEqual({ first_name: "Ana", last_name: "Silva" });
    const session = a.cookies.get("apply_session")!;
    await b.get("/api/logout");
    const replay = new Client(first);
    replay.cookies.set("apply_session", session);
    expect(json(await replay.get("/api/profile")).message).toBe(messages.sessionInvalid);
  });

  it("counts failed logins across both", async () => {
    const username = "counted@example.com";
    const [a, b] = across();
    for (let i = 0; i < 5; i++) await (i % 2 ? a : b).post("/public/login", { username, password: "Wrong-Password-1" });
    expect((await a.post("/public/login", { username, password: PASSWORD })).statusCode).toBe(429);
    expect((await b.post("/public/login", { username, password: PASSWORD })).statusCode).toBe(429);
  });
});
