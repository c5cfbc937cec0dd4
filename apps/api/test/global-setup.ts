import type { TestProject } from 'vitest/node';
import { pino } from 'pino';
import { connectDatabase } from '../src/infra/database.ts';
import { runMigrations } from '../src/infra/migrate.ts';
import { seedReferenceData } from '../src/seed/reference/seed-reference.ts';
import { databaseUrl, startTestPostgres, uniqueName, withAdmin } from './test-postgres.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgAdminUrl: string;
    pgTemplate: string;
  }
}

/**
 * One PostgreSQL server for the run and one template database, migrated and holding reference data.
 * Each test file clones the template (CREATE DATABASE … TEMPLATE), so files never see each other's rows.
 */
export default async function setup({ provide }: TestProject) {
  const server = await startTestPostgres();
  const template = uniqueName('zabuni_template');
  await withAdmin(server.adminUrl, (client) => client.query(`CREATE DATABASE ${template}`));
  const database = connectDatabase(databaseUrl(server.adminUrl, template), {
    max: 2,
    logger: pino({ level: 'silent' }),
  });
  await runMigrations(database);
  await seedReferenceData(database.db);
  await database.close();
  provide('pgAdminUrl', server.adminUrl);
  provide('pgTemplate', template);
  return async () => {
    await withAdmin(server.adminUrl, (client) =>
      client.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`),
    );
    await server.stop();
  };
}
