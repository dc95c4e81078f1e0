// GET /api/pdf (spec: accounts-and-shell §7): the applicant's PDF copy — started on the first
// request for this version of the answers, then its status, and a download link once made.
import type { FastifyInstance } from "fastify";
import type { JsonSchemaToTsProvider } from "@fastify/type-provider-json-schema-to-ts";
import type { ServerContext } from "../context";
import { messageReply } from "../../api-contract/reply";
import type { CopyJob, CopyStatus } from "../pdf-copy";

/** A download link lasts this long; the browser asks again every 10 minutes (spec §9). */
const LINK_SECONDS = 15 * 60;
/** A copy that failed is tried again on a request this long after. */
const RETRY_FAILED_MS = 60_000;

export function pdfCopyRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const { db, now, storage, jobs } = ctx;
  const routes = app.withTypeProvider<JsonSchemaToTsProvider>();

  routes.get("/api/pdf", {
    schema: {
      summary: "The PDF copy of the application: started once per version of the answers; a download URL when COMPLETED",
      response: {
        200: {
          type: "object",
          properties: {
            status: { enum: ["UNPROCESSED", "IN_PROGRESS", "COMPLETED", "FAILED"] },
            url: { type: ["string", "null"] },
            message: { type: ["string", "null"] },
          },
          required: ["status", "url", "message"],
        },
        "4xx": messageReply,
      },
    },
  }, async (request) => {
    const { userId } = request.application;
    const [application] = await db.query<{ updatedAt: Date }>(`SELECT updated_at AS "updatedAt" FROM applications WHERE user_id = $1`, [userId]);
    const version = application!.updatedAt;
    const [copy] = await db.query<{ status: CopyStatus; pdfKey: string | null; message: string | null; madeFrom: Date; updatedAt: Date }>(
      `SELECT status, pdf_key AS "pdfKey", message, made_from AS "madeFrom", updated_at AS "updatedAt" FROM pdf_copies WHERE user_id = $1`, [userId]);
    const current = copy && copy.madeFrom.getTime() === version.getTime();
    const retry = copy?.status === "FAILED" && now().getTime() - copy.updatedAt.getTime() >= RETRY_FAILED_MS;
    if (current && !retry) {
      const url = copy.status === "COMPLETED" && copy.pdfKey
        ? await storage.downloadUrl(copy.pdfKey, { fileName: "application.pdf", expiresInSeconds: LINK_SECONDS })
        : null;
      return { status: copy.status, url, message: copy.message };
    }
    // Once per version: of two requests racing here, one starts the job.
    const started = await db.query(
      `INSERT INTO pdf_copies (user_id, status, made_from, updated_at) VALUES ($1, 'UNPROCESSED', $2, $3)
       ON CONFLICT (user_id) DO UPDATE SET status = 'UNPROCESSED', pdf_key = NULL, message = NULL, made_from = $2, updated_at = $3
       WHERE pdf_copies.made_from <> $2 OR pdf_copies.status = 'FAILED'
       RETURNING 1`,
      [userId, version, now()],
    );
    if (started.length > 0) {
      if (copy?.pdfKey) await storage.remove(copy.pdfKey);
      await jobs.send("pdf-copy", { userId } satisfies CopyJob);
    }
    return { status: "UNPROCESSED" as const, url: null, message: null };
  });
}
