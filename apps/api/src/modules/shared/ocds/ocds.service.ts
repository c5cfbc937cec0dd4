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
  /**
   * The matching processes from `offset`, at most `limit`, in a stable order (oldest first), each as its
   * releases (oldest first, only those with the filter's tag: possibly none). Only these processes are read
   * (paged in the database) and built. A source without it is paged through `releases`, one release a step.
   */
  processes?(filter: OcdsFilter, offset: number, limit: number): Promise<OcdsRelease[][]>;
}

/**
 * Where a page of releases starts: the source (in registration order), the process within it (its offset in
 * the source's stable order; for a source without `processes`, the release's offset) and the release within
 * the process. Written into `links.next` as `s.p.r`.
 */
export interface OcdsCursor {
  source: number;
  process: number;
  release: number;
}
export const OCDS_CURSOR_PATTERN = /^\d{1,3}\.\d{1,9}\.\d{1,2}$/;
export const formatCursor = (c: OcdsCursor) => `${c.source}.${c.process}.${c.release}`;
export function parseCursor(text: string): OcdsCursor {
  const [source, process, release] = text.split('.').map(Number);
  return { source: source!, process: process!, release: release! };
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

    /**
     * One page of releases from `cursor`, built from the page's processes only (each source reads them a page
     * at a time from the database), and the cursor of the next page (null at the end).
     */
    async page(
      filter: OcdsFilter,
      from: OcdsCursor,
      pageSize: number,
    ): Promise<{ releases: OcdsRelease[]; next: OcdsCursor | null }> {
      const out: OcdsRelease[] = [];
      let { source, process, release } = from;
      // Processes of the current source read but not (fully) on the page: is there more after it?
      let leftOver = false;
      while (source < sources.length && out.length < pageSize) {
        const src = sources[source]!;
        const limit = pageSize - out.length;
        const batch = src.processes
          ? await src.processes(filter, process, limit)
          : (await src.releases(filter, process, limit)).map((one) => [one]);
        let used = 0;
        for (const releases of batch) {
          const take = releases.slice(release, release + (pageSize - out.length));
          out.push(...take);
          release += take.length;
          if (release >= releases.length) {
            process += 1;
            release = 0;
            used += 1;
          }
          if (out.length >= pageSize) break;
        }
        leftOver = release > 0 || batch.slice(used).some((releases) => releases.length > 0);
        if (out.length < pageSize && batch.length < limit) {
          source += 1;
          process = 0;
          release = 0;
        }
      }
      if (source >= sources.length) return { releases: out, next: null };
      const next = { source, process, release };
      if (leftOver) return { releases: out, next };
      // The page ended exactly at a batch's end: one release further says whether another page exists.
      const peek = await this.page(filter, next, 1);
      return { releases: out, next: peek.releases.length > 0 ? next : null };
    },

    /** An OCDS 1.1 release package; `next` is the next page's address (OCDS `links.next`), absent at the end. */
    releasePackage(uri: string, now: Date, rest: { next: string | null; releases: OcdsRelease[] }) {
      return {
        ...packageBase(uri, now),
        license,
        publicationPolicy,
        releases: rest.releases,
        links: rest.next ? { next: rest.next } : {},
      };
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
