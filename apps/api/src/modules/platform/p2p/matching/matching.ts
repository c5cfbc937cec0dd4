import {
  DEFAULT_MATCH_SETTINGS,
  matchInvoice,
  resolveMatchSettings,
  type MatchInput,
  type MatchResult,
  type MatchSettings,
} from '@zabuni/domain';
import type { Executor } from '../../../../infra/database.ts';
import type { MatchFacts, MatchInvoiceLine, MatchSettingsRow } from './matching.queries.ts';
import { matchingSettingsRepository, overrideOf } from './matching.repository.ts';

/**
 * The settings that apply to an invoice: the organisation's default (industry 3-way, zero tolerance,
 * until set), the supplier's override, then the first category override among the order's categories
 * (in the order of its lines).
 */
export function settingsOf(facts: MatchFacts): MatchSettings {
  return resolvedSettings(
    facts.settings,
    facts.order.supplierId,
    facts.lines.map((line) => line.categoryId),
  );
}

/** The same, read on its own: goods receipts check quantities against the organisation's and supplier's. */
export async function settingsFor(
  db: Executor,
  organisationId: number,
  supplierId: number,
  categoryIds: number[],
): Promise<MatchSettings> {
  const rows = await matchingSettingsRepository(db).relevant(organisationId, supplierId, categoryIds);
  return resolvedSettings(rows, supplierId, categoryIds);
}

function resolvedSettings(
  rows: readonly Pick<MatchSettingsRow, 'scope' | 'scopeId' | 'level' | 'tolerances'>[],
  supplierId: number,
  categoryIds: readonly number[],
): MatchSettings {
  const organisation = rows.find((r) => r.scope === 'organisation');
  const base = organisation
    ? resolveMatchSettings(DEFAULT_MATCH_SETTINGS, overrideOf(organisation))
    : DEFAULT_MATCH_SETTINGS;
  const supplier = rows.find((r) => r.scope === 'supplier' && r.scopeId === supplierId);
  const category = [...new Set(categoryIds)]
    .map((id) => rows.find((r) => r.scope === 'category' && r.scopeId === id))
    .find(Boolean);
  return resolveMatchSettings(
    base,
    supplier ? overrideOf(supplier) : null,
    category ? overrideOf(category) : null,
  );
}

/**
 * Matches one invoice's lines against its order (read once by `readMatchFacts`), its receipts and
 * requisitions, under `settings`. The result is slim, as it is stored: each variance's figures and the
 * facts its explanation needs, no English sentence (`explainVariance` renders it where it is shown). `stored`: the invoice is one of the order's invoices already counted in
 * `facts.billed`, whose own lines are taken out of what was billed before it.
 */
export function matchAgainstOrder(
  facts: MatchFacts,
  invoiceLines: readonly MatchInvoiceLine[],
  settings: MatchSettings,
  options: { stored: boolean },
): MatchResult {
  const billed = new Map<number, { quantity: number; netMinor: number }>();
  for (const line of invoiceLines) {
    if (line.purchaseOrderLineId === null) continue;
    const sum = billed.get(line.purchaseOrderLineId) ?? { quantity: 0, netMinor: 0 };
    sum.quantity += line.quantityThousandths;
    sum.netMinor += line.netMinor;
    billed.set(line.purchaseOrderLineId, sum);
  }
  // Every other invoice not rejected counts: two pending invoices for the same goods must not both match.
  const before = new Map<number | null, { quantity: number; netMinor: number }>();
  for (const b of facts.billed)
    before.set(b.purchaseOrderLineId, { quantity: b.quantity, netMinor: b.netMinor });
  if (options.stored) {
    for (const line of invoiceLines) {
      const sum = before.get(line.purchaseOrderLineId);
      if (!sum) continue;
      sum.quantity -= line.quantityThousandths;
      sum.netMinor -= line.netMinor;
    }
  }
  let previouslyInvoicedNetMinor = 0;
  for (const sum of before.values()) previouslyInvoicedNetMinor += sum.netMinor;
  const input: MatchInput = {
    currency: facts.order.currency,
    lines: facts.lines.map((line) => {
      const mine = billed.get(line.id);
      return {
        lineKey: String(line.lineNo),
        label: `line ${line.lineNo} (${line.description})`,
        requisitioned: line.requisitioned,
        ordered: { quantity: line.quantityThousandths, unitPriceMinor: line.unitPriceMinor },
        received:
          line.acceptedThousandths + line.rejectedThousandths > 0
            ? { accepted: line.acceptedThousandths, rejected: line.rejectedThousandths }
            : null,
        // Several invoice lines on one order line are billed together, at their average price.
        invoiced: mine
          ? { quantity: mine.quantity, unitPriceMinor: Math.round((mine.netMinor * 1000) / mine.quantity) }
          : null,
        previouslyInvoicedQuantity: before.get(line.id)?.quantity ?? 0,
      };
    }),
    unmatchedInvoiceLines: invoiceLines
      .filter((line) => line.purchaseOrderLineId === null)
      .map((line) => ({
        lineKey: `x${line.lineNo}`,
        label: `invoice line ${line.lineNo}`,
        quantity: line.quantityThousandths,
        unitPriceMinor: line.unitPriceMinor,
      })),
    invoiceNetTotalMinor: invoiceLines.reduce((sum, line) => sum + line.netMinor, 0),
    orderNetTotalMinor: facts.order.subtotalMinor,
    previouslyInvoicedNetMinor,
  };
  // Slim: figures and facts, no sentences (what is stored; `explainVariance` renders them when shown).
  return matchInvoice(input, settings, { explain: false });
}
