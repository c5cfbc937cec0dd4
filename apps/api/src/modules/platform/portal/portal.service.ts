import { message } from '@zabuni/contracts';
import type { PurchaseOrderStatus, Role } from '@zabuni/domain';
import type { Principal } from '../../../infra/auth.ts';
import type { Db } from '../../../infra/database.ts';
import { AppError } from '../../../infra/errors.ts';
import type { PageRequest } from '../../../infra/pagination.ts';
import { currentOrganisation } from '../../../infra/tenancy.ts';
import { purchaseOrderReads } from '../p2p/purchase-orders/index.ts';
import type { PurchaseOrdersService } from '../p2p/purchase-orders/index.ts';
import { buyersListingSupplier } from './portal.queries.ts';

const SUPPLIER_ROLES: Role[] = ['supplier_admin', 'supplier_user'];

function supplierGrant(principal: Principal) {
  const grant = principal.grants.find((g) => SUPPLIER_ROLES.includes(g.role));
  if (!grant) throw new AppError('forbidden', message('portal.not_supplier'));
  return grant;
}

/**
 * The supplier organisation the caller works for. A supplier user sees only documents addressed to it,
 * and of those only the selected buyer's (`buyer_company_id`).
 */
export function supplierOf(principal: Principal): { supplierId: number; buyerId: number } {
  return { supplierId: supplierGrant(principal).organisationId, buyerId: currentOrganisation(principal) };
}

/** The supplier portal's own reads; invoices, orders and statements are their modules' services. */
export function createPortalService({ db, orders }: { db: Db; orders: PurchaseOrdersService }) {
  return {
    /** The buyers whose supplier lists hold the caller's organisation (to switch between them). */
    async buyers(principal: Principal) {
      const grant = supplierGrant(principal);
      const results = await buyersListingSupplier(db, grant.organisationId);
      return { current: principal.buyerCompanyId, results };
    },

    /** Purchase orders the selected buyer sent to the caller's organisation. */
    async sentPurchaseOrders(
      principal: Principal,
      filter: { status?: PurchaseOrderStatus; search?: string; ordering?: string },
      page: PageRequest,
    ) {
      const { supplierId, buyerId } = supplierOf(principal);
      // TODO(issue 14): the purchase-orders service should list what was sent to a supplier itself.
      const { count, rows } = await purchaseOrderReads(db).list(
        { organisationId: buyerId, supplierId, sentOnly: true },
        filter,
        page.offset,
        page.pageSize,
      );
      return { count, results: rows.map(orders.summaryOf) };
    },
  };
}
export type PortalService = ReturnType<typeof createPortalService>;
