import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type { Database } from './database.ts';
import { MIGRATIONS_DIR } from './paths.ts';

const MIGRATION_LOCK = 7_231_001;

/**
 * Applies pending migrations. Several API processes may start at once against one database: an advisory
 * lock makes the others wait until the first has finished.
 */
export async function runMigrations(database: Database): Promise<void> {
  const client = await database.pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    try {
      await migrate(database.db, { migrationsFolder: MIGRATIONS_DIR });
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]);
    }
  } finally {
    client.release();
  }
}
