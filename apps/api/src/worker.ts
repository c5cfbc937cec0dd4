import { createServices, jobDefinitions } from './app.ts';
import { onShutdown, openRuntime } from './bootstrap.ts';
import { startJobs } from './infra/jobs.ts';
import { startAuditSealer } from './modules/shared/audit/index.ts';

/** `npm run worker`: takes background jobs only. Run API processes with RUN_WORKER=false beside it. */
const runtime = await openRuntime({ prepareData: false });
const services = createServices({
  config: runtime.config,
  database: runtime.database,
  logger: runtime.logger,
});
const jobs = await startJobs({
  url: runtime.databaseUrl,
  logger: runtime.logger,
  definitions: jobDefinitions(services),
  work: true,
});
services.queue.bind(jobs.boss);
await services.system.heartbeat();
// Links audit entries into the hash chain (writers only insert them, without a lock).
const sealer = startAuditSealer({ audit: services.audit, logger: runtime.logger });
onShutdown(runtime.logger, async () => {
  await sealer.stop();
  await jobs.stop();
  await runtime.close();
});
