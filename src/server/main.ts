// npm start: the server on the embedded defaults, or on what the environment says (config.ts).
import { buildServer } from "./app";
import { configFromEnv } from "./config";

const config = configFromEnv();
const { app } = await buildServer({
  config,
  logger: { level: process.env.LOG_LEVEL ?? "info" },
});
await app.listen({ port: config.port, host: config.host });
app.log.info(`${config.databaseUrl ? "PostgreSQL" : `PGlite in ${config.dataDir}`}; mail ${config.smtpUrl ? "by SMTP" : `to ${config.dataDir}/outbox`}`);

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    app.log.info(`${signal}: closing`);
    void app.close().then(() => process.exit(0));
  });
}
