import { message, type GoodsReceiptForm } from '@zabuni/contracts';
import {
  checkReceiptLine,
  hasRole,
  purchaseOrderTransition,
  quantityToThousandths,
  receiptStatus,
  thousandthsToQuantity,
} from '@zabuni/domain';
import type { Principal } from '../../../../infra/auth.ts';
import type { Db, Tx } from '../../../../infra/database.ts';
import { AppError, fieldError, lineError, notFound } from '../../../../infra/errors.ts';
import { currentOrganisation } from '../../../../infra/tenancy.ts';
import type { AuditService } from '../../../shared/audit/index.ts';
import { settingsFor } from '../matching/index.ts';
import type { NumberingService } from '../../../shared/numbering/index.ts';
import { purchaseOrdersRepository } from './purchase-orders.repository.ts';
import { RECEIVING_ROLES, type PurchaseOrdersService } from './purchase-orders.service.ts';

/**
 * Goods receipts (GRN): several per order, each line received = accepted + rejected, accepted in total
 * never beyond ordered × (1 + the organisation's quantity tolerance). The order moves to partially
 * received or received; invoices waiting on the goods are matched again (`afterReceipt`).
 */
export function createGoodsReceiptsService({
  db,
  audit,
  numbering,
  orders,
  afterReceipt,
}: {
  db: Db;
  audit: AuditService;
  numbering: NumberingService;
  orders: PurchaseOrdersService;
  afterReceipt: (tx: Tx, organisationId: number, purchaseOrderId: number) => Promise<void>;
}) {
  async function view(organisationId: number, purchaseOrderId: number) {
    const repository = purchaseOrdersRepository(db);
    const found = await repository.find(organisationId, purchaseOrderId);
    if (!found) throw notFound(message('purchase_order.not_found'));
    const receipts = await repository.receipts(purchaseOrderId);
    const lines = await repository.receiptLines(receipts.map((r) => r.receipt.id));
    const orderLines = await repository.lines(purchaseOrderId);
    return receipts.map(({ receipt, firstName, lastName }) => ({
      id: receipt.id,
      number: receipt.number,
      purchase_order: { id: purchaseOrderId, number: found.order.number },
      received_on: receipt.receivedOn,
      note: receipt.note,
      received_by: { id: receipt.receivedByUserId, name: `${firstName} ${lastName}` },
      created_at: receipt.createdAt.toISOString(),
      lines: lines
        .filter((l) => l.goodsReceiptId === receipt.id)
        .map((l) => {
          const orderLine = orderLines.find((o) => o.line.id === l.purchaseOrderLineId)!.line;
          return {
            purchase_order_line_id: l.purchaseOrderLineId,
            line_no: orderLine.lineNo,
            description: orderLine.description,
            received: thousandthsToQuantity(l.receivedThousandths),
            accepted: thousandthsToQuantity(l.acceptedThousandths),
            rejected: thousandthsToQuantity(l.rejectedThousandths),
            rejection_reason: l.rejectionReason,
          };
        }),
    }));
  }

  return {
    list: (principal: Principal, purchaseOrderId: number) =>
      view(currentOrganisation(principal), purchaseOrderId),

    async receive(principal: Principal, purchaseOrderId: number, form: GoodsReceiptForm, ip: string | null) {
      const organisationId = currentOrganisation(principal);
      const receiptId = await db.transaction(async (tx) => {
        const found = await orders.lockedForUpdate(tx, organisationId, purchaseOrderId);
        const allowed = purchaseOrderTransition({
          status: found.order.status,
          action: 'receive',
          actor: {
            isBuyerStaff: hasRole(principal.grants, RECEIVING_ROLES, organisationId),
            isSupplier: false,
            canApprove: false,
          },
          receipt: 'partial',
        });
        if (!allowed.ok) {
          throw allowed.reason === 'not_permitted'
            ? new AppError('forbidden', message('goods_receipt.not_permitted'))
            : new AppError(
                'conflict',
                message('goods_receipt.not_sent', { order_status: found.order.status.replace(/_/g, ' ') }),
              );
        }
        const repository = purchaseOrdersRepository(tx);
        const orderLines = await repository.lines(purchaseOrderId);
        const settings = await settingsFor(tx, organisationId, found.order.supplierId, []);
        const tolerance = settings.quantity.percentBasisPoints ?? 0;
        const accepted = new Map(orderLines.map((l) => [l.line.id, l.acceptedThousandths]));
        const values = form.lines.map((line, index) => {
          const orderLine = orderLines.find((l) => l.line.id === line.purchase_order_line_id);
          if (!orderLine) throw fieldError('lines', message('goods_receipt.line'));
          const received = quantityToThousandths(line.received)!;
          const acceptedNow = quantityToThousandths(line.accepted)!;
          const rejected = quantityToThousandths(line.rejected)!;
          const check = checkReceiptLine({
            ordered: orderLine.line.quantityThousandths,
            alreadyAccepted: accepted.get(orderLine.line.id)!,
            received,
            accepted: acceptedNow,
            rejected,
            tolerancePercentBasisPoints: tolerance,
          });
          if (!check.ok) {
            throw lineError(
              'lines',
              index,
              check.problem === 'nothing_received'
                ? message('goods_receipt.nothing_received')
                : check.problem === 'over_tolerance'
                  ? message('goods_receipt.over_tolerance', {
                      max: thousandthsToQuantity(check.maxAcceptable),
                      unit: orderLine.line.unit,
                      ordered: thousandthsToQuantity(orderLine.line.quantityThousandths),
                    })
                  : message('goods_receipt.mismatch'),
            );
          }
          if (rejected > 0 && !line.rejection_reason)
            throw lineError('lines', index, message('goods_receipt.reason'));
          accepted.set(orderLine.line.id, check.acceptedTotal);
          return {
            purchaseOrderLineId: orderLine.line.id,
            receivedThousandths: received,
            acceptedThousandths: acceptedNow,
            rejectedThousandths: rejected,
            rejectionReason: line.rejection_reason,
          };
        });
        const number = await numbering.next(tx, organisationId, 'goods_receipt');
        const receiptId = await repository.insertReceipt({
          organisationId,
          purchaseOrderId,
          number,
          receivedOn: form.received_on,
          note: form.note,
          receivedByUserId: principal.userId,
        });
        await repository.insertReceiptLines(values.map((v) => ({ ...v, goodsReceiptId: receiptId })));
        const status = receiptStatus(
          orderLines.map((l) => ({
            orderedThousandths: l.line.quantityThousandths,
            acceptedThousandths: accepted.get(l.line.id)!,
          })),
        );
        const moved = purchaseOrderTransition({
          status: found.order.status,
          action: 'receive',
          actor: { isBuyerStaff: true, isSupplier: false, canApprove: false },
          receipt: status,
        });
        if (moved.ok && moved.to !== found.order.status) {
          if (
            !(await repository.updateWhere(organisationId, purchaseOrderId, [moved.from], {
              status: moved.to,
            }))
          ) {
            throw new AppError('conflict', message('purchase_order.conflict'));
          }
        }
        await audit.record(tx, {
          action: 'purchase_order.received',
          actorUserId: principal.userId,
          organisationId,
          ip,
          detail: {
            purchase_order_id: purchaseOrderId,
            goods_receipt_id: receiptId,
            number,
            receipt: status,
          },
        });
        await afterReceipt(tx, organisationId, purchaseOrderId);
        return receiptId;
      });
      const receipts = await view(organisationId, purchaseOrderId);
      return receipts.find((r) => r.id === receiptId)!;
    },
  };
}
export type GoodsReceiptsService = ReturnType<typeof createGoodsReceiptsService>;
