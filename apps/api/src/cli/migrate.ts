import { openRuntime } from '../bootstrap.ts';

/** `npm run db:migrate`: applies pending migrations and refreshes reference data, then exits. */
const runtime = await openRuntime({ prepareData: true });
runtime.logger.info('database migrated and reference data up to date');
await runtime.close();
