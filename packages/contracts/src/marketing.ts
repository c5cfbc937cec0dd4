import { z } from 'zod';
import { SECTORS } from './constants.ts';

/**
 * Issue 17: the public site's marketing pages. Their texts are content, not code: one JSON file per language
 * (apps/api/content/site/<lng>.json) that the operator edits without a release, checked against these
 * schemas when read, and served by `GET /core/site-content/{page}/`.
 */
export const SITE_CONTENT_PAGES = ['home', 'about', 'clients', 'pricing', 'modules', 'demo'] as const;
export type SiteContentPage = (typeof SITE_CONTENT_PAGES)[number];
export const SITE_CONTENT_LANGUAGES = ['en', 'fr', 'sw', 'pt', 'am'] as const;

const text = z.string().min(1);
/** Every page's title and description (the HTML title, meta description and Open Graph tags). */
const pageHead = { title: text, description: text };
const titled = z.object({ title: text, body: text });
const namedItem = z.object({ name: text, body: text });
const faqItem = z.object({ question: text, answer: text });

/** The module pages the home page's cards lead to (`/modules/<slug>`). */
export const MODULE_SLUGS = ['sourcing', 'contract-management', 'procure-to-pay', 'risk-management'] as const;

export const homeContent = z.object({
  ...pageHead,
  hero: z.object({ title: text, subtitle: text, demo: text, contact: text }),
  modules: z.object({
    title: text,
    more: text,
    items: z
      .array(z.object({ slug: z.enum(MODULE_SLUGS), name: text, summary: text }))
      .length(MODULE_SLUGS.length),
  }),
  claims: z.object({ title: text, items: z.array(z.object({ value: text, label: text })).min(1) }),
  certifications: z.object({ title: text, items: z.array(namedItem).min(1) }),
  clients: z.object({ title: text, all: text }),
  demo: z.object({ title: text, body: text, cta: text }),
  faq: z.object({ title: text, items: z.array(faqItem).min(1) }),
  contact: z.object({ title: text, body: text, cta: text }),
});

export const aboutContent = z.object({
  ...pageHead,
  intro: text,
  mission: titled,
  vision: titled,
  values: z.object({ title: text, items: z.array(namedItem).length(6) }),
  certifications: z.object({ title: text, items: z.array(namedItem).min(1) }),
  footprint: z.object({ title: text, body: text }),
});

export const clientsContent = z.object({
  ...pageHead,
  intro: text,
  empty: text,
  sector: text,
  cta: z.object({ title: text, body: text, action: text }),
});

export const pricingContent = z.object({
  ...pageHead,
  intro: text,
  billing: z.object({ label: text, monthly: text, annual: text, perMonth: text, perYear: text }),
  alerts: z.object({ name: text, body: text, features: z.array(text), cta: text }),
  professional: z.object({ name: text, body: text, features: z.array(text), cta: text }),
  addOn: z.object({ name: text, body: text, cta: text }),
  publishing: z.object({ name: text, body: text, perTender: text, cta: text }),
  note: text,
});

/**
 * The product's own screens on the module pages and the demo tour: taken from the running app on the demo data
 * by `npm run screenshots:site` (scripts/site-screenshots.mjs) into apps/web/public/site/screens/<name>.webp.
 */
export const SITE_SCREENS = [
  'requisitions',
  'requisition',
  'approvals',
  'budgets',
  'orders',
  'order',
  'invoices',
  'matching',
  'reports',
  'portal-orders',
  'portal-statement',
] as const;
export type SiteScreen = (typeof SITE_SCREENS)[number];

/** The four modules of SPEC §1 and their sub-modules (`/modules/<module>/<sub>`). */
export const MODULE_PAGES = {
  sourcing: ['prequalification', 'rfq', 'tender-management', 'asset-disposal', 'eauction'],
  'contract-management': [
    'authoring',
    'approval',
    'signature',
    'archive',
    'reports',
    'dashboard',
    'expiry-alerts',
  ],
  'procure-to-pay': [
    'requisition-and-budget',
    'purchase-order',
    'goods-receipt',
    'invoice',
    'reporting',
    'matching',
    'supplier-portal',
  ],
  'risk-management': ['risk-matrix', 'business-continuity', 'financial-risk', 'outsource-risk'],
} as const satisfies Record<(typeof MODULE_SLUGS)[number], readonly string[]>;
export type ModuleSlug = keyof typeof MODULE_PAGES;

const screenShown = z.object({ screen: z.enum(SITE_SCREENS), alt: text, caption: text });
const subModule = z.object({
  slug: text,
  name: text,
  /** One sentence: the sub-module card and the page's meta description. */
  summary: text,
  body: text,
  features: z.array(text).min(1),
  /** The product's screens for it (a module that is not built yet has none: it says "coming"). */
  screens: z.array(screenShown).default([]),
});

export const modulesContent = z
  .object({
    ...pageHead,
    intro: text,
    labels: z.object({
      available: text,
      coming: text,
      comingBody: text,
      subModules: text,
      features: text,
      screens: text,
      more: text,
      back: text,
      demo: text,
      contact: text,
    }),
    items: z
      .array(
        z.object({
          slug: z.enum(MODULE_SLUGS),
          name: text,
          /** `available`: in the product today, with its screens; `coming`: described, no screens yet. */
          status: z.enum(['available', 'coming']),
          summary: text,
          intro: text,
          subs: z.array(subModule).min(1),
        }),
      )
      .length(MODULE_SLUGS.length),
  })
  .superRefine((modules, ctx) => {
    for (const [index, item] of modules.items.entries()) {
      const expected = MODULE_PAGES[item.slug] as readonly string[];
      const slugs = item.subs.map((sub) => sub.slug);
      if (slugs.length !== expected.length || slugs.some((slug, at) => slug !== expected[at]))
        ctx.addIssue({
          code: 'custom',
          path: ['items', index, 'subs'],
          // A catalogue key like every contract message; the log shows which sub-modules were expected.
          message: 'field.choice',
          params: { choices: expected.join(', ') },
        });
    }
  });

export const demoContent = z.object({
  ...pageHead,
  intro: text,
  step: text,
  previous: text,
  next: text,
  keyboard: text,
  steps: z.array(z.object({ screen: z.enum(SITE_SCREENS), title: text, caption: text, alt: text })).min(2),
});

export const SITE_CONTENT_SCHEMAS = {
  home: homeContent,
  about: aboutContent,
  clients: clientsContent,
  pricing: pricingContent,
  modules: modulesContent,
  demo: demoContent,
} as const;
export type HomeContent = z.infer<typeof homeContent>;
export type AboutContent = z.infer<typeof aboutContent>;
export type ClientsContent = z.infer<typeof clientsContent>;
export type PricingContent = z.infer<typeof pricingContent>;
export type ModulesContent = z.infer<typeof modulesContent>;
export type DemoContent = z.infer<typeof demoContent>;
export interface SiteContent {
  home: HomeContent;
  about: AboutContent;
  clients: ClientsContent;
  pricing: PricingContent;
  modules: ModulesContent;
  demo: DemoContent;
}

export const siteContentParams = z.object({ page: z.enum(SITE_CONTENT_PAGES) });
export const siteContentQuery = z.object({ lang: z.enum(SITE_CONTENT_LANGUAGES).default('en') });
/** A page's content in the language asked for (English when that language has no file or no page). */
export const siteContentAnswer = z
  .object({
    page: z.enum(SITE_CONTENT_PAGES),
    language: z.enum(SITE_CONTENT_LANGUAGES),
    content: z.unknown(),
  })
  .meta({ id: 'SiteContent' });

/** The client organisations the operator shows (SPEC §3 Client: id, company_name), with logo and sector. */
export const publicClient = z.object({
  id: z.number().int(),
  company_name: z.string(),
  logo_url: z.string().nullable(),
  sector: z.string().nullable(),
});
export const publicClients = z.object({ results: z.array(publicClient) }).meta({ id: 'PublicClients' });
export type PublicClient = z.infer<typeof publicClient>;

/**
 * The price list (SPEC §9): what the site sells, in minor units with the currency. The operator edits it;
 * checkouts charge what it says, and the pricing page shows it.
 */
export const PRICE_PRODUCTS = [
  'alert_subscription_monthly',
  'alert_subscription_annual',
  'tender_publishing',
  'professional_plan_monthly',
  'professional_plan_annual',
  'africa_directory_ke',
] as const;
export type PriceProduct = (typeof PRICE_PRODUCTS)[number];
export const price = z.object({
  product: z.string(),
  currency: z.string(),
  amount_minor: z.number().int(),
  updated_at: z.string().meta({ format: 'date-time' }),
});
export const priceList = z.object({ results: z.array(price) }).meta({ id: 'PriceList' });
export type Price = z.infer<typeof price>;
export const priceProductParams = z.object({ product: z.enum(PRICE_PRODUCTS) });
export const priceChange = z.object({
  /** Minor units (KES 2,500.00 = 250000): a whole number, more than nothing. */
  amount_minor: z.number().int().min(1).max(1_000_000_000),
});

/** The operator's list of buying organisations, and what it may change for the public site. */
export const moderationBuyersQuery = z.object({
  search: z.string().trim().max(100).optional(),
  shown: z.enum(['true', 'false']).optional(),
});
export const moderationBuyer = z.object({
  id: z.number().int(),
  company_name: z.string(),
  logo_url: z.string().nullable(),
  sector: z.string().nullable(),
  shown_as_client: z.boolean(),
});
export const moderationBuyers = z
  .object({ results: z.array(moderationBuyer) })
  .meta({ id: 'ModerationBuyers' });
export type ModerationBuyer = z.infer<typeof moderationBuyer>;
export const moderationBuyerChange = z
  .object({ shown_as_client: z.boolean().optional(), sector: z.enum(SECTORS).nullable().optional() })
  .refine((body) => body.shown_as_client !== undefined || body.sector !== undefined, {
    message: 'field.required',
  });

/** SPEC §3 payment record of the marketing result screens, for one order. */
export const paymentRecord = z
  .object({
    reference: z.string(),
    /** `paid`, `failed`, `processing` or `pending`. */
    payment_state: z.string(),
    /** The provider's receipt (M-Pesa) or transaction reference (card); null until paid. */
    transaction_id: z.string().nullable(),
    /** `mpesa` (mobile-money STK push) or `dpo` (hosted gateway), from the latest attempt; null if none. */
    method: z.enum(['mpesa', 'dpo']).nullable(),
    /** When it was paid, or else when the latest attempt was made (null without one). */
    date: z.string().meta({ format: 'date-time' }).nullable(),
    currency: z.string(),
    /** Minor units. */
    total_minor: z.number().int(),
    /** What was bought (the order's product and its description). */
    product: z.string(),
    plan: z.string(),
    add_on: z.object({ name: z.string(), amount_minor: z.number().int() }).nullable(),
    /** Where to try again (the order's checkout page). */
    checkout_path: z.string().nullable(),
  })
  .meta({ id: 'PaymentRecord' });
export type PaymentRecord = z.infer<typeof paymentRecord>;
