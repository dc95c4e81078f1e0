// The office's dashboard (GET /staff/api/dashboard, any staff role): applications started and
// submitted today, this week and this cycle, submissions per day beside last cycle's, and this
// cycle's applications split by plan, term, review status and citizenship. Counts only: no
// answer, name or address leaves, so nothing goes into the audit log.
import type { FastifyInstance } from "fastify";
import type { JsonSchemaToTsProvider } from "@fastify/type-provider-json-schema-to-ts";
import { dashboard, messageReply, refuse } from "../../api-contract";
import type { ServerContext } from "../context";
import { dashboardOf } from "../data/dashboard";

export function officeDashboardRoutes(api: FastifyInstance, ctx: ServerContext): void {
  api.withTypeProvider<JsonSchemaToTsProvider>().get("/dashboard", {
    schema: {
      summary: "The office's numbers at a glance, in days of its time zone, from the cycle's opening day", tags: ["staff applications"],
      response: { 200: dashboard, "4xx": messageReply },
    },
  }, async () => {
    const cycle = ctx.form.form.institution.cycle;
    if (!cycle) throw refuse(409, "noCycle");
    return dashboardOf(ctx.db, { now: ctx.now(), timeZone: ctx.sender.timeZone, opens: cycle.opens });
  });
}
