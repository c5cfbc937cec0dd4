import {
  message,
  type SupplierLetter,
  type SupplierLetters,
  type SupplierListingPage,
  type SupplierProfile,
} from '@zabuni/contracts';
import type { Executor } from '../../../infra/database.ts';
import type { ListCache } from '../../../infra/list-cache.ts';
import { fieldError, notFound } from '../../../infra/errors.ts';
import {
  supplierListingQueries,
  type ListingFilters,
  type ListingPosition,
} from './supplier-listing.queries.ts';

export function encodeListingCursor(position: ListingPosition): string {
  return Buffer.from(JSON.stringify([position.name, position.id])).toString('base64url');
}

/** A cursor from an earlier answer; anything else is a 400 on `cursor` (code field.cursor). */
export function decodeListingCursor(cursor: string): ListingPosition {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (
      Array.isArray(value) &&
      value.length === 2 &&
      typeof value[0] === 'string' &&
      value[0].length <= 500 &&
      Number.isSafeInteger(value[1]) &&
      (value[1] as number) > 0 &&
      (value[1] as number) <= 2_147_483_647
    ) {
      return { name: value[0], id: value[1] as number };
    }
  } catch {
    // falls through to the 400
  }
  throw fieldError('cursor', message('field.cursor'));
}

/** Issue 18: the public A–Z listing of approved suppliers and their public profiles. */
export function createSupplierListingService({ db, cache }: { db: Executor; cache?: ListCache }) {
  const queries = supplierListingQueries(db);
  /**
   * Like the jobs and tenders lists, one answer per normalised query is shared between visitors for the cache's
   * TTL (single flight); a registration's change empties it (its table's trigger, and the services' own call).
   */
  const shared = <T>(key: string, load: () => Promise<T>) => (cache ? cache.get(key, load) : load());
  return {
    letters(filters: ListingFilters): Promise<SupplierLetters> {
      const key = `suppliers:letters:${filters.country ?? ''}:${filters.category ?? ''}`;
      return shared(key, async () => ({ letters: await queries.letters(filters) }));
    },

    page(
      letter: SupplierLetter,
      filters: ListingFilters,
      cursor: string | undefined,
      pageSize: number,
    ): Promise<SupplierListingPage> {
      const after = cursor ? decodeListingCursor(cursor) : null;
      const key = `suppliers:page:${letter}:${filters.country ?? ''}:${filters.category ?? ''}:${pageSize}:${cursor ?? ''}`;
      return shared(key, () => this.load(letter, filters, after, pageSize));
    },

    async load(
      letter: SupplierLetter,
      filters: ListingFilters,
      after: ListingPosition | null,
      pageSize: number,
    ): Promise<SupplierListingPage> {
      const rows = await queries.page(letter, filters, after, pageSize + 1);
      const page = rows.slice(0, pageSize);
      const last = page.at(-1);
      return {
        letter,
        results: page.map((row) => ({
          id: row.id,
          name: row.name,
          country: { name: row.countryName, iso2: row.iso2 },
        })),
        next_cursor:
          rows.length > pageSize && last ? encodeListingCursor({ name: last.name, id: last.id }) : null,
      };
    },

    /** The sitemap's supplier profiles: `limit` ids at most. */
    sitemapIds(limit: number): Promise<number[]> {
      return queries.ids(limit);
    },

    async profile(id: number): Promise<SupplierProfile> {
      const row = await queries.profile(id);
      if (!row) throw notFound(message('supplier.not_found'));
      return {
        id: row.id,
        name: row.name,
        country: { name: row.countryName, iso2: row.iso2 },
        city: row.city,
        categories: row.categories,
        verified: row.pinCheck === 'verified',
        member_since: row.since.toISOString(),
      };
    },
  };
}
export type SupplierListingService = ReturnType<typeof createSupplierListingService>;
