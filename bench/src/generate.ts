import { asc, count, getTableColumns, sql } from 'drizzle-orm';
import type { Db } from '../../apps/api/src/infra/database.ts';
import { users } from '../../apps/api/src/schema/authentication.tables.ts';
import { categories, countries } from '../../apps/api/src/schema/core.tables.ts';
import { memberships, organisations } from '../../apps/api/src/schema/organisations.tables.ts';
import { tenders } from '../../apps/api/src/schema/tenders.tables.ts';
import {
  abbreviation,
  advertiserName,
  BUSY_COUNTRIES,
  companyName,
  contactPhone,
  JOB_TYPE_WEIGHTS,
  personName,
  pick,
  pickWeighted,
  type Random,
  SECTOR_WEIGHTS,
  seededRandom,
  shuffled,
  skewedIndex,
  tenderContent,
  tenderTitle,
} from './tender-text.ts';

/** The seed's claimed scale (SPEC §1, ARCHITECTURE §8). */
export const SCALE = {
  buyers: 3_400,
  suppliers: 300_000,
  jobs: 100_000,
  tenders: 100_000,
  advertisers: 800,
} as const;

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

const DAY = 86_400_000;
const HOUR = 3_600_000;
/** The closing day as the publish form takes it: DD-MM-YYYY, Nairobi time. */
const rawDate = new Intl.DateTimeFormat('en-GB', { timeZone: 'Africa/Nairobi' });
/** Bench advertisers (organisations and users) carry this domain, so a regeneration finds and reuses them. */
const ADVERTISER_DOMAIN = 'advertiser.bench.example';

type TenderInsert = typeof tenders.$inferInsert;

/**
 * One multi-row INSERT per batch with the rows as a single JSON parameter (json_populate_recordset):
 * no 65,535 bind-parameter limit, and far less work on both sides than thousands of parameters.
 */
async function insertTenders(db: Db, rows: TenderInsert[]) {
  const columns = getTableColumns(tenders);
  const keys = [...new Set(rows.flatMap((row) => Object.keys(row)))] as Array<keyof TenderInsert>;
  const names = keys.map((key) => columns[key].name);
  const records = rows.map((row) => Object.fromEntries(keys.map((key, k) => [names[k], row[key] ?? null])));
  const list = sql.raw(names.map((name) => `"${name}"`).join(', '));
  await db.execute(
    sql`INSERT INTO tenders (${list}) SELECT ${list} FROM json_populate_recordset(NULL::tenders, ${JSON.stringify(records)}::json)`,
  );
}

/**
 * The public bulletin at seed scale: SCALE.tenders tenders, about 45% in Kenya and the rest over the
 * continent (a few busy countries, a long tail), two thirds closing within 60 days and one third closed
 * within the past year. About 70% are posted by the operator's editors (no advertiser, published at once),
 * 25% by SCALE.advertisers advertiser organisations (approved and paid) and 5% are not public yet (under
 * review, unpaid or rejected). Rows are built here (seeded: every generation has the same mix, dated
 * around its own now) and sent in multi-row INSERTs. Adds nothing when the tenders are already there;
 * the jobs data and existing bench advertisers are reused as they are.
 */
export async function generateBenchTenders(db: Db): Promise<boolean> {
  const [existing] = await db.select({ n: count() }).from(tenders);
  if ((existing?.n ?? 0) >= SCALE.tenders) return false;

  const random = seededRandom(2_026);
  const now = new Date();
  const countryRows = await db
    .select({ id: countries.id, iso2: countries.iso2, name: countries.name, currency: countries.currency })
    .from(countries)
    .orderBy(asc(countries.id));
  const kenya = countryRows.find((c) => c.iso2 === 'KE')!;
  const busy = BUSY_COUNTRIES.map((iso2) => countryRows.find((c) => c.iso2 === iso2)!);
  const otherCountries = [
    ...busy,
    ...shuffled(
      random,
      countryRows.filter((c) => c !== kenya && !busy.includes(c)),
    ),
  ];
  // Popularity of categories: a seeded order, so that the popular ones are spread over the groups.
  const categoryRows = shuffled(
    random,
    await db
      .select({ id: categories.id, name: categories.name })
      .from(categories)
      .orderBy(asc(categories.id)),
  );

  const advertisers = await ensureAdvertisers(db, random);
  await db.execute(sql`TRUNCATE tender_attachments, tenders RESTART IDENTITY CASCADE`);
  // Most of the cost is PostgreSQL computing the generated search_vector (to_tsvector over the text),
  // one core per backend: two batches in flight use both cores of a small machine. A run interrupted
  // half-way leaves fewer than SCALE.tenders rows, so the next run starts the tenders over.
  const inFlight = new Set<Promise<void>>();
  let batch: TenderInsert[] = [];
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const between = (r: Random, from: number, to: number) => new Date(from + r() * (to - from));
  for (let i = 1; i <= SCALE.tenders; i++) {
    const origin = pickWeighted(random, [
      ['operator', 70],
      ['advertiser', 25],
      ['unpublished', 5],
    ] as const);
    const advertiser =
      origin === 'operator' ? null : advertisers[skewedIndex(random, advertisers.length, 1.8)]!;
    const sector = advertiser ? advertiser.sector : pickWeighted(random, SECTOR_WEIGHTS);
    const country =
      random() < 0.45 ? kenya : otherCountries[skewedIndex(random, otherCountries.length, 1.6)]!;
    const category = random() < 0.04 ? null : categoryRows[skewedIndex(random, categoryRows.length, 1.6)]!;
    const jobType = pickWeighted(random, JOB_TYPE_WEIGHTS);
    // Closing at a round hour of the Nairobi working day (UTC+3).
    const open = random() < 2 / 3;
    const days = open ? Math.floor(random() * 61) : -1 - Math.floor(random() * 365);
    let closingAt = new Date(
      today +
        days * DAY +
        (pick(random, [10, 11, 12, 14, 15]) - 3) * HOUR +
        pick(random, [0, 0, 30]) * 60_000,
    );
    if (open && closingAt <= now) closingAt = new Date(closingAt.getTime() + DAY);
    const company = advertiser ? advertiser.name : companyName(random, sector, country);
    const title = tenderTitle(random, {
      jobType,
      categoryName: category?.name ?? null,
      country,
      closingAt,
    });
    const fy = closingAt.getUTCMonth() >= 6 ? closingAt.getUTCFullYear() : closingAt.getUTCFullYear() - 1;
    const tenderNumber = `${abbreviation(company) || 'PROC'}/${jobType === 'Tender' ? 'T' : jobType === 'Request For Quotation' ? 'RFQ' : 'PQ'}/${String(1 + Math.floor(random() * 400)).padStart(3, '0')}/${fy}-${fy + 1}`;
    const content = tenderContent(random, { title, company, country, closingAt, reference: tenderNumber });

    const row: TenderInsert = {
      title,
      content,
      company,
      countryId: country.id,
      sector,
      categoryId: category?.id ?? null,
      jobType,
      closingAt,
    };
    if (origin === 'operator') {
      const publishedAt = open
        ? between(random, now.getTime() - 30 * DAY, now.getTime())
        : between(random, closingAt.getTime() - 45 * DAY, closingAt.getTime() - 14 * DAY);
      Object.assign(row, {
        review: 'published',
        publishedAt,
        createdAt: publishedAt,
        updatedAt: publishedAt,
      } satisfies Partial<TenderInsert>);
    } else {
      const a = advertiser!;
      const { review, paymentState } =
        origin === 'advertiser'
          ? { review: 'published' as const, paymentState: 'paid' as const }
          : pickWeighted(random, [
              [{ review: 'under_review' as const, paymentState: 'paid' as const }, 30],
              [{ review: 'under_review' as const, paymentState: 'pending' as const }, 30],
              [{ review: 'published' as const, paymentState: 'pending' as const }, 15],
              [{ review: 'published' as const, paymentState: 'failed' as const }, 8],
              [{ review: 'published' as const, paymentState: 'processing' as const }, 7],
              [{ review: 'rejected' as const, paymentState: 'paid' as const }, 10],
            ]);
      const publishedAt =
        origin === 'unpublished'
          ? null
          : open
            ? between(random, now.getTime() - 30 * DAY, now.getTime())
            : between(random, closingAt.getTime() - 45 * DAY, closingAt.getTime() - 14 * DAY);
      const createdAt = publishedAt
        ? new Date(publishedAt.getTime() - (2 + random() * 70) * HOUR)
        : between(random, now.getTime() - 10 * DAY, now.getTime());
      const reviewedAt =
        review === 'under_review' ? null : (publishedAt ?? new Date(createdAt.getTime() + 20 * HOUR));
      Object.assign(row, {
        rawClosingDate: rawDate.format(closingAt).replace(/\//g, '-'),
        publishedBy: a.userId,
        createdBy: a.userId,
        advertiserId: a.organisationId,
        review,
        rejectionReason:
          review === 'rejected'
            ? pick(random, [
                'The tender document is not attached.',
                'The closing date does not match the advert.',
                'The notice duplicates a tender already on the bulletin.',
              ])
            : null,
        reviewedAt,
        publishedAt,
        code: `${i.toString(36)}${Math.floor(random() * 2 ** 32).toString(16)}${Math.floor(random() * 2 ** 32).toString(16)}`,
        reference: `ZT${String(i).padStart(6, '0')}`,
        paymentState,
        amountMinor: 250_000,
        currency: 'KES',
        contactFirstName: a.person.firstName,
        contactLastName: a.person.lastName,
        contactEmail: a.email,
        contactPhone: a.phone,
        createdAt,
        updatedAt: reviewedAt ?? createdAt,
      } satisfies Partial<TenderInsert>);
    }
    if (row.review === 'published' && row.publishedAt && random() < 0.01) {
      row.cancelledAt = new Date(
        Math.min(now.getTime(), row.publishedAt.getTime() + (1 + random() * 5) * DAY),
      );
    }
    batch.push(row);
    if (batch.length === 2_500 || i === SCALE.tenders) {
      const insert: Promise<void> = insertTenders(db, batch).finally(() => inFlight.delete(insert));
      inFlight.add(insert);
      batch = [];
      if (inFlight.size >= 2) await Promise.race(inFlight);
    }
  }
  await Promise.all(inFlight);
  await db.execute(sql`VACUUM ANALYZE tenders, organisations, users, memberships`);
  return true;
}

/**
 * SCALE.advertisers advertiser organisations, each with one user holding the advertiser role. Reuses
 * those already in the database (found by their bench e-mail domain) and adds only the missing ones.
 */
async function ensureAdvertisers(db: Db, random: Random) {
  const seeds = Array.from({ length: SCALE.advertisers }, (_, i) => {
    const sector = pickWeighted(random, [
      ['Private', 60],
      ['Sacco', 15],
      ['NGO', 15],
      ['Parastatal', 10],
    ] as const);
    const person = personName(random);
    return {
      sector,
      person,
      phone: contactPhone(random),
      name: advertiserName(random, sector),
      email: `procurement${i + 1}@${ADVERTISER_DOMAIN}`,
      website: `https://advertiser${i + 1}.${ADVERTISER_DOMAIN}`,
    };
  });
  return db.transaction(async (tx) => {
    const ours = sql`${organisations.kind} = 'advertiser' AND ${organisations.website} LIKE ${`%.${ADVERTISER_DOMAIN}`}`;
    const present = new Set(
      (await tx.select({ website: organisations.website }).from(organisations).where(ours)).map(
        (o) => o.website,
      ),
    );
    const missing = seeds.filter((a) => !present.has(a.website));
    if (missing.length > 0) {
      await tx.insert(organisations).values(
        missing.map((a) => ({
          kind: 'advertiser' as const,
          name: a.name,
          website: a.website,
          countryIso2: 'KE',
          email: a.email,
          phone: a.phone,
          contactPerson: `${a.person.firstName} ${a.person.lastName}`,
        })),
      );
    }
    await tx
      .insert(users)
      .values(
        seeds.map((a, i) => ({
          email: a.email,
          username: `bench-advertiser-${i + 1}`,
          firstName: a.person.firstName,
          lastName: a.person.lastName,
          phone: a.phone,
          // Not a hash: nobody signs in as a bench advertiser.
          passwordHash: '!bench',
          isActive: true,
        })),
      )
      .onConflictDoNothing();
    const orgByWebsite = new Map(
      (
        await tx
          .select({ id: organisations.id, website: organisations.website })
          .from(organisations)
          .where(ours)
      ).map((o) => [o.website, o.id]),
    );
    const userByEmail = new Map(
      (
        await tx
          .select({ id: users.id, email: users.email })
          .from(users)
          .where(sql`${users.email} LIKE ${`%@${ADVERTISER_DOMAIN}`}`)
      ).map((u) => [u.email, u.id]),
    );
    const advertisers = seeds.map((a) => ({
      ...a,
      organisationId: orgByWebsite.get(a.website)!,
      userId: userByEmail.get(a.email)!,
    }));
    await tx
      .insert(memberships)
      .values(
        advertisers.map((a) => ({ userId: a.userId, organisationId: a.organisationId, role: 'advertiser' })),
      )
      .onConflictDoNothing();
    return advertisers;
  });
}

/** Bench suppliers' registering users carry this domain, so a regeneration finds and replaces them. */
const SUPPLIER_DOMAIN = 'supplier.bench.example';

/**
 * Issue 18: every bench supplier organisation becomes an approved self-registered supplier (what the public
 * A–Z listing shows): one registering user each (who cannot sign in) and an approved registration, half of
 * them in Kenya and the rest over the 54 countries, with one to three categories and a city. Set-based, in
 * one transaction; adds nothing when the registrations are there.
 */
export async function generateBenchSupplierRegistrations(db: Db): Promise<boolean> {
  const existing = await db.execute<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM supplier_registrations WHERE status = 'approved'`,
  );
  if ((existing.rows[0]?.n ?? 0) >= SCALE.suppliers) return false;
  await db.transaction(async (tx) => {
    const domain = `%@${SUPPLIER_DOMAIN}`;
    await tx.execute(sql`DELETE FROM supplier_registrations WHERE email LIKE ${domain}`);
    await tx.execute(sql`DELETE FROM users WHERE email LIKE ${domain}`);
    await tx.execute(sql`
      INSERT INTO users (email, username, first_name, last_name, password_hash, is_active)
      SELECT 'supplier' || o.id || '@' || ${SUPPLIER_DOMAIN}, 'bench-supplier-' || o.id, 'Bench', 'Supplier ' || o.id,
             '!bench-no-sign-in', false
      FROM organisations o WHERE o.kind = 'supplier'`);
    await tx.execute(sql`
      WITH country_ids AS (SELECT array_agg(id ORDER BY iso2) AS ids, (SELECT id FROM countries WHERE iso2 = 'KE') AS kenya FROM countries),
           category_ids AS (SELECT array_agg(id ORDER BY id) AS ids FROM categories)
      INSERT INTO supplier_registrations (status, company_name, tax_pin, pin_check, pin_name, email, phone, first_name,
        last_name, country_id, city, user_id, category_ids, terms_version, consented_at, supplier_id, decided_at)
      SELECT 'approved', o.name, 'P' || lpad(o.id::text, 9, '0') || 'X', 'verified', upper(o.name), u.email,
             '+2547' || lpad((o.id % 100000000)::text, 8, '0'), 'Bench', 'Supplier ' || o.id,
             CASE WHEN h % 2 = 0 THEN k.kenya ELSE k.ids[1 + (h / 2) % array_length(k.ids, 1)] END,
             (ARRAY['Nairobi','Mombasa','Kisumu','Nakuru','Eldoret','Kampala','Dar es Salaam','Addis Ababa','Kigali','Accra'])[1 + h % 10],
             u.id,
             (SELECT array_agg(DISTINCT c.ids[1 + abs(hashint4(o.id * 7 + g)) % array_length(c.ids, 1)])
                FROM generate_series(0, h % 3) AS g),
             '2026-11-01', now(), o.id, now()
      FROM (SELECT id, name, abs(hashint4(id)) AS h FROM organisations WHERE kind = 'supplier') o
      JOIN users u ON u.email = 'supplier' || o.id || '@' || ${SUPPLIER_DOMAIN},
      country_ids k, category_ids c`);
  });
  await db.execute(sql`VACUUM ANALYZE users, supplier_registrations, organisations`);
  return true;
}

/**
 * Issue 18: one paid supplier directory per country (what the operator sells), for the directory list's
 * scenario. Adds nothing when directories exist.
 */
export async function generateBenchDirectories(db: Db): Promise<boolean> {
  const existing = await db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM supplier_directories`);
  if ((existing.rows[0]?.n ?? 0) > 0) return false;
  await db.execute(sql`
    INSERT INTO supplier_directories (country_id, name, description, features, currency, amount_minor)
    SELECT id, name || ' Supplier Directory',
           '<p>Approved suppliers of ' || name || ', with their categories and the contacts they publish.</p>',
           ARRAY['Company name and city', 'Categories', 'Published contacts', 'XLSX and CSV'],
           CASE WHEN iso2 = 'KE' THEN 'KES' ELSE 'USD' END,
           CASE WHEN iso2 = 'KE' THEN 500000 ELSE 5000 END
    FROM countries`);
  await db.execute(sql`ANALYZE supplier_directories`);
  return true;
}
