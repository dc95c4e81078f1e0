// GET /staff/api/exports/{csv|labels|jsonl|zip}?<the list's filter>: admins download the export
// of the applications the list shows for that filter, streamed as it is written (export.ts).
// Every export goes into the audit log once its stream has ended: the format, the filter, the
// rows written, and whether it was complete (a download given up midway records the rows written
// into the stream by then, some of which may not have reached the browser).
import { PassThrough } from "node:stream";
import type { FastifyInstance, FastifyReply } from "fastify";
import type { JsonSchemaToTsProvider } from "@fastify/type-provider-json-schema-to-ts";
import { applicationFilter, exportParams, messageReply, refuse } from "../../api-contract";
import { EXPORT_DIRECT_LIMIT } from "../../api-contract/export-jobs";
import { exportCount } from "../data/export-rows";
import type { ServerContext } from "../context";
import { allow } from "../staff/access";
import { filterText, recordAudit, staffActor } from "../staff/audit";
import { attachment } from "../storage/keys";
import type { ListQuery } from "../data/office-list";
import { listFilter } from "../staff/list-filter";
import { ExportBrokenOff, exportFile, writeExport, type ExportFormat } from "./export";

/** The download's name: what it holds, the term when the filter names one, and the office's day (applications-FA26-2026-11-27.csv). */
export function exportFileName(format: ExportFormat, filter: ListQuery, now: Date, timeZone: string): string {
  const day = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(now);
  const term = filter.term?.replace(/[^A-Za-z0-9]/g, "");
  const what = format === "labels" ? "application-labels" : "applications";
  return `${[what, term, day].filter(Boolean).join("-")}.${exportFile[format].extension}`;
}

export function exportRoutes(api: FastifyInstance, ctx: ServerContext): void {
  const routes = api.withTypeProvider<JsonSchemaToTsProvider>();

  routes.get("/exports/:format", {
    preHandler: allow("admin"),
    schema: {
      summary: "Export the applications matching the list's filter (admins): a download, streamed", tags: ["staff exports"],
      params: exportParams, querystring: applicationFilter, response: { "4xx": messageReply },
    },
  }, async (request, reply) => {
    const { format } = request.params;
    const filter = listFilter(ctx, request.query, request.staff.role);
    // The browser starts a job past the limit (export-jobs.ts); a request made by hand is held to it too.
    if (format !== "labels") {
      const rows = await exportCount(ctx.db, filter, { submittedOnly: format === "zip" });
      if (rows > EXPORT_DIRECT_LIMIT) throw refuse(422, "exportTooLarge", rows, EXPORT_DIRECT_LIMIT);
    }
    const body = new PassThrough();
    writeExport(ctx, format, filter, body).then(
      ({ rows }) => ({ rows, complete: true }),
      (error: unknown) => {
        if (!body.destroyed) body.destroy(error as Error);
        const rows = error instanceof ExportBrokenOff ? error.rows : 0;
        request.log.warn({ err: error, format, rows }, "an export broke off");
        return { rows, complete: false };
      },
    ).then((outcome) => recordAudit(ctx.db, staffActor(request), {
      at: ctx.now(), action: "export", detail: { format, filter: filterText(request.query), ...outcome },
    })).catch((error: unknown) => request.log.error(error, "recording an export in the audit log failed"));
    // The answer is a stream, not the JSON the refusals' schema types the reply with.
    return (reply as FastifyReply)
      .header("Content-Type", exportFile[format].contentType)
      .header("Content-Disposition", attachment(exportFileName(format, request.query, ctx.now(), ctx.sender.timeZone)))
      .header("Cache-Control", "no-store")
      .send(body);
  });
}
