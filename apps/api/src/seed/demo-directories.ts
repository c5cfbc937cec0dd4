import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../infra/database.ts';
import { countries } from '../schema/core.tables.ts';
import { supplierDirectories } from '../schema/supplier-directories.tables.ts';

const SOFTWARE = 'Microsoft Excel 2010 or later, LibreOffice Calc or Google Sheets';
const SYSTEMS = 'Windows, macOS, Linux, Android or iOS';

/**
 * Issue 18: country supplier directories on sale on a demo installation (the demo's approved suppliers
 * fill them): Kenya in KES (payable by M-Pesa), and three others.
 */
export const DEMO_DIRECTORIES: ReadonlyArray<{
  iso2: string;
  name: string;
  currency: string;
  amountMinor: number;
  description: string;
  features: string[];
}> = [
  {
    iso2: 'KE',
    name: 'Kenya Supplier Directory',
    currency: 'KES',
    amountMinor: 500_000,
    description:
      '<p>Every supplier approved on Zabuni in <strong>Kenya</strong>: company name, city and the categories it supplies, with a link to its public profile.</p><p>Taken at the moment you pay, so your copy is the list as it stood that day.</p>',
    features: [
      'Approved suppliers only (tax PIN checked with KRA)',
      'Categories for every supplier',
      'XLSX and CSV downloads for 7 days',
    ],
  },
  {
    iso2: 'UG',
    name: 'Uganda Supplier Directory',
    currency: 'USD',
    amountMinor: 4_000,
    description:
      '<p>The suppliers approved on Zabuni in <strong>Uganda</strong>, with their cities and categories.</p>',
    features: ['Approved suppliers only', 'Categories for every supplier', 'XLSX and CSV downloads'],
  },
  {
    iso2: 'TZ',
    name: 'Tanzania Supplier Directory',
    currency: 'USD',
    amountMinor: 4_000,
    description:
      '<p>The suppliers approved on Zabuni in <strong>Tanzania</strong>, with their cities and categories.</p>',
    features: ['Approved suppliers only', 'Categories for every supplier', 'XLSX and CSV downloads'],
  },
  {
    iso2: 'ET',
    name: 'Ethiopia Supplier Directory',
    currency: 'USD',
    amountMinor: 3_500,
    description:
      '<p>The suppliers approved on Zabuni in <strong>Ethiopia</strong>, with their cities and categories.</p>',
    features: ['Approved suppliers only', 'Categories for every supplier', 'XLSX and CSV downloads'],
  },
];

/** Runs once: only while no directory exists. Returns whether it seeded. */
export async function seedDemoDirectories(db: Db): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(7231019)`);
    const [existing] = await tx.select({ id: supplierDirectories.id }).from(supplierDirectories).limit(1);
    if (existing) return false;
    const rows = await tx
      .select({ id: countries.id, iso2: countries.iso2 })
      .from(countries)
      .where(
        inArray(
          countries.iso2,
          DEMO_DIRECTORIES.map((d) => d.iso2),
        ),
      );
    const countryId = new Map(rows.map((row) => [row.iso2.trim(), row.id]));
    const values = DEMO_DIRECTORIES.filter((d) => countryId.has(d.iso2)).map((d) => ({
      countryId: countryId.get(d.iso2)!,
      name: d.name,
      description: d.description,
      features: d.features,
      directoryFormat: 'XLSX and CSV',
      softwareRequirements: SOFTWARE,
      osRequirements: SYSTEMS,
      currency: d.currency,
      amountMinor: d.amountMinor,
    }));
    if (values.length === 0) return false;
    await tx.insert(supplierDirectories).values(values);
    return true;
  });
}
