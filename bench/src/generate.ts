import { sql } from 'drizzle-orm';
import type { Db } from '../../apps/api/src/infra/database.ts';

/** The seed's claimed scale (SPEC §1, ARCHITECTURE §8). */
export const SCALE = { buyers: 3_400, suppliers: 300_000, jobs: 100_000 } as const;

/**
 * Fills an empty database at that scale with set-based SQL (generate_series): buyers and suppliers with
 * plausible names, and jobs spread over the 54 countries (Kenya heaviest) and ±180 days around now.
 * Returns false when the data is already there.
 */
export async function generateBenchData(db: Db): Promise<boolean> {
  const existing = await db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM sourcing_events`);
  if ((existing.rows[0]?.n ?? 0) >= SCALE.jobs) return false;

  await db.transaction(async (tx) => {
    await tx.execute(
      sql`TRUNCATE sourcing_event_categories, sourcing_events, organisations RESTART IDENTITY CASCADE`,
    );
    const nameParts = sql`
      ARRAY['Umoja','Harambee','Jamii','Taifa','Baraka','Nyota','Amani','Pamoja','Kijani','Simba','Tumaini','Mwangaza',
            'Pwani','Ziwa','Mlima','Savanna','Rift','Lakeside','Highland','Coastal','Sahel','Nile','Zambezi','Volta']`;
    const kinds = sql`
      ARRAY['Bank','Sacco','Water Company','Hospital','University','County Assembly','Insurance','Energy Ltd',
            'Logistics','Foundation','Cooperative','Authority','Mills','Telecom','Pension Fund','Relief Agency']`;
    await tx.execute(sql`
      INSERT INTO organisations (kind, name, website, country_iso2)
      SELECT 'buyer', p.parts[1 + (n % 24)] || ' ' || k.kinds[1 + ((n / 24) % 16)] || ' ' || n,
             'https://buyer' || n || '.example', CASE WHEN n % 3 = 0 THEN 'UG' ELSE 'KE' END
      FROM generate_series(1, ${SCALE.buyers}) AS n, (SELECT ${nameParts} AS parts) p, (SELECT ${kinds} AS kinds) k`);
    await tx.execute(sql`
      INSERT INTO organisations (kind, name, country_iso2)
      SELECT 'supplier', p.parts[1 + (n % 24)] || ' Supplies and General Contractors ' || n, 'KE'
      FROM generate_series(1, ${SCALE.suppliers}) AS n, (SELECT ${nameParts} AS parts) p`);
    await tx.execute(sql`
      WITH buyer_ids AS (SELECT array_agg(id ORDER BY id) AS ids FROM organisations WHERE kind = 'buyer'),
           country_ids AS (SELECT array_agg(id ORDER BY iso2) AS ids, (SELECT id FROM countries WHERE iso2 = 'KE') AS kenya FROM countries),
           category_names AS (SELECT array_agg(name ORDER BY id) AS names FROM categories)
      INSERT INTO sourcing_events (buyer_id, title, job_type, country_id, closing_at, instructions, advert)
      SELECT b.ids[1 + (hashint % array_length(b.ids, 1))],
             (ARRAY['Tender for ', 'Request for Quotation: ', 'Prequalification of Suppliers: '])[1 + n % 3]
               || c.names[1 + (hashint % array_length(c.names, 1))],
             (ARRAY['Tender', 'Request For Quotation', 'Supplier Prequalification'])[1 + n % 3]::job_type,
             CASE WHEN n % 2 = 0 THEN k.kenya ELSE k.ids[1 + (hashint % 54)] END,
             now() + make_interval(mins => (hashint % 518400) - 259200),
             CASE WHEN n % 5 < 3 THEN 'Bids must be submitted through the portal before the closing date.' END,
             'Eligible firms are invited to submit sealed bids for ' || lower(c.names[1 + ((hashint / 7) % array_length(c.names, 1))])
               || '. Bid documents are available on the portal.'
      FROM (SELECT n, abs(hashint4(n)) AS hashint FROM generate_series(1, ${SCALE.jobs}) AS n) s,
           buyer_ids b, country_ids k, category_names c`);
    await tx.execute(sql`
      INSERT INTO sourcing_event_categories (event_id, category_id)
      SELECT DISTINCT e.id, cat.ids[1 + abs(hashint4(e.id * 3 + g)) % array_length(cat.ids, 1)]
      FROM sourcing_events e, generate_series(0, 1) AS g, (SELECT array_agg(id) AS ids FROM categories) cat`);
  });
  // As autovacuum would in production: statistics, and the visibility map that lets counts use index-only scans.
  await db.execute(sql`VACUUM ANALYZE`);
  return true;
}
