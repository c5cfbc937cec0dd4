import { buildApp, createServices, jobDefinitions } from './app.ts';
import { onShutdown, openRuntime } from './bootstrap.ts';
import { startJobs } from './infra/jobs.ts';
import { startAuditSealer } from './modules/shared/audit/index.ts';

/** `npm start`: database, migrations, seeds, job queue (with the worker unless RUN_WORKER=false), web + API. */
const runtime = await openRuntime({ prepareData: true });
const { config, logger, database } = runtime;
const services = createServices({ config, database, logger });
const jobs = await startJobs({
  url: runtime.databaseUrl,
  logger,
  definitions: jobDefinitions(services),
  work: config.runWorker,
});
services.queue.bind(jobs.boss);
if (config.runWorker) await services.system.heartbeat();
// Links audit entries into the hash chain (writers only insert them, without a lock).
const sealer = config.runWorker ? startAuditSealer({ audit: services.audit, logger }) : null;
const app = await buildApp({ config, database, logger }, services);

onShutdown(logger, async () => {
  await app.close();
  await sealer?.stop();
  await jobs.stop().catch(() => undefined);
  await runtime.close();
});

await app.listen({ port: config.port, host: config.host });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : config.port;
const local = `http://localhost:${port}`;
logger.info({ port }, 'Zabuni is listening');
process.stdout.write(
  [
    '',
    `  Zabuni is running (${config.env}${runtime.embedded ? ', embedded PostgreSQL' : ''}):`,
    `    Website        ${local}/`,
    `    Available jobs ${local}/jobs`,
    `    API docs       ${local}/api/docs`,
    `    OpenAPI        ${local}/api/openapi.json`,
    `    Health         ${local}/api/health`,
    ...(config.isProduction ? [] : [`    Dev mailbox    ${local}/dev/mailbox`]),
    '',
  ].join('\n') + '\n',
);
