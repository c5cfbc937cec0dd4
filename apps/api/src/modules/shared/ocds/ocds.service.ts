import type { Clock } from '../../../infra/clock.ts';
import type { OcdsRelease } from './ocds-release.ts';
import { compiledRelease } from './ocds-release.ts';

/** A module that publishes contracting processes (tendering today). */
export interface OcdsSource {
  /** How many releases match. */
  count(filter: OcdsFilter): Promise<number>;
  /** The matching releases, oldest first, from `offset`. */
  releases(filter: OcdsFilter, offset: number, limit: number): Promise<OcdsRelease[]>;
  /** Every release of one ocid (its record), or null when the ocid is not this source's. */
  record(ocid: string): Promise<OcdsRelease[] | null>;
}

export interface OcdsFilter {
  ocid?: string;
  tag?: 'tender' | 'award' | 'contract';
}

/**
 * OCDS publication (issue 21): release packages paged across the registered sources, and a record per ocid.
 * Publisher, licence and policy come from the configuration.
 */
export function createOcdsService({
  publicUrl,
  publisherName,
  license,
  publicationPolicy,
  clock,
}: {
  clock: Clock;
  publicUrl: string;
  publisherName: string;
  license: string | null;
  publicationPolicy: string | null;
}) {
  const sources: OcdsSource[] = [];
  const packageBase = (uri: string, publishedDate: Date) => ({
    uri,
    version: '1.1' as const,
    publishedDate: publishedDate.toISOString(),
    publisher: { name: publisherName },
  });
  return {
    now: () => clock.now(),
    register(source: OcdsSource) {
      sources.push(source);
    },

    async releases(filter: OcdsFilter, page: { offset: number; pageSize: number }) {
      let count = 0;
      let offset = page.offset;
      const releases: OcdsRelease[] = [];
      for (const source of sources) {
        const n = await source.count(filter);
        count += n;
        if (releases.length < page.pageSize && offset < n)
          releases.push(...(await source.releases(filter, offset, page.pageSize - releases.length)));
        offset = Math.max(0, offset - n);
      }
      return { count, releases };
    },

    releasePackage(
      uri: string,
      now: Date,
      rest: { count: number; next: string | null; previous: string | null; releases: OcdsRelease[] },
    ) {
      return { ...packageBase(uri, now), license, publicationPolicy, ...rest };
    },

    async recordPackage(ocid: string, now: Date) {
      for (const source of sources) {
        const releases = await source.record(ocid);
        if (releases && releases.length > 0)
          return {
            ...packageBase(`${publicUrl}/api/v1/ocds/records/${encodeURIComponent(ocid)}/`, now),
            records: [{ ocid, releases, compiledRelease: compiledRelease(releases) }],
          };
      }
      return null;
    },
  };
}
export type OcdsService = ReturnType<typeof createOcdsService>;
