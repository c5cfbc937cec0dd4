import { budgetOverrunMessage, message } from '@zabuni/contracts';
import { formatMinor, invoiceParties, type DocumentParty } from '@zabuni/domain';
import type { Clock } from '../../../../infra/clock.ts';
import type { Executor, Tx } from '../../../../infra/database.ts';
import { AppError } from '../../../../infra/errors.ts';
import { recordedDecisions } from '../../../shared/approvals/index.ts';
import { engineStore, type ApprovalAdapter, type ApprovalSubject } from '../../../shared/approvals/index.ts';
import type { BudgetsService } from '../../setup/budgets/index.ts';
import type { AnnouncedMail, NotificationsService } from '../../../shared/notifications/index.ts';
import { purchaseOrderReads } from '../purchase-orders/index.ts';
import { invoicesRepository } from './invoices.repository.ts';

type Found = NonNullable<Awaited<ReturnType<ReturnType<typeof invoicesRepository>['find']>>>;

export const invoicePath = (id: number) => `/app/p2p/invoices/${id}`;

/**
 * Who took part in raising an invoice (segregation of duties): whoever entered it (a supplier's user
 * holds no role here; finance who typed it may not decide it), the buyer who raised its order, the
 * requesters of the requisitions the order was made from. Also the cost centres and categories its order
 * charges, for matching the workflow's rules.
 */
export async function invoiceContext(tx: Executor, found: Found) {
  const orders = purchaseOrderReads(tx);
  const order = await orders.find(found.invoice.organisationId, found.invoice.purchaseOrderId);
  const lines = await orders.lines(found.invoice.purchaseOrderId);
  const parties: DocumentParty[] = invoiceParties({
    orderRaisedBy: order?.order.createdByUserId ?? 0,
    sourceRequesterIds: lines.flatMap((l) => (l.requisitionRequesterId ? [l.requisitionRequesterId] : [])),
    enteredBy: found.invoice.submittedByUserId,
  });
  return {
    parties,
    costCentreIds: [...new Set(lines.map(({ line }) => String(line.departmentId)))],
    categoryIds: [...new Set(lines.map(({ line }) => String(line.categoryId)))],
  };
}

const store = engineStore('invoice');

/** The invoice as the approval engine reads it. */
export async function invoiceSubject(tx: Executor, found: Found): Promise<ApprovalSubject> {
  const i = found.invoice;
  const [context, route] = await Promise.all([invoiceContext(tx, found), store.current(tx, i.id)]);
  return {
    id: i.id,
    organisationId: i.organisationId,
    // Waiting under the workflow: matched (inside tolerance, or accepted by finance) with a route.
    pending: i.status === 'matched' && route !== null,
    status: i.status,
    round: route?.round ?? 0,
    route: route?.route ?? null,
    number: i.invoiceNumber,
    title: found.supplierName,
    supplier: { id: i.supplierId, name: found.supplierName },
    requester: { id: i.submittedByUserId, name: `${found.submitterFirstName} ${found.submitterLastName}` },
    // What the approver is asked to approve: the total less its credit notes.
    amountMinor: i.totalMinor - found.creditedMinor,
    currency: i.currency,
    ...context,
    submittedAt: i.submittedAt,
    createdAt: i.submittedAt,
  };
}

/** The budget figures of an invoice's approval (its approver sees them on the invoice before deciding). */
export async function invoiceBudgetFigures(budgets: BudgetsService, tx: Executor, found: Found, at: Date) {
  const repository = invoicesRepository(tx);
  const id = found.invoice.id;
  const lines = await repository.lines(id);
  const credited = await repository.creditedPerLine(id);
  const orderLines = await purchaseOrderReads(tx).lines(found.invoice.purchaseOrderId);
  const before = await repository.billedBefore(found.invoice.purchaseOrderId, id, 'approved');
  return budgets.checkInvoice(tx, {
    organisationId: found.invoice.organisationId,
    currency: found.invoice.currency,
    at,
    lines: lines.flatMap((line) => {
      // An extra line (accepted with a reason) is charged like the order's first line.
      const orderLine =
        orderLines.find((l) => l.line.id === line.purchaseOrderLineId)?.line ?? orderLines[0]?.line;
      if (!orderLine) return [];
      const billed = before.find((b) => b.purchaseOrderLineId === orderLine.id)?.netMinor ?? 0;
      return [
        {
          departmentId: orderLine.departmentId,
          categoryId: orderLine.categoryId,
          // Net of its credit notes.
          amountMinor: line.netMinor - (credited.get(line.id) ?? 0),
          orderCommittedMinor:
            line.purchaseOrderLineId === null ? 0 : Math.max(0, orderLine.netMinor - billed),
        },
      ];
    }),
  });
}

/**
 * The budget check on actuals at an invoice's approval: its net lines, less what their order still
 * commits. A `stop` budget refuses here (409); the checks are returned for `warn`.
 */
export async function invoiceBudgetChecks(budgets: BudgetsService, tx: Executor, found: Found, at: Date) {
  const checks = await invoiceBudgetFigures(budgets, tx, found, at);
  for (const { check } of checks) {
    if (check.outcome === 'currency_mismatch') {
      throw new AppError(
        'conflict',
        message('invoice.currency_mismatch', {
          document_currency: check.documentCurrency,
          budget_currency: check.budgetCurrency,
        }),
      );
    }
    if (check.outcome === 'over' && check.action === 'stop')
      throw new AppError('conflict', budgetOverrunMessage(check.messageParts));
  }
  return checks.filter(({ check }) => check.outcome === 'over' && check.action === 'warn');
}

/** What every mail to a supplier about its invoice says: the invoice's number, the buyer and the total. */
export interface InvoiceMailFacts {
  reference: string;
  buyer: string;
  amount: string;
}
export type SupplierInvoiceMail = Extract<
  AnnouncedMail,
  { template: 'invoice_approved' | 'invoice_rejected' | 'credit_note_requested' | 'payment_recorded' }
>;

/** The supplier hears of the outcome in the portal and by mail. */
export async function tellSupplier(
  notifications: NotificationsService,
  tx: Executor,
  found: Found,
  mail: (invoice: InvoiceMailFacts) => SupplierInvoiceMail,
) {
  const users = await purchaseOrderReads(tx).supplierUsers(found.invoice.supplierId);
  return notifications.announce(tx, {
    userIds: users,
    organisationId: found.invoice.supplierId,
    ...mail({
      reference: found.invoice.invoiceNumber,
      buyer: found.buyerName,
      amount: formatMinor(found.invoice.totalMinor, found.invoice.currency),
    }),
    path: `/portal/invoices/${found.invoice.id}`,
  });
}

/**
 * How invoices plug into the approval engine when the organisation has an invoice workflow: a matched
 * invoice is approved by the workflow's steps in order (finance only where finance is a step); the final
 * approval runs the budget check on actuals and moves it to approved; a rejection sends it back to the
 * supplier with the reason. Without a workflow there is no route and finance approves alone.
 */
export function invoiceApprovalAdapter({
  budgets,
  notifications,
  clock,
}: {
  budgets: BudgetsService;
  notifications: NotificationsService;
  clock: Clock;
}): ApprovalAdapter {
  return {
    type: 'invoice',
    words: {
      notFound: 'invoice.not_found',
      ownDocument: 'segregation.entered_invoice',
      raisedSourceRequisition: 'segregation.invoice_raised_source_requisition',
      notYourTurn: 'invoice.not_your_turn',
      alreadyDecided: 'approval.already_decided',
      finished: 'invoice.finished',
      conflict: 'invoice.conflict',
      unassignable: 'invoice.unassignable',
      overBudgetUnassignable: 'invoice.unassignable',
      commentRequired: 'invoice.reason',
      notTaken: 'invoice.not_taken',
    },
    kinds: ['approved', 'rejected'],
    askTemplate: 'invoice_approval_requested',
    auditAction: (kind) => (kind === 'approved' ? 'invoice.approved' : 'invoice.rejected'),
    path: invoicePath,
    lock: (tx, organisationId, id) => invoicesRepository(tx).lock(organisationId, id),
    async load(tx, organisationId, id) {
      const found = await invoicesRepository(tx).find(organisationId, id);
      return found ? invoiceSubject(tx, found) : null;
    },
    async loadMany(tx, organisationId, ids) {
      const rows = await invoicesRepository(tx).findMany(organisationId, ids);
      return Promise.all(rows.map((found) => invoiceSubject(tx, found)));
    },
    async waiting(tx, organisationId) {
      const matched = await invoicesRepository(tx).matched(organisationId);
      const ids = matched.map((row) => row.id);
      const routes = await store.latestRoutes(tx, ids);
      if (routes.length === 0) return [];
      const decisions = await store.decisionsOf(tx, ids);
      const waiting = [];
      for (const row of matched) {
        const route = routes.find((r) => r.documentId === row.id);
        if (!route) continue;
        const found = (await invoicesRepository(tx).find(organisationId, row.id))!;
        waiting.push({
          id: row.id,
          route: route.route,
          parties: (await invoiceContext(tx, found)).parties,
          submittedAt: row.submittedAt,
          decisions: recordedDecisions(
            decisions.filter((d) => d.decision.documentId === row.id && d.decision.round === route.round),
          ),
        });
      }
      return waiting;
    },
    decisions: (tx, id, round) => store.decisions(tx, id, round),
    insertDecision: (tx, subject, decision) => store.insertDecision(tx, subject.id, decision),
    saveRoute: (tx, subject, route) => store.saveRoute(tx, subject.id, subject.round, route),
    async overBudgetAtApproval(tx: Tx, subject) {
      const found = (await invoicesRepository(tx).find(subject.organisationId, subject.id))!;
      const warned = await invoiceBudgetChecks(budgets, tx, found, clock.now());
      return [...new Set(warned.map(({ budget }) => String(budget.departmentId)))];
    },
    async finish(tx, principal, subject, state, comment) {
      const repository = invoicesRepository(tx);
      const found = (await repository.find(subject.organisationId, subject.id))!;
      const to = state === 'approved' ? 'approved' : 'rejected';
      const changed = await repository.updateWhere(subject.organisationId, subject.id, ['matched'], {
        status: to,
        decidedAt: clock.now(),
        decidedByUserId: principal.userId,
      });
      if (!changed) return { changed, mailIds: [] };
      if (to === 'approved')
        return {
          changed,
          mailIds: await tellSupplier(notifications, tx, found, (invoice) => ({
            template: 'invoice_approved',
            params: invoice,
          })),
        };
      // Every rejection keeps its reason beside the invoice.
      await repository.insertResolution({
        invoiceId: subject.id,
        kind: 'reject',
        reason: comment,
        userId: principal.userId,
      });
      return {
        changed,
        mailIds: await tellSupplier(notifications, tx, found, ({ amount: _, ...invoice }) => ({
          template: 'invoice_rejected',
          params: { ...invoice, reason: comment },
        })),
      };
    },
  };
}
