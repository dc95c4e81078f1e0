// Admins' export jobs: an export of the list's filter too large to download at once (docs/office.md:
// the office's exports) is queued here, worked by the job worker (jobs.ts), listed with its
// progress, and downloaded for 24 hours through a link valid 5 minutes. Every admin sees every
// job: the applications are the office's data, not the admin's. Starting one and downloading its
// file go into the audit log with the format and the filter, as a direct export's (exports/routes.ts).
import { randomUUID } from "node:crypto";
import type { FastifyInstance } from "fastify";
import type { JsonSchemaToTsProvider } from "@fastify/type-provider-json-schema-to-ts";
import { exportJob, exportJobBody, exportJobList, exportJobParams, messageReply, refuse } from "../../api-contract";
import type { ServerContext } from "../context";
import { exportJobOf, exportJobsOf, queueExportJob, type ExportJobRow } from "../data/export-jobs";
import { exportCount } from "../data/export-rows";
import type { ExportJob } from "./jobs";
import { exportFileName } from "./routes";
import { LINK_SECONDS } from "../storage/types";
import { allow } from "../staff/access";
import { filterText, recordAudit, staffActor } from "../staff/audit";
import { listFilter } from "../staff/list-filter";

/** The page shows the latest; older ones expire within the day anyway. */
const LISTED = 50;

const tags = ["staff exports"];

export function exportJobRoutes(api: FastifyInstance, ctx: ServerContext): void {
  const { db } = ctx;
  const routes = api.withTypeProvider<JsonSchemaToTsProvider>();
  const admin = { preHandler: allow("admin") };

  routes.post("/export-jobs", {
    ...admin,
    schema: {
      summary: "Start an export of the applications matching the list's filter, as a job; its file is kept 24 hours", tags,
      body: exportJobBody, response: { 202: exportJob, "4xx": messageReply },
    },
  }, async (request, reply) => {
    const { format, filter } = request.body;
    const id = randomUUID();
    const at = ctx.now();
    // How many it will hold as things stand, for the audit log (the job counts again when it runs); a zip holds the submitted only.
    const total = await exportCount(db, listFilter(ctx, filter, request.staff.role), { submittedOnly: format === "zip" });
    await queueExportJob(db, { id, staffId: request.staff.id, format, filter }, at);
    await recordAudit(db, staffActor(request), {
      at, action: "export",
      detail: { format, filter: filterText(filter), rows: total, job: id },
    });
    await ctx.jobs.send("export", { id } satisfies ExportJob);
    return reply.status(202).send(jobReply((await exportJobOf(db, id))!));
  });

  routes.get("/export-jobs", {
    ...admin,
    schema: { summary: "Every admin's export jobs of the last day, newest first, with their progress", tags, response: { 200: exportJobList, "4xx": messageReply } },
  }, async () => ({ jobs: (await exportJobsOf(db, ctx.now(), LISTED)).map(jobReply) }));

  routes.get("/export-jobs/:id/download", {
    ...admin,
    schema: {
      summary: "303 to a finished export's file (a link valid 5 minutes), for 24 hours after it was made; 410 after", tags,
      params: exportJobParams, response: { 303: { type: "null" }, "4xx": messageReply },
    },
  }, async (request, reply) => {
    const job = await exportJobOf(db, request.params.id);
    if (!job) throw refuse(404, "exportNotFound");
    if (job.expires_at && job.expires_at <= ctx.now()) throw refuse(410, "exportExpired");
    if (job.status === "failed") throw refuse(409, "exportFailed");
    if (job.status !== "done" || !job.storage_key) throw refuse(409, "exportNotReady");
    const fileName = exportFileName(job.format, job.filter, job.finished_at ?? job.created_at, ctx.sender.timeZone);
    const url = await ctx.storage.downloadUrl(job.storage_key, { fileName, expiresInSeconds: LINK_SECONDS });
    await recordAudit(db, staffActor(request), {
      at: ctx.now(), action: "download export",
      detail: { format: job.format, filter: filterText(job.filter), rows: job.rows_done, job: job.id },
    });
    return reply.redirect(url, 303);
  });
}

const jobReply = ({ storage_key: _, error, created_at, finished_at, expires_at, filter, ...job }: ExportJobRow) => ({
  ...job,
  filter: filter as Record<string, unknown>,
  message: job.status === "failed" ? error : null,
  created_at: created_at.toISOString(),
  finished_at: finished_at?.toISOString() ?? null,
  expires_at: expires_at?.toISOString() ?? null,
});

