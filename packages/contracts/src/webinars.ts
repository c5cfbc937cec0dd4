import { z } from 'zod';
import { PAGE_SIZE, WEBINAR_MODULES } from './constants.ts';
import { email, MAX_INTEGER, required } from './fields.ts';
import { mailLanguage } from './inquiries.ts';
import type { MessageKey } from './messages.ts';
import { paginated, paginationQuery, queryId } from './pagination.ts';

/** SPEC §8 success toast of a registration, verbatim ({title} is the webinar's). */
export const WEBINAR_NOTICES = {
  registered: 'You have successfully registered for {title}',
} as const;

const moduleMessage = 'webinar.module' satisfies MessageKey;
export const webinarModule = z.enum(WEBINAR_MODULES, { error: moduleMessage });

/** SPEC §7: `module` filters; the page size is 100 (SPEC §9). */
export const webinarsQuery = paginationQuery.extend({
  page_size: paginationQuery.shape.page_size.unwrap().default(PAGE_SIZE.webinars),
  module: webinarModule.optional(),
});

export const WEBINAR_STATES = ['upcoming', 'past', 'cancelled'] as const;

/** SPEC §3 Webinar (id, title, organizer, module, organizer_website, date, pdf_link, link) and what the page shows. */
export const webinar = z.object({
  id: z.number().int(),
  title: z.string(),
  organizer: z.string(),
  module: z.enum(WEBINAR_MODULES),
  organizer_website: z.string().nullable(),
  date: z.string().meta({ format: 'date-time' }),
  pdf_link: z.string().nullable(),
  link: z.string(),
  description: z.string(),
  duration_minutes: z.number().int(),
  /** `upcoming` while registration is possible in time, `past` once it started, or `cancelled`. */
  state: z.enum(WEBINAR_STATES),
  capacity: z.number().int().nullable(),
  /** Places left (null without a capacity). */
  places_left: z.number().int().nullable(),
});
export type Webinar = z.infer<typeof webinar>;
export const webinarsPage = paginated(webinar);

/** SPEC §3 Webinar registration; §5: full name and email required, organization optional. */
export const webinarRegistrationForm = z.object({
  webinar: z.coerce
    .number({ error: 'webinar.not_found' })
    .int({ error: 'webinar.not_found' })
    .positive({ error: 'webinar.not_found' })
    .max(MAX_INTEGER, { error: 'webinar.not_found' }),
  name: required(200),
  email,
  organization: z
    .string()
    .trim()
    .max(200, { error: 'field.too_long' })
    .optional()
    .nullable()
    .transform((value) => (value ? value : null)),
  language: mailLanguage,
});
export type WebinarRegistrationForm = z.input<typeof webinarRegistrationForm>;

export const webinarRegistration = z.object({
  id: z.number().int(),
  webinar: z.number().int(),
  name: z.string(),
  email: z.string(),
  organization: z.string().nullable(),
  detail: z.string(),
});

/** The operator's webinar form (create and edit). */
const optionalUrl = z
  .union([z.literal(''), z.url({ error: 'field.url' }).max(500, { error: 'field.too_long' })])
  .optional()
  .nullable()
  .transform((value) => (value ? value : null));

export const webinarForm = z.object({
  title: required(200),
  organizer: required(200),
  module: webinarModule,
  organizer_website: optionalUrl,
  date: z.iso.datetime({ offset: true, error: 'field.datetime' }),
  duration_minutes: z.coerce
    .number({ error: 'field.integer' })
    .int({ error: 'field.integer' })
    .min(1, { error: 'field.at_least_one' })
    .max(MAX_INTEGER, { error: 'field.max_integer' })
    .default(60),
  pdf_link: optionalUrl,
  link: required(500).pipe(z.url({ error: 'field.url' })),
  description: z.string().trim().max(5000, { error: 'field.too_long' }).default(''),
  capacity: z.coerce
    .number({ error: 'field.integer' })
    .int({ error: 'field.integer' })
    .min(1, { error: 'field.at_least_one' })
    .max(MAX_INTEGER, { error: 'field.max_integer' })
    .nullable()
    .optional()
    .transform((value) => value ?? null),
});
export type WebinarForm = z.input<typeof webinarForm>;

export const moderationWebinar = webinar.extend({
  registrations: z.number().int(),
  cancelled_at: z.string().meta({ format: 'date-time' }).nullable(),
  created_at: z.string().meta({ format: 'date-time' }),
});
export type ModerationWebinar = z.infer<typeof moderationWebinar>;
export const moderationWebinarsPage = paginated(moderationWebinar);
export const moderationWebinarsQuery = paginationQuery.extend({ module: webinarModule.optional() });

export const webinarRegistrant = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  organization: z.string().nullable(),
  language: z.string(),
  reminded_at: z.string().meta({ format: 'date-time' }).nullable(),
  created_at: z.string().meta({ format: 'date-time' }),
});
export const webinarRegistrantsPage = paginated(webinarRegistrant);

export const webinarIdParams = z.object({ id: queryId });
