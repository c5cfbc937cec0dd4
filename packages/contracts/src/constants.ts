/**
 * Plain constants of the contract, importable without zod (the public web bundle stays small).
 */

/** Option lists of SPEC §3, shared by every screen that offers them. Values are stored and sent verbatim. */
export const SECTORS = ['Private', 'NGO', 'Public', 'Parastatal', 'Sacco'] as const;
export const JOB_TYPES = ['Supplier Prequalification', 'Tender', 'Request For Quotation'] as const;
export const WEBINAR_MODULES = [
  'Supplier Sourcing',
  'Contract Management',
  'Procure to Pay',
  'Risk Management',
] as const;
export const MARKETING_SOURCES = [
  'Social Media',
  'Referral',
  'Website',
  'Email',
  'Advertisement',
  'Other',
] as const;
export const DEADLINE_FILTERS = ['upcoming', 'past'] as const;

/** Every option list by name, as seeded into the database and served by `GET /core/options/`. */
export const OPTION_LISTS = {
  sectors: SECTORS,
  job_types: JOB_TYPES,
  webinar_modules: WEBINAR_MODULES,
  marketing_sources: MARKETING_SOURCES,
  deadline_filters: DEADLINE_FILTERS,
} as const;
export type OptionListName = keyof typeof OPTION_LISTS;

/** SPEC §9 page sizes. */
export const PAGE_SIZE = {
  /** Jobs and tender lists, directory list, my published tenders. */
  listing: 16,
  /** Client, country and category pickers. */
  picker: 10,
  webinars: 100,
  /** Largest page any list answers; bigger requests are capped to it (ARCHITECTURE §5). */
  max: 100,
} as const;
export const PAGINATION_CHUNK = 4;

/**
 * The public lists (tenders, available jobs) count their matches up to this number (or to the end of the
 * page asked, if deeper) and answer `count_capped: true` beyond it: `count` is then a lower bound
 * ("1,000+"). An exact count of 50,000 open tenders costs tens of milliseconds on every request.
 */
export const SEARCH_COUNT_CAP = 1_000;

/** The longest text search a list accepts (the web's search fields use it as their `maxLength`). */
export const SEARCH_MAX_LENGTH = 200;
