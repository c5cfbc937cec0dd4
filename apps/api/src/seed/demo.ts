import { eq, sql } from 'drizzle-orm';
import { JOB_TYPES, type JobType } from '@zabuni/contracts';
import type { Db } from '../infra/database.ts';
import { categories, countries } from '../schema/core.tables.ts';
import { organisations } from '../schema/organisations.tables.ts';
import { sourcingEventCategories, sourcingEvents } from '../schema/sourcing.tables.ts';
import { createRandom } from './random.ts';

/** Demo buyers shown on the public clients page, with their sector (SPEC §3 sectors). */
export const DEMO_CLIENT_SECTORS: Readonly<Record<string, string>> = {
  'Umoja Commercial Bank': 'Private',
  'Harambee Savings Sacco': 'Sacco',
  'Maji Safi Water and Sewerage Company': 'Parastatal',
  'Pwani Port Logistics Ltd': 'Private',
  'Tana Athi Rivers Development Agency': 'Public',
  'Kijani Energy Kenya Ltd': 'Private',
  'Afya Bora Mission Hospital': 'NGO',
  'Elimu Teachers Sacco Society': 'Sacco',
  'Tumaini Children’s Fund Kenya': 'NGO',
  'Amani Relief and Development': 'NGO',
  'Nyota Microfinance Bank': 'Private',
  'Ujenzi Roads Authority': 'Public',
};

/** Fictional buying organisations with names as they sound in Kenya and across the region. */
export const DEMO_BUYERS: ReadonlyArray<readonly [name: string, iso2: string]> = [
  ['Umoja Commercial Bank', 'KE'],
  ['Harambee Savings Sacco', 'KE'],
  ['Maji Safi Water and Sewerage Company', 'KE'],
  ['Pwani Port Logistics Ltd', 'KE'],
  ['Tana Athi Rivers Development Agency', 'KE'],
  ['Kijani Energy Kenya Ltd', 'KE'],
  ['Mlima Tea Factory Company', 'KE'],
  ['Afya Bora Mission Hospital', 'KE'],
  ['Elimu Teachers Sacco Society', 'KE'],
  ['Tumaini Children’s Fund Kenya', 'KE'],
  ['Amani Relief and Development', 'KE'],
  ['Simba Cement Industries', 'KE'],
  ['Nyota Microfinance Bank', 'KE'],
  ['Jamii Health Insurance Ltd', 'KE'],
  ['Lango Telecom Kenya', 'KE'],
  ['Bahari Shipping Agencies', 'KE'],
  ['Shamba Agro-Inputs Cooperative', 'KE'],
  ['Mwangaza Power Distribution Company', 'KE'],
  ['Ziwa Fisheries Development Board', 'KE'],
  ['Taifa Pension Trust', 'KE'],
  ['Kilima Dairy Farmers Cooperative', 'KE'],
  ['Upendo Faith-Based Health Network', 'KE'],
  ['Rift Valley Institute of Technology', 'KE'],
  ['Nairobi Metropolitan Housing Corporation', 'KE'],
  ['Mombasa Coastal Water Works', 'KE'],
  ['Kisumu Lakeside Referral Hospital', 'KE'],
  ['Baraka Insurance Brokers', 'KE'],
  ['Mavuno Grain Millers Ltd', 'KE'],
  ['Uhuru Polytechnic University', 'KE'],
  ['Ujenzi Roads Authority', 'KE'],
  ['Wema Community Foundation', 'KE'],
  ['Kenya Coffee Growers Union', 'KE'],
  ['Pamoja Women’s Sacco', 'KE'],
  ['Chemchemi Mineral Water Ltd', 'KE'],
  ['Kampala Capital Water Utility', 'UG'],
  ['Nile Breweries Supply Company', 'UG'],
  ['Kilimanjaro Savings Bank', 'TZ'],
  ['Dar es Salaam Port Services', 'TZ'],
  ['Kigali Innovation City', 'RW'],
  ['Rwanda Hills Tea Estates', 'RW'],
  ['Lalibela Agro-Industries PLC', 'ET'],
  ['Abay Water Development Enterprise', 'ET'],
  ['Lagos Metro Transit Company', 'NG'],
  ['Niger Delta Energy Services', 'NG'],
  ['Accra Cocoa Processing Ltd', 'GH'],
  ['Volta River Logistics', 'GH'],
  ['Lusaka Copperbelt Mining Services', 'ZM'],
  ['Gaborone Diamond Trust', 'BW'],
  ['Windhoek Municipal Water', 'NA'],
  ['Zambezi Sugar Estates', 'MZ'],
];

export const JOB_COUNTRY_WEIGHTS: ReadonlyArray<readonly [iso2: string, weight: number]> = [
  ['KE', 60],
  ['UG', 8],
  ['TZ', 8],
  ['RW', 5],
  ['ET', 5],
  ['NG', 4],
  ['GH', 3],
  ['ZM', 3],
  ['ZA', 2],
  ['BW', 1],
  ['MZ', 1],
];

const INSTRUCTIONS = [
  'Tender documents may be downloaded free of charge from the portal. Completed bids in plain sealed envelopes clearly marked with the tender number shall be submitted online before the closing date and time. Bids will be opened immediately thereafter in the presence of bidders who choose to attend.',
  'Bidders must attach a valid tax compliance certificate, certificate of incorporation, CR12 issued within the last 12 months and a bid security of 2% of the bid value in the form of a bank guarantee.',
  'Only bids submitted through the e-procurement portal will be considered. Late bids will be rejected. Clarification requests must be sent at least seven days before the closing date.',
  'Suppliers registered under AGPO (youth, women and persons with disabilities) are encouraged to apply and must attach a valid AGPO certificate.',
  'Prices quoted must be inclusive of all taxes and delivery to the buyer’s stores, and remain valid for 90 days from the closing date.',
];

export function titleFor(jobType: JobType, category: string, year: number): string {
  switch (jobType) {
    case 'Tender':
      return `Tender for ${category}`;
    case 'Request For Quotation':
      return `Request for Quotation: ${category}`;
    case 'Supplier Prequalification':
      return `Registration and Prequalification of Suppliers for ${year}–${year + 1}: ${category}`;
  }
}

function advertFor(buyer: string, jobType: JobType, category: string): string {
  return `${buyer} invites sealed bids from eligible and qualified firms for ${category.toLowerCase()}. This ${jobType.toLowerCase()} is open to all bidders who meet the requirements set out in the bid document.`;
}

export interface DemoSeedOptions {
  /** Deadlines are spread around this instant (past and future). */
  now: Date;
  seed?: number;
  jobCount?: number;
}

/**
 * Demo buyers and available jobs, for a first look at a fresh installation. Runs only on a database that
 * has no buyer organisations yet, so it never mixes with real data; returns whether it seeded.
 */
export async function seedDemoData(
  db: Db,
  { now, seed = 2026, jobCount = 200 }: DemoSeedOptions,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    // Serialise concurrent first starts of several processes.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(7231002)`);
    const existing = await tx
      .select({ id: organisations.id })
      .from(organisations)
      .where(eq(organisations.kind, 'buyer'))
      .limit(1);
    if (existing.length > 0) return false;

    const random = createRandom(seed);
    const countryRows = await tx.select({ id: countries.id, iso2: countries.iso2 }).from(countries);
    const countryId = new Map(countryRows.map((c) => [c.iso2, c.id]));
    const categoryRows = await tx.select({ id: categories.id, name: categories.name }).from(categories);
    if (countryRows.length === 0 || categoryRows.length === 0) {
      throw new Error('reference data must be seeded before demo data');
    }

    const buyers = await tx
      .insert(organisations)
      .values(
        DEMO_BUYERS.map(([name, iso2]) => ({
          kind: 'buyer' as const,
          name,
          countryIso2: iso2,
          sector: DEMO_CLIENT_SECTORS[name] ?? null,
          // Issue 17: the public clients page shows the buyers the operator marks; the demo marks a dozen.
          shownAsClient: name in DEMO_CLIENT_SECTORS,
          website: random.chance(0.8)
            ? `https://www.${name
                .toLowerCase()
                .replace(/[^a-z]+/g, '')
                .slice(0, 24)}.example`
            : null,
        })),
      )
      .returning({ id: organisations.id, name: organisations.name, countryIso2: organisations.countryIso2 });

    const weighted = JOB_COUNTRY_WEIGHTS.flatMap(([iso2, weight]) => Array<string>(weight).fill(iso2));
    const year = now.getUTCFullYear();
    const jobs = Array.from({ length: jobCount }, (_, index) => {
      const buyer = random.pick(buyers);
      const jobType = random.pick(JOB_TYPES);
      const category = random.pick(categoryRows);
      // Two thirds still open, closing within 60 days; a third closed during the last 60 days.
      const open = index % 3 !== 0;
      const minutes = random.int(30, 60 * 24 * 60);
      const closingAt = new Date(now.getTime() + (open ? minutes : -minutes) * 60_000);
      closingAt.setUTCSeconds(0, 0);
      const iso2 =
        buyer.countryIso2 && buyer.countryIso2 !== 'KE' && random.chance(0.7)
          ? buyer.countryIso2
          : random.pick(weighted);
      return {
        buyerId: buyer.id,
        title: titleFor(jobType, category.name, year),
        jobType,
        countryId: countryId.get(iso2)!,
        closingAt,
        instructions: random.chance(0.6) ? random.pick(INSTRUCTIONS) : null,
        advert: advertFor(buyer.name, jobType, category.name),
        categoryIds: [
          ...new Set([
            category.id,
            ...Array.from({ length: random.int(0, 2) }, () => random.pick(categoryRows).id),
          ]),
        ],
      };
    });

    const inserted = await tx
      .insert(sourcingEvents)
      .values(jobs.map(({ categoryIds: _categoryIds, ...job }) => job))
      .returning({ id: sourcingEvents.id });
    await tx
      .insert(sourcingEventCategories)
      .values(
        jobs.flatMap((job, i) =>
          job.categoryIds.map((categoryId) => ({ eventId: inserted[i]!.id, categoryId })),
        ),
      );
    return true;
  });
}
