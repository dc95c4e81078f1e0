// GET /api/pdf (spec: accounts-and-shell §7): the applicant's PDF copy — started on the first
// request for this version of the answers, then its status, and a download link once made.
import type { FastifyInstance } from "fastify";
import type { JsonSchemaToTsProvider } from "@fastify/type-provider-json-schema-to-ts";
import type { ServerContext } from "../context";
import { messageReply, pdfCopy } from "../../api-contract";
import { applicationVersion, pdfCopyOf, startPdfCopy } from "../data/pdf-copies";
import type { CopyJob } from "../pdf-copy";

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
        200: pdfCopy,
        "4xx": messageReply,
      },
    },
  }, async (request) => {
    const { userId } = request.application;
    const version = await applicationVersion(db, userId);
    const copy = await pdfCopyOf(db, userId);
    const current = copy && copy.madeFrom.getTime() === version.getTime();
    const retry = copy?.status === "FAILED" && now().getTime() - copy.updatedAt.getTime() >= RETRY_FAILED_MS;
    if (current && !retry) {
      const url = copy.status === "COMPLETED" && copy.pdfKey
        ? await storage.downloadUrl(copy.pdfKey, { fileName: "application.pdf", expiresInSeconds: LINK_SECONDS })
        : null;
      return { status: copy.status, url, message: copy.message };
    }
    // Once per version: of two requests racing here, one starts the job.
    if (await startPdfCopy(db, userId, version, now())) {
      if (copy?.pdfKey) await storage.remove(copy.pdfKey);
      await jobs.send("pdf-copy", { userId } satisfies CopyJob);
    }
    return { status: "UNPROCESSED" as const, url: null, message: null };
  });
}
