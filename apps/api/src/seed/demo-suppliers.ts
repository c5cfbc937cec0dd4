import { randomBytes } from 'node:crypto';
import { hash as argonHash, type Algorithm } from '@node-rs/argon2';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../infra/database.ts';
import { users } from '../schema/authentication.tables.ts';
import { categories, countries } from '../schema/core.tables.ts';
import { memberships, organisations } from '../schema/organisations.tables.ts';
import { supplierErasureRequests, supplierRegistrations } from '../schema/supplier-registry.tables.ts';

/**
 * Issue 18: suppliers that registered themselves and were approved, so the public A–Z listing
 * (`/suppliers`) and its profiles have something to show on a demo installation. Name, country, city,
 * category names (matched loosely; missing ones are skipped) and whether the tax PIN verified.
 */
export const DEMO_LISTED_SUPPLIERS: ReadonlyArray<
  readonly [name: string, iso2: string, city: string, categoryWords: string[], verified: boolean]
> = [
  ['Amani Office Supplies Ltd', 'KE', 'Nairobi', ['stationery', 'office'], true],
  ['Acacia Medical Distributors', 'KE', 'Mombasa', ['medical', 'pharmaceutical'], true],
  ['Baraka Hardware & Building Co.', 'KE', 'Nakuru', ['building', 'hardware'], true],
  ['Bahari Logistics Ltd', 'TZ', 'Dar es Salaam', ['transport', 'logistics'], false],
  ['Chui Security Services', 'KE', 'Nairobi', ['security'], true],
  ['Daima Printers Ltd', 'UG', 'Kampala', ['printing'], true],
  ['Elgon Agro Inputs', 'UG', 'Mbale', ['agricultur', 'seed'], true],
  ['Gilgel Gibe Engineering PLC', 'ET', 'Addis Ababa', ['engineering', 'electrical'], true],
  ['Kilima ICT Solutions', 'KE', 'Kisumu', ['computer', 'ict', 'software'], true],
  ['Lakeside Catering Services', 'RW', 'Kigali', ['catering', 'food'], false],
  ['Mwangaza Solar Ltd', 'KE', 'Eldoret', ['solar', 'energy'], true],
  ['Nyota Cleaning Services', 'TZ', 'Arusha', ['cleaning'], true],
  ['Rafiki Furniture Makers', 'KE', 'Thika', ['furniture'], true],
  ['Savanna Fuel Distributors', 'ZM', 'Lusaka', ['fuel', 'petroleum'], true],
  ['Tana River Construction Ltd', 'KE', 'Garissa', ['construction', 'civil'], true],
  ['Ubuntu Consulting Group', 'ZA', 'Johannesburg', ['consult'], true],
  ['Zawadi Foods Ltd', 'KE', 'Nairobi', ['food'], true],
];

/** Runs once: only while no registration has been approved. Returns whether it seeded. */
export async function seedDemoSuppliers(db: Db): Promise<boolean> {
  // The accounts are never signed into: a random password nobody knows.
  const passwordHash = await argonHash(randomBytes(24).toString('base64url'), {
    algorithm: 2 as Algorithm,
    memoryCost: 19_456,
    timeCost: 2,
    parallelism: 1,
  });
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(7231018)`);
    const [approved] = await tx
      .select({ id: supplierRegistrations.id })
      .from(supplierRegistrations)
      .where(eq(supplierRegistrations.status, 'approved'))
      .limit(1);
    if (approved) return false;
    const isoCodes = [...new Set(DEMO_LISTED_SUPPLIERS.map(([, iso2]) => iso2))];
    const countryRows = await tx
      .select({ id: countries.id, iso2: countries.iso2 })
      .from(countries)
      .where(inArray(countries.iso2, isoCodes));
    const countryId = new Map(countryRows.map((c) => [c.iso2, c.id]));
    const categoryRows = await tx.select({ id: categories.id, name: categories.name }).from(categories);
    if (countryRows.length === 0) throw new Error('reference data must be seeded before demo suppliers');

    for (const [index, [name, iso2, city, words, verified]] of DEMO_LISTED_SUPPLIERS.entries()) {
      const country = countryId.get(iso2);
      if (country === undefined) continue;
      const slug = name
        .toLowerCase()
        .replace(/[^a-z]+/g, '')
        .slice(0, 20);
      const email = `info@${slug}.example`;
      const [user] = await tx
        .insert(users)
        .values({ email, username: `demo-${slug}`, firstName: 'Demo', lastName: 'Supplier', passwordHash })
        .returning({ id: users.id });
      const pin = `P05${String(1_000_000 + index * 7919).padStart(7, '0')}${'ABCDEFGHJK'[index % 10]}`;
      const [organisation] = await tx
        .insert(organisations)
        .values({ kind: 'supplier', name, countryIso2: iso2, taxPin: pin, email })
        .returning({ id: organisations.id });
      await tx
        .insert(memberships)
        .values({ userId: user!.id, organisationId: organisation!.id, role: 'supplier_admin' });
      const categoryIds = categoryRows
        .filter((category) => words.some((word) => category.name.toLowerCase().includes(word)))
        .slice(0, 4)
        .map((category) => category.id);
      const [registration] = await tx
        .insert(supplierRegistrations)
        .values({
          status: 'approved',
          companyName: name,
          taxPin: pin,
          pinCheck: verified ? 'verified' : 'unknown',
          pinName: verified ? name.toUpperCase() : null,
          email,
          phone: '+254700000000',
          firstName: 'Demo',
          lastName: 'Supplier',
          countryId: country,
          city,
          userId: user!.id,
          categoryIds,
          termsVersion: 'demo',
          consentedAt: new Date(),
          supplierId: organisation!.id,
          decidedAt: new Date(),
        })
        .returning({ id: supplierRegistrations.id });
      // Data protection (issue 18): one supplier has asked for erasure, so the operator's queue shows one.
      if (name === 'Zawadi Foods Ltd') {
        await tx.insert(supplierErasureRequests).values({
          supplierId: organisation!.id,
          registrationId: registration!.id,
          requestedBy: user!.id,
          reason: 'We are closing the business at the end of the year.',
        });
      }
    }
    return true;
  });
}
