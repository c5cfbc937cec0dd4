import { randomBytes } from 'node:crypto';
import { hash as argonHash, type Algorithm } from '@node-rs/argon2';
import { and, count, eq, sql } from 'drizzle-orm';
import { JOB_TYPES, SECTORS } from '@zabuni/contracts';
import type { Db, Executor } from '../infra/database.ts';
import { users } from '../schema/authentication.tables.ts';
import { categories, countries } from '../schema/core.tables.ts';
import { memberships, organisations } from '../schema/organisations.tables.ts';
import { orders, prices } from '../schema/payments.tables.ts';
import { PUBLISHING_PRODUCT } from '../modules/site/tenders/tenders.service.ts';
import { tenders } from '../schema/tenders.tables.ts';
import { DEMO_BUYERS, JOB_COUNTRY_WEIGHTS, titleFor } from './demo.ts';
import { createRandom } from './random.ts';

/** Demo sign-ins, printed in the README; only ever created by the demo seed. */
export const DEMO_PASSWORD = 'zabuni-demo-2026';
export const DEMO_MODERATOR_EMAIL = 'moderator@zabuni.example';
export const DEMO_ADVERTISER_EMAIL = 'advertiser@zabuni.example';
/** Works for two buying organisations, so the platform (`/app`) and its organisation switcher can be shown. */
export const DEMO_BUYER_EMAIL = 'buyer@zabuni.example';
/**
 * The demo buyer's organisations, by name (created here if absent), in the order `/me` lists them (by name):
 * a sign-in starts in the first one.
 */
export const DEMO_BUYER_ORGANISATIONS = [DEMO_BUYERS[1]!, DEMO_BUYERS[0]!] as const;

const SCOPES = [
  'The scope covers supply, delivery, installation, testing and commissioning at the sites listed in the bid document.',
  'Bidders must be registered with the relevant professional body and hold a valid tax compliance certificate.',
  'A bid security of 2% of the tender sum, valid for 120 days, must accompany each bid.',
  'Preference and reservation apply to youth, women and persons with disabilities as provided by law.',
  'A mandatory site visit and pre-bid meeting will be held one week after this notice.',
  'Bids must be submitted electronically before the closing date and time; late bids will be rejected.',
  'Clarifications may be sought in writing not later than seven days before the closing date.',
];

async function demoUser(
  tx: Executor,
  values: { email: string; firstName: string; lastName: string; passwordHash: string },
) {
  const [row] = await tx
    .insert(users)
    .values({ ...values, username: values.email, isActive: true })
    .returning({ id: users.id });
  return row!.id;
}

/**
 * The demo buyer: administrator of both demo buying organisations, and also requester and approver in the
 * first one, so procure-to-pay can be shown end to end. Idempotent: nothing happens once the user exists.
 */
async function insertDemoBuyer(tx: Executor, passwordHash: string): Promise<void> {
  const [taken] = await tx
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${DEMO_BUYER_EMAIL}`);
  if (taken) return;
  const organisationIds: number[] = [];
  for (const [name, iso2] of DEMO_BUYER_ORGANISATIONS) {
    const [existing] = await tx
      .select({ id: organisations.id })
      .from(organisations)
      .where(and(eq(organisations.kind, 'buyer'), eq(organisations.name, name)))
      .orderBy(organisations.id)
      .limit(1);
    const [created] = existing
      ? [existing]
      : await tx
          .insert(organisations)
          .values({ kind: 'buyer', name, countryIso2: iso2 })
          .returning({ id: organisations.id });
    organisationIds.push(created!.id);
  }
  const [first, second] = organisationIds as [number, number];
  const buyer = await demoUser(tx, {
    email: DEMO_BUYER_EMAIL,
    firstName: 'Amina',
    lastName: 'Wafula',
    passwordHash,
  });
  await tx.insert(memberships).values([
    { userId: buyer, organisationId: first, role: 'org_admin' },
    { userId: buyer, organisationId: first, role: 'requester' },
    { userId: buyer, organisationId: first, role: 'approver' },
    { userId: buyer, organisationId: second, role: 'org_admin' },
  ]);
}

/**
 * ~500 bulletin tenders (editors' and a demo advertiser's, public and in review) and the demo sign-ins
 * for a moderator, an advertiser and a buyer. Runs once: only when there are no bulletin tenders yet.
 */
export async function seedDemoTenders(
  db: Db,
  { now, seed = 4004, tenderCount = 500 }: { now: Date; seed?: number; tenderCount?: number },
): Promise<boolean> {
  const passwordHash = await argonHash(DEMO_PASSWORD, {
    algorithm: 2 as Algorithm,
    memoryCost: 19_456,
    timeCost: 2,
    parallelism: 1,
  });
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(7231004)`);
    const [existing] = await tx.select({ value: count() }).from(tenders);
    if ((existing?.value ?? 0) > 0) {
      // Demo databases seeded before payments existed: give their advertiser tenders the order they pay.
      await insertMissingTenderOrders(tx);
      // Demo databases seeded before the platform existed (the demo moderator marks one) get the demo buyer.
      const [demo] = await tx
        .select({ id: users.id })
        .from(users)
        .where(sql`lower(${users.email}) = ${DEMO_MODERATOR_EMAIL}`);
      if (demo) await insertDemoBuyer(tx, passwordHash);
      return false;
    }

    const random = createRandom(seed);
    const countryRows = await tx.select({ id: countries.id, iso2: countries.iso2 }).from(countries);
    const countryId = new Map(countryRows.map((c) => [c.iso2, c.id]));
    const categoryRows = await tx.select({ id: categories.id, name: categories.name }).from(categories);

    const taken = await tx
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.email}) IN (${DEMO_MODERATOR_EMAIL}, ${DEMO_ADVERTISER_EMAIL})`);
    let advertiserOrg: number | null = null;
    let advertiserUser: number | null = null;
    if (taken.length === 0) {
      const [platform] = await tx
        .insert(organisations)
        .values({ kind: 'platform', name: 'Zabuni editors', countryIso2: 'KE' })
        .returning({ id: organisations.id });
      const moderator = await demoUser(tx, {
        email: DEMO_MODERATOR_EMAIL,
        firstName: 'Wanjiru',
        lastName: 'Kamau',
        passwordHash,
      });
      await tx
        .insert(memberships)
        .values({ userId: moderator, organisationId: platform!.id, role: 'moderator' });
      const [advertiser] = await tx
        .insert(organisations)
        .values({
          kind: 'advertiser',
          name: 'Savannah Procurement Advisory Ltd',
          countryIso2: 'KE',
          website: 'https://savannah-advisory.example',
        })
        .returning({ id: organisations.id });
      advertiserOrg = advertiser!.id;
      advertiserUser = await demoUser(tx, {
        email: DEMO_ADVERTISER_EMAIL,
        firstName: 'Otieno',
        lastName: 'Achieng',
        passwordHash,
      });
      await tx
        .insert(memberships)
        .values({ userId: advertiserUser, organisationId: advertiserOrg, role: 'advertiser' });
    }
    await insertDemoBuyer(tx, passwordHash);
    const [price] = await tx.select().from(prices).where(eq(prices.product, 'tender_publishing'));

    const weighted = JOB_COUNTRY_WEIGHTS.flatMap(([iso2, weight]) => Array<string>(weight).fill(iso2));
    const year = now.getUTCFullYear();
    const rows = Array.from({ length: tenderCount }, (_, index) => {
      const [buyer, buyerIso2] = random.pick(DEMO_BUYERS);
      const jobType = random.pick(JOB_TYPES);
      const category = random.pick(categoryRows);
      const open = index % 3 !== 0;
      const minutes = random.int(60, 60 * 24 * 75);
      const closingAt = new Date(now.getTime() + (open ? minutes : -minutes) * 60_000);
      closingAt.setUTCMinutes(0, 0, 0);
      const iso2 = buyerIso2 !== 'KE' && random.chance(0.7) ? buyerIso2 : random.pick(weighted);
      const paragraphs = [
        `<p><strong>${buyer}</strong> invites eligible bidders for ${category.name.toLowerCase()}.</p>`,
        `<ul>${Array.from({ length: 3 }, () => `<li>${random.pick(SCOPES)}</li>`).join('')}</ul>`,
        `<p>${random.pick(SCOPES)}</p>`,
      ];
      // One in five belongs to the demo advertiser: mostly published and paid, a few still in review, a few
      // approved but unpaid: one of those (index 35) still open to pay, one (index 105, a third of all are
      // closed) closed unpaid, to show "Change closing date" and "Withdraw" (issue 16 point 2).
      const advertised = advertiserOrg !== null && index % 5 === 0;
      const state = !advertised
        ? 'editor'
        : index % 25 === 0
          ? 'review'
          : index % 35 === 0
            ? 'unpaid'
            : 'paid';
      return {
        title: titleFor(jobType, category.name, year),
        content: paragraphs.join(''),
        company: buyer,
        countryId: countryId.get(iso2)!,
        sector: random.pick(SECTORS),
        categoryId: category.id,
        jobType,
        closingAt,
        review: state === 'review' ? ('under_review' as const) : ('published' as const),
        publishedAt:
          state === 'review' || state === 'unpaid' ? null : new Date(now.getTime() - minutes * 30_000),
        createdAt: new Date(now.getTime() - random.int(1, 60 * 24 * 30) * 60_000),
        ...(advertised
          ? {
              publishedBy: advertiserUser,
              advertiserId: advertiserOrg,
              code: randomBytes(16).toString('base64url'),
              reference: `ZTDEMO${String(index).padStart(4, '0')}`,
              paymentState: state === 'paid' ? ('paid' as const) : ('pending' as const),
              amountMinor: price?.amountMinor ?? 250_000,
              currency: price?.currency ?? 'KES',
              contactFirstName: 'Otieno',
              contactLastName: 'Achieng',
              contactEmail: DEMO_ADVERTISER_EMAIL,
              contactPhone: '+254712000111',
            }
          : {}),
      };
    });
    for (let start = 0; start < rows.length; start += 250) {
      await tx.insert(tenders).values(rows.slice(start, start + 250));
    }
    await insertMissingTenderOrders(tx);
    return true;
  });
}

/**
 * The order the checkout pays, for every advertiser tender that carries order fields but has none (the
 * demo's): same code, reference, amount and state; a paid one was fulfilled when it was published.
 */
async function insertMissingTenderOrders(tx: Executor): Promise<void> {
  await tx.execute(sql`
    INSERT INTO ${orders} (code, reference, product, subject_id, description, amount_minor, currency,
                           payment_state, customer_email, customer_name, paid_at, fulfilled_at, created_at)
    SELECT t.code, t.reference, ${PUBLISHING_PRODUCT}, t.id, left('Tender advert: ' || t.title, 300),
           t.amount_minor, t.currency, t.payment_state, t.contact_email,
           t.contact_first_name || ' ' || t.contact_last_name,
           CASE WHEN t.payment_state = 'paid' THEN coalesce(t.published_at, t.created_at) END,
           CASE WHEN t.payment_state = 'paid' THEN coalesce(t.published_at, t.created_at) END,
           t.created_at
      FROM ${tenders} t
     WHERE t.code IS NOT NULL AND t.reference IS NOT NULL AND t.amount_minor IS NOT NULL
       AND t.currency IS NOT NULL AND t.payment_state IS NOT NULL
       AND NOT EXISTS (SELECT 1 FROM ${orders} o WHERE o.code = t.code)`);
}
