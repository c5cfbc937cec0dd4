/**
 * OCDS 1.1 releases (Open Contracting Data Standard; PROCUREMENT-FACTS "OCDS release structure"): one
 * contracting process (ocid) publishes a `tender` release at publication, an `award` release at the award and
 * a `contract` release when a contract is linked. A process is described here in a neutral shape, so any
 * sourcing module (tenders today; RFQs and auctions later) can publish through the same builder.
 */

export interface OcdsParty {
  id: string;
  name: string;
  roles: Array<'buyer' | 'procuringEntity' | 'supplier' | 'tenderer'>;
}

export interface OcdsValue {
  amount: number;
  currency: string;
}

export interface OcdsProcess {
  ocid: string;
  buyer: { id: string; name: string };
  tender: {
    id: string;
    title: string;
    description: string;
    status: 'active' | 'cancelled' | 'unsuccessful' | 'complete';
    procurementMethod: 'open' | 'selective' | 'limited' | 'direct';
    procurementMethodDetails: string;
    procurementMethodRationale: string | null;
    mainProcurementCategory: 'goods' | 'works' | 'services';
    value: OcdsValue;
    tenderPeriod: { startDate: string; endDate: string };
    publishedAt: string;
    tenderers: Array<{ id: string; name: string }>;
    amendments: Array<{ id: string; date: string; rationale: string }>;
    updatedAt: string;
  };
  award: {
    id: string;
    date: string;
    status: 'pending' | 'active' | 'cancelled' | 'unsuccessful';
    value: OcdsValue;
    supplier: { id: string; name: string };
    /** The 14-day standstill (OCDS 1.2-dev `tender.standstillPeriod`; kept in the award's description here). */
    standstillEnd: string | null;
  } | null;
  contract: { id: string; date: string; status: 'pending' | 'active' } | null;
}

export type OcdsRelease = Record<string, unknown> & {
  ocid: string;
  id: string;
  date: string;
  tag: string[];
  initiationType: 'tender';
};

const partyId = (kind: string, id: string) => `${kind}-${id}`;

/** The releases of one process, oldest first: tender, then award, then contract, each cumulative. */
export function releasesOf(process: OcdsProcess): OcdsRelease[] {
  const buyerParty: OcdsParty = {
    id: partyId('org', process.buyer.id),
    name: process.buyer.name,
    roles: ['buyer', 'procuringEntity'],
  };
  const tenderers = process.tender.tenderers.map((t) => ({ id: partyId('org', t.id), name: t.name }));
  const parties = (withSupplier: boolean): OcdsParty[] => [
    buyerParty,
    ...tenderers.map((t) => ({
      ...t,
      roles:
        withSupplier && process.award && t.id === partyId('org', process.award.supplier.id)
          ? (['tenderer', 'supplier'] as OcdsParty['roles'])
          : (['tenderer'] as OcdsParty['roles']),
    })),
  ];
  const t = process.tender;
  const tender = {
    id: t.id,
    title: t.title,
    description: t.description,
    status: t.status,
    procuringEntity: { id: buyerParty.id, name: buyerParty.name },
    value: t.value,
    procurementMethod: t.procurementMethod,
    procurementMethodDetails: t.procurementMethodDetails,
    ...(t.procurementMethodRationale ? { procurementMethodRationale: t.procurementMethodRationale } : {}),
    mainProcurementCategory: t.mainProcurementCategory,
    submissionMethod: ['electronicSubmission'],
    submissionMethodDetails: 'Two sealed envelopes (technical, financial) in the Zabuni supplier portal',
    tenderPeriod: t.tenderPeriod,
    awardCriteria: 'qualityAndCost',
    numberOfTenderers: tenderers.length,
    tenderers,
    ...(t.amendments.length ? { amendments: t.amendments } : {}),
  };
  const base = (suffix: string, date: string, tag: string[]) => ({
    ocid: process.ocid,
    id: `${process.ocid}-${suffix}`,
    date,
    tag,
    initiationType: 'tender' as const,
    language: 'en',
    buyer: { id: buyerParty.id, name: buyerParty.name },
  });
  const releases: OcdsRelease[] = [
    {
      ...base('tender', t.publishedAt, ['tender']),
      parties: parties(false),
      tender: { ...tender, tenderers: [], numberOfTenderers: 0 },
    },
  ];
  if (t.status === 'cancelled' || t.tenderers.length > 0 || t.amendments.length > 0)
    releases.push({
      ...base(`tender-update`, t.updatedAt, [
        t.status === 'cancelled'
          ? 'tenderCancellation'
          : t.amendments.length
            ? 'tenderAmendment'
            : 'tenderUpdate',
      ]),
      parties: parties(false),
      tender,
    });
  const a = process.award;
  const award = a
    ? {
        id: a.id,
        title: `Award of ${t.title}`,
        ...(a.standstillEnd
          ? { description: `Standstill period ends ${a.standstillEnd}; no contract is signed before.` }
          : {}),
        status: a.status,
        date: a.date,
        value: a.value,
        suppliers: [{ id: partyId('org', a.supplier.id), name: a.supplier.name }],
      }
    : null;
  if (award)
    releases.push({ ...base('award', a!.date, ['award']), parties: parties(true), tender, awards: [award] });
  if (award && process.contract) {
    const c = process.contract;
    releases.push({
      ...base('contract', c.date, ['contract']),
      parties: parties(true),
      tender,
      awards: [award],
      contracts: [{ id: c.id, awardID: award.id, title: t.title, status: c.status, value: award.value }],
    });
  }
  return releases;
}

/** The compiled release of a record: the latest release's content, tagged `compiled`. */
export function compiledRelease(releases: readonly OcdsRelease[]): OcdsRelease {
  const latest = releases[releases.length - 1]!;
  return { ...latest, id: `${latest.ocid}-compiled`, tag: ['compiled'] };
}
