import { minorToDecimalText, OCDS_METHOD } from '@zabuni/domain';
import type { Executor } from '../../../../infra/database.ts';
import {
  releasesOf,
  type OcdsProcess,
  type OcdsRelease,
  type OcdsSource,
} from '../../../shared/ocds/index.ts';
import { tenderingRepository } from './tendering.repository.ts';

type Found = NonNullable<Awaited<ReturnType<ReturnType<typeof tenderingRepository>['find']>>>;

const amountOf = (minor: number, currency: string) => Number(minorText(minor, currency));
function minorText(minor: number, currency: string) {
  return minorToDecimalText(minor, currency).replaceAll(',', '');
}

/** One published tender as an OCDS contracting process. */
async function processOf(db: Executor, found: Found, ocid: string): Promise<OcdsProcess> {
  const repository = tenderingRepository(db);
  const t = found.tender;
  const [bids, addenda] = await Promise.all([repository.bids(t.id), repository.addenda(t.id)]);
  const awarded = bids.find((b) => b.bid.id === t.awardBidId);
  return {
    ocid,
    buyer: { id: String(t.organisationId), name: found.buyerName },
    tender: {
      id: t.number,
      title: t.title,
      description: t.description,
      status: t.status === 'cancelled' ? 'cancelled' : t.status === 'awarded' ? 'complete' : 'active',
      procurementMethod: OCDS_METHOD[t.method],
      procurementMethodDetails: `PPADA 2015: ${t.method.replaceAll('_', ' ')}`,
      procurementMethodRationale: t.justification,
      mainProcurementCategory: t.category,
      value: { amount: amountOf(t.estimateMinor, t.currency), currency: t.currency },
      tenderPeriod: { startDate: t.publishedAt!.toISOString(), endDate: t.closingAt.toISOString() },
      publishedAt: t.publishedAt!.toISOString(),
      // Bidders are named only once the bids are opened (never while the tender is open).
      tenderers: t.technicalOpenedAt
        ? bids.map((b) => ({ id: String(b.bid.supplierId), name: b.supplierName }))
        : [],
      amendments: addenda.map((a) => ({
        id: `addendum-${a.id}`,
        date: a.createdAt.toISOString(),
        rationale: a.note,
      })),
      updatedAt: t.updatedAt.toISOString(),
    },
    award:
      t.status === 'awarded' && awarded && t.awardedAt
        ? {
            id: `${t.number}-award`,
            date: t.awardedAt.toISOString(),
            status: 'active',
            value: { amount: amountOf(awarded.bid.priceMinor ?? 0, t.currency), currency: t.currency },
            supplier: { id: String(awarded.bid.supplierId), name: awarded.supplierName },
            standstillEnd: t.standstillUntil?.toISOString() ?? null,
          }
        : null,
    contract:
      t.contractId && t.awardedAt
        ? { id: `contract-${t.contractId}`, date: t.updatedAt.toISOString(), status: 'pending' }
        : null,
  };
}

/** Tendering as an OCDS source: every published tender is one process (`<prefix>-tender-<id>`). */
export function tenderingOcdsSource(db: Executor, ocidPrefix: string): OcdsSource {
  const ocidOf = (id: number) => `${ocidPrefix}-tender-${id}`;
  const idOf = (ocid: string) => {
    const match = new RegExp(`^${ocidPrefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}-tender-(\\d+)$`).exec(
      ocid,
    );
    return match ? Number(match[1]) : null;
  };
  async function all(filter: { ocid?: string; tag?: string }): Promise<OcdsRelease[]> {
    const id = filter.ocid === undefined ? undefined : idOf(filter.ocid);
    if (id === null) return [];
    const { rows } = await tenderingRepository(db).publishedForOcds({ id }, { limit: 10_000, offset: 0 });
    const releases: OcdsRelease[] = [];
    for (const found of rows)
      releases.push(...releasesOf(await processOf(db, found, ocidOf(found.tender.id))));
    return filter.tag ? releases.filter((r) => r.tag.some((tag) => tag.startsWith(filter.tag!))) : releases;
  }
  return {
    count: async (filter) => (await all(filter)).length,
    releases: async (filter, offset, limit) => (await all(filter)).slice(offset, offset + limit),
    async record(ocid) {
      return idOf(ocid) === null ? null : all({ ocid });
    },
    /** A page of published tenders (oldest first, read a page at a time), each built as its releases. */
    async processes(filter, offset, limit) {
      const id = filter.ocid === undefined ? undefined : idOf(filter.ocid);
      if (id === null) return [];
      const { rows } = await tenderingRepository(db).publishedForOcds({ id }, { limit, offset });
      const out: OcdsRelease[][] = [];
      for (const found of rows) {
        const releases = releasesOf(await processOf(db, found, ocidOf(found.tender.id)));
        out.push(
          filter.tag ? releases.filter((r) => r.tag.some((tag) => tag.startsWith(filter.tag!))) : releases,
        );
      }
      return out;
    },
  };
}
