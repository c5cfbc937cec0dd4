import type {
  AvailableJob,
  AvailableJobDetail,
  AvailableJobsQuery,
  Category,
  Country,
} from '@zabuni/contracts';
import { message, OPTION_LISTS, type OptionListName } from '@zabuni/contracts';
import { escapeLikePattern, toPrefixTsQuery } from '@zabuni/domain';
import type { Clock } from '../../../infra/clock.ts';
import { notFound } from '../../../infra/errors.ts';
import type { ListCache } from '../../../infra/list-cache.ts';
import type { PageRequest } from '../../../infra/pagination.ts';
import { listSlice, toListAnswer } from '../../../infra/public-list.ts';
import type { AvailableJobRow, CoreRepository } from './core.repository.ts';

/** Flags are served by this API at /flags/{iso2}.svg (SVG from the flag-icons package). */
export const flagUrl = (iso2: string) => `/flags/${iso2.toLowerCase()}.svg`;

function toAvailableJob(row: Omit<AvailableJobRow, 'cursorAt'>): AvailableJob {
  return {
    id: row.id,
    title: row.title,
    closing_date: row.closingAt.toISOString(),
    job_type: row.jobType,
    instructions: row.instructions,
    advert: row.advert,
    company: {
      company_name: row.companyName,
      company_website: row.companyWebsite,
      public_company_logo_url: row.companyLogoUrl,
    },
    country: { name: row.countryName, flag: flagUrl(row.countryIso2), iso2: row.countryIso2 },
  };
}

const likePattern = (search: string | undefined) => (search ? escapeLikePattern(search) : null);

export function createCoreService({
  repository,
  clock,
  lists,
}: {
  repository: CoreRepository;
  clock: Clock;
  /** The shared cache of public list answers (see infra/list-cache.ts); none: every request queries. */
  lists?: ListCache;
}) {
  return {
    async listCountries(search: string | undefined, page: PageRequest, onlyWithJobs = false) {
      const { count, rows } = await repository.listCountries({
        pattern: likePattern(search),
        onlyWithJobs,
        offset: page.offset,
        limit: page.pageSize,
      });
      const results: Country[] = rows.map((row) => ({
        id: row.id,
        name: row.name,
        flag: flagUrl(row.iso2),
        iso2: row.iso2,
        flag_emoji: row.flagEmoji,
        dial_code: row.dialCode,
        currency: row.currency,
      }));
      return { count, results };
    },

    async listCategories(search: string | undefined, page: PageRequest) {
      const { count, rows } = await repository.listCategories({
        pattern: likePattern(search),
        offset: page.offset,
        limit: page.pageSize,
      });
      const results: Category[] = rows.map((row) => ({
        id: row.id,
        name: row.name,
        flag: row.symbol,
        group: row.group,
      }));
      return { count, results };
    },

    /** Cached briefly for everyone (the answer does not depend on who asks): see infra/list-cache.ts. */
    async listAvailableJobs(query: AvailableJobsQuery, page: PageRequest) {
      const slice = listSlice(page, query.cursor);
      const now = clock.now();
      const filter = {
        tsQuery: toPrefixTsQuery(query.search),
        buyerId: query.client,
        countryId: query.country,
        deadline: query.deadline,
        ...slice,
      };
      const load = async () =>
        toListAnswer(
          slice,
          page.pageSize,
          await repository.listAvailableJobs({ ...filter, now }),
          toAvailableJob,
        );
      if (!lists) return load();
      const key = JSON.stringify(filter);
      return lists.get(`jobs ${lists.window(now, key)} ${key}`, load);
    },

    async getAvailableJob(id: number): Promise<AvailableJobDetail> {
      const job = await repository.findAvailableJob(id);
      if (!job) throw notFound(message('job.not_found'));
      return { ...toAvailableJob(job), categories: job.categories };
    },

    async optionLists() {
      const rows = await repository.optionValues();
      const lists = Object.fromEntries(
        Object.keys(OPTION_LISTS).map((name) => [name, [] as string[]]),
      ) as Record<OptionListName, string[]>;
      for (const row of rows) lists[row.list as OptionListName]?.push(row.value);
      return lists;
    },
  };
}
export type CoreService = ReturnType<typeof createCoreService>;
