import { sql } from 'drizzle-orm';
import type { Executor } from '../../../infra/database.ts';
import { documentCounters } from '../../../schema/numbering.tables.ts';

/** The only SQL of the document counters. Takes the transaction of the document being numbered. */
export const numberingRepository = (db: Executor) => ({
  /** The next number: 1 for the first document of its organisation, type and year. */
  async take(organisationId: number, documentType: string, year: number): Promise<number> {
    const result = await db.execute<{ last_value: number }>(sql`
      INSERT INTO ${documentCounters} (organisation_id, document_type, year, last_value)
      VALUES (${organisationId}, ${documentType}, ${year}, 1)
      ON CONFLICT (organisation_id, document_type, year)
      DO UPDATE SET last_value = ${documentCounters}.last_value + 1
      RETURNING last_value`);
    return result.rows[0]!.last_value;
  },
});
