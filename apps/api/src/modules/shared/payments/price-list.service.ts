import { message } from '@zabuni/contracts';
import type { Principal } from '../../../infra/auth.ts';
import type { Db } from '../../../infra/database.ts';
import { notFound } from '../../../infra/errors.ts';
import type { AuditService } from '../audit/index.ts';
import { priceListRepository } from './price-list.repository.ts';

/**
 * The operator edits the price list (issue 17): a product's new amount applies to orders created after the
 * change (an order keeps the amount it was created with). Audited with the old and new amounts.
 */
export function createPriceListService({ db, audit }: { db: Db; audit: AuditService }) {
  return {
    async setPrice(principal: Principal, product: string, amountMinor: number, ip: string | null) {
      return db.transaction(async (tx) => {
        const list = priceListRepository(tx);
        const before = await list.lock(product);
        if (!before) throw notFound(message('price.not_found'));
        const row = (await list.setAmount(product, amountMinor))!;
        await audit.record(tx, {
          action: 'price.changed',
          actorUserId: principal.userId,
          ip,
          detail: { product, currency: row.currency, from_minor: before.amountMinor, to_minor: amountMinor },
        });
        return row;
      });
    },
  };
}
export type PriceListService = ReturnType<typeof createPriceListService>;
