import { type Config, ConfigError, loadConfig } from './config.ts';
import { connectDatabase, type Database } from './infra/database.ts';
import {
  DataDirectoryInUseError,
  startEmbeddedPostgres,
  type EmbeddedDatabase,
} from './infra/embedded-postgres.ts';
import { createLogger, type Logger } from './infra/logger.ts';
import { runMigrations } from './infra/migrate.ts';
import { seedDemoData } from './seed/demo.ts';
import { seedDemoTenders } from './seed/demo-tenders.ts';
import { seedDemoWebinars } from './seed/demo-webinars.ts';
import { seedDemoSuppliers } from './seed/demo-suppliers.ts';
import { seedDemoDirectories } from './seed/demo-directories.ts';
import { seedDemoProcurement } from './seed/demo-p2p.ts';
import { seedDemoOrders } from './seed/demo-orders.ts';
import { seedDemoPrequalifications } from './seed/demo-prequalifications.ts';
import { seedDemoContracts } from './seed/demo-contracts.ts';
import { seedDemoRisk } from './seed/demo-risk.ts';
import { seedDemoRfqs } from './seed/demo-rfqs.ts';
import { seedDemoTendering } from './seed/demo-tendering.ts';
import { seedDemoAuctions } from './seed/demo-auctions.ts';
import { seedDemoDisposals } from './seed/demo-disposals.ts';
import { seedDemoPrequalified } from './seed/demo-prequalified.ts';
import { seedDemoTenderAlerts } from './seed/demo-tender-alerts.ts';
import { seedReferenceData } from './seed/reference/seed-reference.ts';

export interface Runtime {
  config: Config;
  logger: Logger;
  database: Database;
  databaseUrl: string;
  embedded: EmbeddedDatabase | null;
  /** Closes in reverse order of opening; safe to call more than once. */
  close(): Promise<void>;
}

export function loadConfigOrExit(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}

/**
 * What every process needs before it serves or works: configuration, logger, the database (external, or the
 * embedded server), migrations applied. `prepareData` also seeds reference data and, where asked, demo data.
 */
export async function openRuntime(options: { prepareData: boolean }): Promise<Runtime> {
  const config = loadConfigOrExit();
  const logger = createLogger(config.logLevel, !config.isProduction && process.stdout.isTTY === true);
  let embedded: EmbeddedDatabase | null = null;
  if (!config.databaseUrl) {
    try {
      embedded = await startEmbeddedPostgres({ dataDir: config.dataDir, databaseName: 'zabuni', logger });
    } catch (error) {
      if (!(error instanceof DataDirectoryInUseError)) throw error;
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
  }
  const databaseUrl = config.databaseUrl ?? embedded!.url;
  const database = connectDatabase(databaseUrl, { max: config.dbPoolMax, logger });
  const close = async () => {
    await database.close().catch(() => undefined);
    await embedded?.stop().catch(() => undefined);
  };
  try {
    await runMigrations(database);
    if (options.prepareData) {
      await seedReferenceData(database.db);
      const demo = config.seedDemo === 'true' || (config.seedDemo === 'auto' && embedded !== null);
      if (demo && (await seedDemoData(database.db, { now: new Date() }))) {
        logger.info('demo buyers and available jobs seeded');
      }
      if (demo && (await seedDemoTenders(database.db, { now: new Date() }))) {
        logger.info('demo bulletin tenders and demo sign-ins (moderator, advertiser, buyer) seeded');
      }
      if (demo && (await seedDemoWebinars(database.db, { now: new Date() }))) {
        logger.info('demo webinars seeded');
      }
      if (demo && (await seedDemoSuppliers(database.db))) {
        logger.info('demo approved self-registered suppliers (the A–Z listing) seeded');
      }
      if (demo && (await seedDemoDirectories(database.db))) {
        logger.info('demo country supplier directories seeded');
      }
      if (demo && (await seedDemoProcurement(database.db, { now: new Date() }))) {
        logger.info('demo procure-to-pay set-up, budgets, workflows and requisitions seeded');
      }
      if (demo && (await seedDemoOrders({ config, database, logger }))) {
        logger.info('demo suppliers, purchase orders, receipts, invoices and payments seeded');
      }
      if (demo && (await seedDemoContracts({ config, database, logger }))) {
        logger.info('demo contracts in every state, two ending within 30 and 60 days, seeded');
      }
      if (demo && (await seedDemoRfqs({ config, database, logger }))) {
        logger.info('demo request for quotations, opened by its committee and awarded split, seeded');
      }
      if (demo && (await seedDemoTendering({ config, database, logger }))) {
        logger.info('demo tenders (one awarded in its standstill, one open for bids) seeded');
      }
      if (demo && (await seedDemoAuctions({ config, database, logger }))) {
        logger.info('demo eAuctions (one awarded, one tomorrow) and an asset for disposal seeded');
      }
      if (demo && (await seedDemoDisposals({ config, database, logger }))) {
        logger.info('demo assets for sale by public tender (one open for offers, one closed) seeded');
      }
      if (demo && (await seedDemoRisk({ config, database, logger }))) {
        logger.info(
          'demo risk register, heat map, continuity plans, outsourcing register and a scored supplier seeded',
        );
      }
      if (demo && (await seedDemoPrequalifications({ config, database, logger }))) {
        logger.info('demo supplier prequalification (one approved, one rejected) seeded');
      }
      if (demo && (await seedDemoPrequalified({ config, database, logger }))) {
        logger.info('demo paid prequalified-supplier list seeded');
      }
      if (demo && (await seedDemoTenderAlerts({ config, database, logger }))) {
        logger.info('demo tender-alert subscribers and their last two weekly digests seeded');
      }
    }
  } catch (error) {
    await close();
    throw error;
  }
  return { config, logger, database, databaseUrl, embedded, close };
}

/** Runs `stop` once on the first SIGINT/SIGTERM, then exits; a second signal exits at once. */
export function onShutdown(logger: Logger, stop: () => Promise<void>): void {
  let stopping = false;
  const handler = (signal: NodeJS.Signals) => {
    if (stopping) process.exit(1);
    stopping = true;
    logger.info({ signal }, 'shutting down');
    stop()
      .then(() => process.exit(0))
      .catch((error: unknown) => {
        logger.error({ err: error }, 'shutdown failed');
        process.exit(1);
      });
  };
  process.on('SIGINT', handler);
  process.on('SIGTERM', handler);
}
