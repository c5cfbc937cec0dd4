import { formatDocumentNumber, type NumberedDocument } from '@zabuni/domain';
import type { Tx } from '../../../infra/database.ts';
import type { Clock } from '../../../infra/clock.ts';
import { numberingRepository } from './numbering.repository.ts';

/** Year in Nairobi (UTC+3, no DST): a document created at 23:30 UTC on 31 December is next year's. */
const nairobiYear = (instant: Date) => new Date(instant.getTime() + 3 * 3_600_000).getUTCFullYear();

/**
 * Numbers platform documents (`REQ-2026-00042`): per organisation, type and year, gap-free. Call it inside
 * the transaction that creates the document; the counter row stays locked until that transaction ends,
 * so documents of one type in one organisation are numbered one at a time.
 */
export function createNumberingService({ clock }: { clock: Clock }) {
  return {
    async next(tx: Tx, organisationId: number, type: NumberedDocument): Promise<string> {
      const year = nairobiYear(clock.now());
      const sequence = await numberingRepository(tx).take(organisationId, type, year);
      return formatDocumentNumber(type, year, sequence);
    },
  };
}
export type NumberingService = ReturnType<typeof createNumberingService>;
