// Admins' definition versions: every published version with how many applications are on it,
// and what changed between any two, in words, classed and counted. Registered inside the staff
// session check (access.ts).
import type { FastifyInstance } from "fastify";
import type { JsonSchemaToTsProvider } from "@fastify/type-provider-json-schema-to-ts";
import { messageReply, versionChangeList, versionChangesParams, versionList } from "../../api-contract";
import { localToday } from "../../engine/runtime";
import { talliedKeys, touched, versionChanges } from "../../definitions/version-changes";
import type { ServerContext } from "../context";
import { answerTally, listedVersions } from "../data/definition-versions";
import { allow } from "./access";

const answers = <T>(ok: T) => ({ 200: ok, "4xx": messageReply, "5xx": messageReply }) as const;

export function versionRoutes(api: FastifyInstance, ctx: ServerContext): void {
  const routes = api.withTypeProvider<JsonSchemaToTsProvider>();
  const admin = { preHandler: allow("admin") };

  routes.get("/versions", {
    ...admin,
    schema: { summary: "Every published definition version, newest first, with the applications on it", tags: ["versions"], response: answers(versionList) },
  }, async () => ({
    current: ctx.version.hash,
    versions: (await listedVersions(ctx.db)).map((version) => ({ ...version, published_at: version.published_at.toISOString() })),
  }));

  routes.get("/versions/:from/changes/:to", {
    ...admin,
    schema: {
      summary: "What changes from one definition version to another, in words, each classed and with the applications it touches",
      tags: ["versions"], params: versionChangesParams, response: answers(versionChangeList),
    },
  }, async (request) => {
    const { from, to } = request.params;
    const [before, after] = await Promise.all([ctx.versions.named(from), ctx.versions.named(to)]);
    const labels = new Map((await listedVersions(ctx.db)).map((version) => [version.hash, version.label]));
    const changes = versionChanges(before, after, localToday(ctx.now()));
    const tally = await answerTally(ctx.db, talliedKeys(before));
    return {
      from: labels.get(from)!, to: labels.get(to)!,
      changes: changes.map((change) => ({
        class: change.class, text: change.text,
        ...(change.count ? touched(tally, change.count) : { in_progress: null, submitted: null }),
      })),
    };
  });
}
