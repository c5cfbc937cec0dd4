import { count, sql } from 'drizzle-orm';
import { WEBINAR_MODULES } from '@zabuni/contracts';
import type { Db } from '../infra/database.ts';
import { webinars } from '../schema/webinars.tables.ts';

type Module = (typeof WEBINAR_MODULES)[number];
const DAY = 86_400_000;

/** Per module: three upcoming webinars and one that took place (title, organiser, description). */
const PROGRAMME: Record<Module, Array<[title: string, organizer: string, description: string]>> = {
  'Supplier Sourcing': [
    [
      'Running your first eAuction',
      'Zabuni Academy',
      'A reverse auction from invitation to award: lots, reserve prices, extensions and the award report.',
    ],
    [
      'Supplier prequalification that saves weeks',
      'Zabuni Academy',
      'Questionnaires, scoring and the prequalified list your RFQs draw from, with a county government buyer.',
    ],
    [
      'RFQs that get 10 to 40 % savings',
      'Kenya Institute of Supplies Management',
      'How buyers in Nairobi and Kampala compare quotations line by line and negotiate with the evidence.',
    ],
    [
      'Tender management under the PPADA 2015',
      'Zabuni Academy',
      'Publishing, clarifications, opening and evaluation in line with Kenya’s Public Procurement and Asset Disposal Act.',
    ],
  ],
  'Contract Management': [
    [
      'From award to signed contract in a day',
      'Zabuni Academy',
      'Templates, approvals and electronic signatures, and where the signed copy lives afterwards.',
    ],
    [
      'Never miss a contract expiry again',
      'Zabuni Academy',
      'Expiry alerts at 30 and 60 days, renewals and the contract dashboard.',
    ],
    [
      'Obligations and supplier performance',
      'Strathmore Business School',
      'Tracking deliverables and service levels through the life of a contract.',
    ],
    [
      'Contract archives that pass an audit',
      'Zabuni Academy',
      'What auditors ask for and how the archive answers in minutes.',
    ],
  ],
  'Procure to Pay': [
    [
      'Requisition to payment without paper',
      'Zabuni Academy',
      'Requisitions, budget checks, purchase orders, goods received and invoices in one flow.',
    ],
    [
      'Three-way matching in practice',
      'Zabuni Academy',
      'Order, receipt and invoice compared line by line; tolerances, exceptions and credit notes.',
    ],
    [
      'The supplier portal for your suppliers',
      'Zabuni Academy',
      'Suppliers acknowledge orders, send invoices and read their statement: what changes for your team.',
    ],
    [
      'Budgets that stop overspending',
      'Zabuni Academy',
      'Commitments at approval, warnings and hard stops, and the budget owner’s view.',
    ],
  ],
  'Risk Management': [
    [
      'Building a supplier risk matrix',
      'Zabuni Academy',
      'Likelihood, impact and the register your board reads, with examples from East African banks.',
    ],
    [
      'Business continuity for procurement',
      'Zabuni Academy',
      'Critical suppliers, alternatives and the plan to test before you need it.',
    ],
    [
      'Outsourcing risk under the CBK guidelines',
      'Institute of Certified Public Accountants of Kenya',
      'Due diligence, concentration and exit plans for outsourced services.',
    ],
    [
      'Financial risk signals in your supply base',
      'Zabuni Academy',
      'Late deliveries, price swings and payment patterns that warn before a supplier fails.',
    ],
  ],
};

/** 10:00 Nairobi time (07:00 UTC) `days` from `now`. */
const at10Eat = (now: Date, days: number) => {
  const day = new Date(now.getTime() + days * DAY);
  return new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), 7, 0, 0));
};

/** Demo webinars (issue 17): three upcoming and one past per module, when there are none yet. */
export async function seedDemoWebinars(db: Db, { now }: { now: Date }): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(7231017)`);
    const [existing] = await tx.select({ value: count() }).from(webinars);
    if ((existing?.value ?? 0) > 0) return false;
    const rows = WEBINAR_MODULES.flatMap((module, m) =>
      PROGRAMME[module].map(([title, organizer, description], i) => {
        const past = i === 3;
        const slug = title
          .toLowerCase()
          .replace(/[^a-z0-9]+/g, '-')
          .replace(/(^-|-$)/g, '');
        return {
          title,
          organizer,
          module,
          organizerWebsite: organizer === 'Zabuni Academy' ? 'https://zabuni.example/academy' : null,
          startsAt: at10Eat(now, past ? -(10 + m * 3) : 3 + m * 2 + i * 9),
          durationMinutes: i === 2 ? 90 : 60,
          pdfLink: past ? `https://zabuni.example/academy/${slug}.pdf` : null,
          link: `https://meet.zabuni.example/${slug}`,
          description,
          capacity: i === 1 ? 150 : null,
        };
      }),
    );
    await tx.insert(webinars).values(rows);
    return true;
  });
}
