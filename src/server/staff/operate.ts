// npm run staff's library: runs an operator command where the database is. On PGlite with a
// server running, through that server (operator-channel.ts); otherwise on a connection of its own
// (PGlite's folder, or PostgreSQL, which takes many processes), with the server's configuration:
// the same database, the same mail (outbox or SMTP), the same public address for the link.
import { openDatabase } from "../db/database";
import { loadHasher } from "../auth/secrets";
import type { Config } from "../platform/config";
import { migrate } from "../db/migrate";
import { loadServerForm } from "../form";
import { configuredMailer, mailDestination, senderOf } from "../platform/mail";
import { operatorCommandRefusal, runOperatorCommand, type OperatorAnswer, type OperatorCommand } from "./operator";
import { askServer } from "./operator-channel";

export async function operate(config: Config, command: OperatorCommand): Promise<OperatorAnswer> {
  const refusal = operatorCommandRefusal(command);
  if (refusal) return refusal;
  if (!config.databaseUrl) {
    const answer = await askServer(config.dataDir, command);
    if (answer) return answer;
  }
  const { institution } = loadServerForm().form;
  const db = await openDatabase(config);
  try {
    // The first admin may come before the server's first start: the tables are made here then.
    await migrate(db);
    const deps = { db, hash: await loadHasher(db), now: () => new Date(), sendMail: configuredMailer(config, institution), sender: senderOf(config, institution) };
    return await runOperatorCommand(deps, mailDestination(config), command);
  } finally {
    await db.close();
  }
}
