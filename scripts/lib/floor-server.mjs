// The floor of scripts/bench-server.ts and scripts/bench-release.ts: the least a server can do for
// PUT /api/answer and GET /api/status, a bare Fastify + pg process on the same PostgreSQL as ours.
// It authenticates the session cookie (by its HMAC, as ours stores it) and, in one statement each
// (named, as ours are, on a pool of the same size), merges the sent answers into the stored JSON
// as ours does, or reads the application's state and its released decision's letter. No engine,
// no validation beyond JSON, no checklist, no Markdown, no renewal of the session: a figure to
// measure ours against, never to run.
// Plain JavaScript, so that node runs it as it is (no loader in its CPU or RSS).
// Environment: DATABASE_URL, PORT, COOKIE (the session cookie's name).
import { createHmac } from "node:crypto";
import Fastify from "fastify";
import pg from "pg";

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 20 });
const { rows: [row] } = await pool.query("SELECT value FROM server_keys WHERE name = 'token_hmac'");
const key = Buffer.from(row.value, "base64");
const cookie = new RegExp(`(?:^|;\\s*)${process.env.COOKIE}=([^;]+)`);
const sessionOf = (request) => {
  const id = cookie.exec(request.headers.cookie ?? "")?.[1];
  return id && createHmac("sha256", key).update(id).digest("base64url");
};

const app = Fastify();
app.get("/health", async () => ({ message: "ok" }));
app.put("/api/answer", async (request, reply) => {
  const idHash = sessionOf(request);
  const { rows: [saved] } = idHash
    ? await pool.query({
        name: "save",
        text: `UPDATE applications a SET answers = a.answers || $2::jsonb, revision = a.revision + 1, updated_at = now()
               FROM sessions s WHERE s.id_hash = $1 AND s.last_seen_at > now() - interval '15 minutes' AND a.user_id = s.user_id
               RETURNING a.revision`,
        values: [idHash, JSON.stringify(request.body)],
      })
    : { rows: [] };
  if (!saved) return reply.code(401).send({ message: "Log in." });
  return { message: "Saved.", revision: saved.revision };
});
app.get("/api/status", async (request, reply) => {
  const idHash = sessionOf(request);
  const { rows: [status] } = idHash
    ? await pool.query({
        name: "status",
        text: `SELECT a.reference, a.submitted_at, a.review_status, a.request_state, d.code, d.letter, d.release_at, d.respond_by, d.response
               FROM sessions s JOIN applications a ON a.user_id = s.user_id
                 LEFT JOIN decisions d ON d.application_id = a.user_id AND d.release_at <= now()
               WHERE s.id_hash = $1 AND s.last_seen_at > now() - interval '15 minutes'`,
        values: [idHash],
      })
    : { rows: [] };
  if (!status) return reply.code(401).send({ message: "Log in." });
  return status;
});
await app.listen({ host: "127.0.0.1", port: Number(process.env.PORT) });
// Ends on SIGTERM as ours does (a profile, BENCH_CPU_PROF, is written at a normal exit only).
process.once("SIGTERM", () => void app.close().then(() => pool.end()).then(() => process.exit(0)));
