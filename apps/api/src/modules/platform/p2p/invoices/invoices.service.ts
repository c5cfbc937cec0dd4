import {
  message,
  messageWith,
  type MessageKey,
  type InvoiceForm,
  type InvoiceView,
  type SupplierPaymentForm,
} from '@zabuni/contracts';
import {
  availableInvoiceActions,
  canApproveOverBudget,
  checkPayment,
  conflictOfInterest,
  decimalTextToMinor,
  explainVariance,
  formatMinor,
  hasRole,
  invoiceTransition,
  lineAmountMinor,
  minorToDecimalText,
  nairobiDate,
  openAmountMinor,
  paymentStatus,
  invoiceStatusForPayment,
  quantityToThousandths,
  REQUISITION_ORDER_KINDS,
  taxMinor as lineTaxMinor,
  thousandthsToQuantity,
  type DocumentPart,
  type ExceptionResolution,
  type InvoiceAction,
  type InvoiceActor,
  type MatchResult,
  type Variance,
} from '@zabuni/domain';
import { randomBytes } from 'node:crypto';
import type { Principal } from '../../../../infra/auth.ts';
import { checkDocument } from '../../../../infra/file-types.ts';
import type { FileStorage } from '../../../../infra/storage.ts';
import type { Db, Executor, Tx } from '../../../../infra/database.ts';
import { AppError, fieldError, isUniqueViolation, lineError, notFound } from '../../../../infra/errors.ts';
import type { PageRequest } from '../../../../infra/pagination.ts';
import { currentOrganisation } from '../../../../infra/tenancy.ts';
import type { ApprovalsService } from '../../../shared/approvals/index.ts';
import type { AuditAction, AuditService } from '../../../shared/audit/index.ts';
import { budgetChecksView, type BudgetsService } from '../../setup/budgets/index.ts';
import type { Clock } from '../../../../infra/clock.ts';
import type { NotificationsService } from '../../../shared/notifications/index.ts';
import { purchaseOrderReads } from '../purchase-orders/index.ts';
import { invoicesRepository } from './invoices.repository.ts';
import { matchAgainstOrder, readMatchFacts, settingsOf } from '../matching/index.ts';
import {
  invoiceBudgetChecks,
  invoiceBudgetFigures,
  invoiceContext,
  invoicePath,
  invoiceSubject,
  tellSupplier as tellSupplierOf,
  type InvoiceMailFacts,
  type SupplierInvoiceMail,
} from './invoices.approval.ts';

export const MAX_INVOICE_FILE_BYTES = 10 * 1024 * 1024;
/** Orders that can be invoiced: sent to the supplier and not closed or cancelled. */
const INVOICEABLE = new Set(['sent', 'acknowledged', 'partially_received', 'received']);

type Found = NonNullable<Awaited<ReturnType<ReturnType<typeof invoicesRepository>['find']>>>;

const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** The match outcome in one sentence: what happens next. */
function summaryOfMatch(result: MatchResult): string {
  const blocking = result.variances.filter((v) => v.blocking);
  if (blocking.length === 0) {
    return 'The invoice matches the purchase order and the goods received: it goes to approval.';
  }
  return `The invoice does not match on ${blocking.length} point${blocking.length === 1 ? '' : 's'}: finance will review it.`;
}

/** A stored match without the buyer's own requisition ↔ order comparisons. */
function supplierSide(result: MatchResult): MatchResult {
  const variances = result.variances.filter((v) => !REQUISITION_ORDER_KINDS.includes(v.kind));
  return { ...result, variances, withinTolerance: !variances.some((v) => v.blocking) };
}

/** The invoice as lists show it. */
function summaryOf(found: Found) {
  const i = found.invoice;
  const money = (minor: number) => minorToDecimalText(minor, i.currency);
  return {
    id: i.id,
    invoice_number: i.invoiceNumber,
    status: i.status,
    supplier: { id: i.supplierId, name: found.supplierName },
    buyer: { id: i.organisationId, name: found.buyerName },
    purchase_order: { id: i.purchaseOrderId, number: found.orderNumber },
    invoice_date: i.invoiceDate,
    due_date: i.dueDate,
    currency: i.currency,
    subtotal: money(i.subtotalMinor),
    tax: money(i.taxMinor),
    total: money(i.totalMinor),
    paid: money(found.paidMinor),
    credited: money(found.creditedMinor),
    outstanding: money(openAmountMinor(i.totalMinor, found.creditedMinor, found.paidMinor)),
    within_tolerance: i.matchResult.withinTolerance,
    blocking_variances: i.matchResult.variances.filter((v) => v.blocking).length,
    submitted_at: i.submittedAt.toISOString(),
  };
}

/**
 * Issue 7 invoices: submitted by the supplier in the portal (or entered by finance), matched at the
 * organisation's level under its tolerances, approved (with the budget check on actuals) or sent to the
 * exception queue where finance accepts with a reason, requests a credit note or rejects. The invoice is
 * never edited: the match, resolutions and payments are recorded beside it.
 */
export function createInvoicesService({
  db,
  audit,
  budgets,
  notifications,
  files,
  clock,
  approvals,
}: {
  db: Db;
  files: FileStorage;
  /** The approval engine: an invoice under the organisation's invoice workflow is approved there. */
  approvals: ApprovalsService;
  audit: AuditService;
  budgets: BudgetsService;
  notifications: NotificationsService;
  clock: Clock;
}) {
  const actorOf = (principal: Principal, organisationId: number): InvoiceActor => {
    const isFinance = hasRole(principal.grants, ['finance'], organisationId);
    return { isFinance, canApprove: isFinance };
  };

  /**
   * Segregation of duties: how the caller took part in raising this invoice (entered it, raised its
   * order, raised a requisition the order was made from), or null when they may decide it.
   */
  async function conflictOf(tx: Executor, principal: Principal, found: Found): Promise<DocumentPart | null> {
    return conflictOfInterest(String(principal.userId), (await invoiceContext(tx, found)).parties);
  }

  /**
   * When an invoice becomes matched: under the organisation's invoice workflow its approval round starts
   * (the route is resolved and its first approvers asked); without one finance approves it as before.
   */
  async function startApproval(tx: Tx, organisationId: number, id: number): Promise<number[]> {
    const found = (await invoicesRepository(tx).find(organisationId, id))!;
    return (await approvals.startRound(tx, 'invoice', await invoiceSubject(tx, found))) ?? [];
  }

  const CONFLICT_MESSAGES: Record<DocumentPart, MessageKey> = {
    raised: 'segregation.entered_invoice',
    entered_invoice: 'segregation.entered_invoice',
    raised_order: 'segregation.raised_order',
    raised_source_requisition: 'segregation.invoice_raised_source_requisition',
  };

  async function assertMayDecide(tx: Executor, principal: Principal, found: Found) {
    const conflict = await conflictOf(tx, principal, found);
    if (conflict) throw new AppError('forbidden', messageWith(CONFLICT_MESSAGES[conflict]));
  }

  /** Decisions on an invoice, which segregation of duties keeps from those who raised it. */
  const DECISIONS: ReadonlySet<InvoiceAction> = new Set([
    'approve',
    'reject',
    'accept',
    'request_credit_note',
  ]);

  const record = (
    tx: Executor,
    principal: Principal,
    action: AuditAction,
    organisationId: number,
    ip: string | null,
    detail: Record<string, unknown>,
  ) => audit.record(tx, { action, actorUserId: principal.userId, organisationId, ip, detail });

  /**
   * The match as its reader may see it. The supplier sees only order ↔ receipt ↔ invoice: a result stored
   * before requisition ↔ order variances moved to the order's approval loses them (issue 16).
   */
  function matchView(stored: MatchResult, currency: string, asSupplier = false) {
    const result = asSupplier ? supplierSide(stored) : stored;
    const amount = (v: Variance, value: number | null) =>
      value === null
        ? null
        : v.unit === 'money'
          ? minorToDecimalText(value, currency)
          : thousandthsToQuantity(Math.abs(value)) === thousandthsToQuantity(value)
            ? thousandthsToQuantity(value)
            : `-${thousandthsToQuantity(-value)}`;
    return {
      level: result.level,
      within_tolerance: result.withinTolerance,
      summary: summaryOfMatch(result),
      variances: result.variances.map((v) => ({
        kind: v.kind,
        line_no: v.lineKey && /^\d+$/.test(v.lineKey) ? Number(v.lineKey) : null,
        expected: amount(v, v.expected)!,
        actual: amount(v, v.actual)!,
        difference: amount(v, v.difference)!,
        unit: v.unit,
        tolerated: amount(v, v.tolerated),
        blocking: v.blocking,
        explanation: explainVariance(v, currency),
      })),
    };
  }

  async function view(found: Found, principal: Principal, asSupplier: boolean): Promise<InvoiceView> {
    const repository = invoicesRepository(db);
    const i = found.invoice;
    const money = (minor: number) => minorToDecimalText(minor, i.currency);
    const [lines, resolutions, payments] = await Promise.all([
      repository.lines(i.id),
      repository.resolutions(i.id),
      repository.payments(i.id),
    ]);
    const base = asSupplier ? '/api/v1/portal/invoices' : '/api/v1/p2p/invoices';
    const subject = asSupplier ? null : await invoiceSubject(db, found);
    const approval = subject ? await approvals.view(db, principal, 'invoice', subject) : null;
    return {
      ...summaryOf(found),
      submitted_by: {
        id: i.submittedByUserId,
        name: `${found.submitterFirstName} ${found.submitterLastName}`,
      },
      decided_at: i.decidedAt?.toISOString() ?? null,
      lines: lines.map((line) => ({
        line_no: line.lineNo,
        purchase_order_line_id: line.purchaseOrderLineId,
        description: line.description,
        quantity: thousandthsToQuantity(line.quantityThousandths),
        unit_price: money(line.unitPriceMinor),
        tax_rate: (line.taxBasisPoints / 100).toFixed(2),
        net: money(line.netMinor),
        tax: money(line.taxMinor),
      })),
      match: matchView(i.matchResult, i.currency, asSupplier),
      resolutions: resolutions.map(({ resolution: r, firstName, lastName }) => ({
        kind: r.kind,
        reason: r.reason,
        user: { id: r.userId, name: `${firstName} ${lastName}` },
        created_at: r.createdAt.toISOString(),
      })),
      payments: payments.map((p) => ({
        id: p.id,
        reference: p.reference,
        paid_on: p.paidOn,
        amount: money(p.amountMinor),
        method: p.method,
      })),
      file: i.fileName
        ? { name: i.fileName, size: i.fileSize ?? 0, download_url: `${base}/${i.id}/file/` }
        : null,
      approval,
      // Before the approver clicks: the check approval will run on actuals, with the budget's figures.
      budget_checks:
        !asSupplier && i.status === 'matched'
          ? budgetChecksView(await invoiceBudgetFigures(budgets, db, found, clock.now()))
          : null,
      actions: asSupplier
        ? []
        : await (async () => {
            // Under a workflow the approver whose turn it is decides; otherwise finance.
            const actor = actorOf(principal, i.organisationId);
            const underWorkflow = subject?.pending === true;
            const actions = availableInvoiceActions(
              i.status,
              underWorkflow ? { ...actor, canApprove: approval?.waiting_for_me ?? false } : actor,
            );
            if (underWorkflow || !actions.some((a) => DECISIONS.has(a))) return actions;
            const conflicted = (await conflictOf(db, principal, found)) !== null;
            return conflicted ? actions.filter((a) => !DECISIONS.has(a)) : actions;
          })(),
    };
  }

  /** How a refusal names the action ("cannot be approved now"); the web translates these values. */
  const ACTION_DONE: Record<InvoiceAction, string> = {
    match: 'matched',
    approve: 'approved',
    reject: 'rejected',
    accept: 'accepted',
    request_credit_note: 'sent back for a credit note',
    record_payment: 'paid',
  };

  function refuse(result: { ok: false; reason: string }, action: InvoiceAction, status: string): never {
    if (result.reason === 'not_allowed_in_state') {
      throw new AppError(
        'conflict',
        message('invoice.not_allowed', {
          invoice_action: ACTION_DONE[action],
          invoice_status: status.replace(/_/g, ' '),
        }),
      );
    }
    if (result.reason === 'reason_required') throw fieldError('reason', message('invoice.reason'));
    throw new AppError('forbidden', message('invoice.not_permitted'));
  }

  const pathOf = invoicePath;

  const tellSupplier = (
    tx: Executor,
    found: Found,
    mail: (invoice: InvoiceMailFacts) => SupplierInvoiceMail,
  ) => tellSupplierOf(notifications, tx, found, mail);

  async function load(tx: Executor, organisationId: number, id: number) {
    const found = await invoicesRepository(tx).find(organisationId, id);
    if (!found) throw notFound(message('invoice.not_found'));
    return found;
  }

  return {
    async list(
      principal: Principal,
      scope: { supplierId?: number },
      filter: Parameters<ReturnType<typeof invoicesRepository>['list']>[1],
      page: PageRequest,
    ) {
      const organisationId = currentOrganisation(principal);
      const { count, rows } = await invoicesRepository(db).list(
        { organisationId, supplierId: scope.supplierId },
        filter,
        page.offset,
        page.pageSize,
      );
      return {
        count,
        results: rows.map(summaryOf),
      };
    },

    /** For the buyer's staff, or (`supplierId`) for the supplier that sent it. */
    async get(principal: Principal, id: number, supplierId?: number) {
      const found = await load(db, currentOrganisation(principal), id);
      if (supplierId !== undefined && found.invoice.supplierId !== supplierId)
        throw notFound(message('invoice.not_found'));
      return view(found, principal, supplierId !== undefined);
    },

    /** The match as stored, and as it would come out now (receipts may have arrived since). */
    async match(principal: Principal, id: number, supplierId?: number) {
      const organisationId = currentOrganisation(principal);
      const found = await load(db, organisationId, id);
      if (supplierId !== undefined && found.invoice.supplierId !== supplierId)
        throw notFound(message('invoice.not_found'));
      return matchView(found.invoice.matchResult, found.invoice.currency, supplierId !== undefined);
    },

    /**
     * A new invoice from the supplier (portal) or from finance on its behalf. Its number is unique per
     * supplier; it is matched at once and goes to approval (matched) or to the exception queue.
     */
    async submit(principal: Principal, form: InvoiceForm, supplierId: number | null, ip: string | null) {
      const organisationId = currentOrganisation(principal);
      if (supplierId === null && !hasRole(principal.grants, ['finance'], organisationId)) {
        throw new AppError('forbidden', message('invoice.not_permitted'));
      }
      let mailIds: number[] = [];
      let id: number;
      try {
        ({ id, mailIds } = await db.transaction(async (tx) => {
          const orders = purchaseOrderReads(tx);
          if (!(await orders.lock(organisationId, form.purchase_order_id))) {
            throw fieldError('purchase_order_id', message('invoice.order'));
          }
          const order = (await orders.find(organisationId, form.purchase_order_id))!;
          if (supplierId !== null && (order.order.supplierId !== supplierId || order.order.sentAt === null)) {
            throw fieldError('purchase_order_id', message('invoice.order'));
          }
          if (!INVOICEABLE.has(order.order.status)) {
            throw fieldError(
              'purchase_order_id',
              message('invoice.order_not_open', { order_status: order.order.status.replace(/_/g, ' ') }),
            );
          }
          if (form.invoice_date > nairobiDate(clock.now()))
            throw fieldError('invoice_date', message('invoice.future'));
          // One read of everything the match compares (the lines with their receipts, what other invoices
          // billed, the settings); the new invoice's lines are checked against the same lines.
          const facts = (await readMatchFacts(tx, organisationId, order.order.id, { waiting: false }))!;
          const orderLines = facts.lines;
          const currency = order.order.currency;
          const lines = form.lines.map((line, index) => {
            const n = index + 1;
            const orderLine = line.purchase_order_line_id
              ? orderLines.find((l) => l.id === line.purchase_order_line_id)
              : null;
            if (line.purchase_order_line_id && !orderLine)
              throw lineError('lines', index, message('invoice.line'));
            const quantityThousandths = quantityToThousandths(line.quantity)!;
            const unitPriceMinor = decimalTextToMinor(line.unit_price, currency);
            if (unitPriceMinor === null) throw lineError('lines', index, message('invoice.price'));
            const netMinor = lineAmountMinor(quantityThousandths, unitPriceMinor);
            const taxBasisPoints = orderLine?.taxBasisPoints ?? orderLines[0]?.taxBasisPoints ?? 1600;
            return {
              lineNo: n,
              purchaseOrderLineId: orderLine?.id ?? null,
              description: line.description,
              quantityThousandths,
              unitPriceMinor,
              taxBasisPoints,
              netMinor,
              taxMinor: lineTaxMinor(netMinor, taxBasisPoints),
            };
          });
          const subtotalMinor = lines.reduce((sum, l) => sum + l.netMinor, 0);
          const taxMinor = lines.reduce((sum, l) => sum + l.taxMinor, 0);
          const result = matchAgainstOrder(facts, lines, settingsOf(facts), { stored: false });
          const moved = invoiceTransition({
            status: 'submitted',
            action: 'match',
            actor: { isFinance: false, canApprove: false },
            withinTolerance: result.withinTolerance,
          });
          if (!moved.ok) throw new AppError('conflict', message('invoice.not_matched'));
          const repository = invoicesRepository(tx);
          const id = await repository.insert({
            organisationId,
            supplierId: order.order.supplierId,
            purchaseOrderId: order.order.id,
            invoiceNumber: form.invoice_number,
            invoiceDate: form.invoice_date,
            dueDate: addDays(form.invoice_date, order.order.paymentTermsDays),
            currency,
            subtotalMinor,
            taxMinor,
            totalMinor: subtotalMinor + taxMinor,
            status: moved.to,
            matchLevel: result.level,
            matchResult: result,
            submittedByUserId: principal.userId,
            submittedAt: clock.now(),
          });
          await repository.insertLines(lines.map((line) => ({ ...line, invoiceId: id })));
          await record(tx, principal, 'invoice.submitted', organisationId, ip, {
            invoice_id: id,
            purchase_order_id: order.order.id,
            total_minor: subtotalMinor + taxMinor,
            status: moved.to,
            blocking: result.variances.filter((v) => v.blocking).map((v) => v.kind),
          });
          const mailIds =
            moved.to === 'exception'
              ? await notifications.announce(tx, {
                  userIds: await repository.usersWithRole(organisationId, 'finance'),
                  organisationId,
                  template: 'invoice_exception',
                  params: {
                    reference: form.invoice_number,
                    supplier: order.supplierName,
                    amount: formatMinor(subtotalMinor + taxMinor, currency),
                    reason: result.variances
                      .filter((v) => v.blocking)
                      .map((v) => explainVariance(v, currency))
                      .join(' '),
                  },
                  path: pathOf(id),
                })
              : await startApproval(tx, organisationId, id);
          return { id, mailIds };
        }));
      } catch (error) {
        if (isUniqueViolation(error)) {
          throw fieldError('invoice_number', message('invoice.duplicate', { number: form.invoice_number }));
        }
        throw error;
      }
      await notifications.dispatch(mailIds);
      return this.get(principal, id, supplierId ?? undefined);
    },

    /**
     * For the credit-notes module, inside its transaction: the invoice locked, with its lines (a supplier's
     * caller gets 404 for another supplier's invoice).
     */
    async forCredit(tx: Tx, organisationId: number, id: number, supplierId?: number, lock = true) {
      const repository = invoicesRepository(tx);
      if (lock && !(await repository.lock(organisationId, id))) throw notFound(message('invoice.not_found'));
      const found = await load(tx, organisationId, id);
      if (supplierId !== undefined && found.invoice.supplierId !== supplierId)
        throw notFound(message('invoice.not_found'));
      return { found, lines: await repository.lines(id) };
    },

    /**
     * A credit note was recorded against the invoice (in the caller's transaction): an invoice in the
     * exception queue is matched again on its lines net of credits, and goes to approval once inside
     * tolerance (a credit note awaited is then answered); an approved invoice whose payments now cover what
     * is left is paid. Finance hears of a supplier's credit note. Returns the mails to dispatch.
     */
    async afterCredit(
      tx: Tx,
      organisationId: number,
      id: number,
      credit: { creditNoteId: number; number: string; totalMinor: number; bySupplier: boolean },
    ): Promise<{ status: string; mailIds: number[] }> {
      const repository = invoicesRepository(tx);
      const found = await load(tx, organisationId, id);
      const i = found.invoice;
      let status = i.status;
      const mailIds: number[] = [];
      if (i.status === 'exception' || i.status === 'awaiting_credit_note') {
        // The order's waiting invoices as matching reads them: their lines net of every credit note.
        const facts = (await readMatchFacts(tx, organisationId, i.purchaseOrderId, { waiting: true }))!;
        const lines = facts.waiting.find((w) => w.id === id)?.lines ?? null;
        if (lines) {
          const result = matchAgainstOrder(facts, lines, settingsOf(facts), { stored: true });
          const moved = invoiceTransition({
            status: i.status,
            action: 'match',
            actor: { isFinance: false, canApprove: false },
            withinTolerance: result.withinTolerance,
          });
          // Still outside tolerance: it waits where it was (finance may accept, reject or ask again).
          const to = moved.ok && moved.to === 'matched' ? 'matched' : i.status;
          if (
            !(await repository.updateWhere(organisationId, id, [i.status], {
              status: to,
              matchResult: result,
            }))
          )
            throw new AppError('conflict', message('invoice.conflict'));
          status = to;
          await audit.record(tx, {
            action: 'invoice.matched',
            actorUserId: null,
            organisationId,
            detail: {
              invoice_id: id,
              within_tolerance: result.withinTolerance,
              after: 'credit_note',
              credit_note_id: credit.creditNoteId,
              from: i.status,
              to,
            },
          });
          if (to === 'matched') mailIds.push(...(await startApproval(tx, organisationId, id)));
        }
      } else if (i.status === 'approved' || i.status === 'partially_paid') {
        const to = invoiceStatusForPayment(
          paymentStatus(Math.max(0, i.totalMinor - found.creditedMinor), found.paidMinor),
        );
        if (to !== i.status) {
          if (!(await repository.updateWhere(organisationId, id, [i.status], { status: to })))
            throw new AppError('conflict', message('invoice.conflict'));
          status = to;
        }
      }
      if (credit.bySupplier) {
        mailIds.push(
          ...(await notifications.announce(tx, {
            userIds: await repository.usersWithRole(organisationId, 'finance'),
            organisationId,
            template:
              status === 'matched' && i.status !== 'matched' ? 'credit_note_matched' : 'credit_note_received',
            params: {
              supplier: found.supplierName,
              reference: credit.number,
              invoice: i.invoiceNumber,
              amount: formatMinor(credit.totalMinor, i.currency),
            },
            path: pathOf(id),
          })),
        );
      }
      return { status, mailIds };
    },

    /**
     * After goods arrive: invoices of the order waiting in the exception queue are matched again. Three
     * round trips per invoice: one read of everything they are matched against (shared by the order's
     * waiting invoices), then for each its guarded UPDATE and its audit entry.
     */
    async rematchOrder(tx: Tx, organisationId: number, purchaseOrderId: number) {
      const facts = await readMatchFacts(tx, organisationId, purchaseOrderId, { waiting: true });
      if (!facts) return;
      const repository = invoicesRepository(tx);
      const settings = settingsOf(facts);
      for (const waiting of facts.waiting) {
        const id = waiting.id;
        const result = matchAgainstOrder(facts, waiting.lines, settings, { stored: true });
        const moved = invoiceTransition({
          status: waiting.status,
          action: 'match',
          actor: { isFinance: false, canApprove: false },
          withinTolerance: result.withinTolerance,
        });
        if (!moved.ok) continue;
        // A credit note is still awaited while the invoice stays outside tolerance.
        const to = moved.to === 'exception' ? waiting.status : moved.to;
        if (
          !(await repository.updateWhere(organisationId, id, [waiting.status], {
            status: to,
            matchResult: result,
          }))
        ) {
          continue;
        }
        // Inside tolerance now: its approval starts (the mails go with the receipt's transaction).
        if (to === 'matched') await startApproval(tx, organisationId, id);
        await audit.record(tx, {
          action: 'invoice.matched',
          actorUserId: null,
          organisationId,
          detail: { invoice_id: id, within_tolerance: result.withinTolerance, after: 'goods_receipt' },
        });
      }
    },

    /**
     * Approves a matched invoice. Under the organisation's invoice workflow the approval engine decides
     * (the named approvers in order; finance only where finance is a step). Without one finance approves
     * alone, as before; the budget check on actuals runs first.
     */
    async approve(principal: Principal, id: number, ip: string | null) {
      const organisationId = currentOrganisation(principal);
      if ((await invoiceSubject(db, await load(db, organisationId, id))).pending) {
        await approvals.decide(principal, 'invoice', id, 'approved', {}, ip);
        return this.get(principal, id);
      }
      const mailIds = await db.transaction(async (tx) => {
        const repository = invoicesRepository(tx);
        if (!(await repository.lock(organisationId, id))) throw notFound(message('invoice.not_found'));
        const found = await load(tx, organisationId, id);
        const moved = invoiceTransition({
          status: found.invoice.status,
          action: 'approve',
          actor: actorOf(principal, organisationId),
        });
        if (!moved.ok) refuse(moved, 'approve', found.invoice.status);
        await assertMayDecide(tx, principal, found);
        const warned = await invoiceBudgetChecks(budgets, tx, found, clock.now());
        const roles = principal.grants.filter((g) => g.organisationId === organisationId).map((g) => g.role);
        const ownerOf = await approvals.budgetOwners(tx, organisationId);
        for (const { check, budget } of warned) {
          if (check.outcome !== 'over') continue;
          const ownerUserId = ownerOf(budget.departmentId);
          // Under `warn`, the budget's owner or an exception approver lets the overrun through.
          if (!canApproveOverBudget({ userId: principal.userId, roles }, { ownerUserId })) {
            throw new AppError(
              'conflict',
              message('invoice.budget_exception', {
                budget: budget.name,
                shortfall: formatMinor(check.shortfallMinor, found.invoice.currency),
              }),
            );
          }
        }
        if (
          !(await repository.updateWhere(organisationId, id, [moved.from], {
            status: moved.to,
            decidedAt: clock.now(),
            decidedByUserId: principal.userId,
          }))
        ) {
          throw new AppError('conflict', message('invoice.conflict'));
        }
        await record(tx, principal, 'invoice.approved', organisationId, ip, { invoice_id: id });
        return tellSupplier(tx, found, (invoice) => ({ template: 'invoice_approved', params: invoice }));
      });
      await notifications.dispatch(mailIds);
      return this.get(principal, id);
    },

    async reject(principal: Principal, id: number, reason: string | undefined, ip: string | null) {
      return this.resolve(principal, id, 'reject', reason ?? '', ip);
    },

    /** Finance's answer to an invoice outside tolerance, recorded beside it with the reason. */
    async resolve(
      principal: Principal,
      id: number,
      resolution: ExceptionResolution,
      reason: string,
      ip: string | null,
    ) {
      const organisationId = currentOrganisation(principal);
      const action: InvoiceAction =
        resolution === 'accept' ? 'accept' : resolution === 'reject' ? 'reject' : 'request_credit_note';
      if (resolution === 'reject' && (await invoiceSubject(db, await load(db, organisationId, id))).pending) {
        // A matched invoice under the workflow is rejected by the approver whose turn it is.
        await approvals.decide(principal, 'invoice', id, 'rejected', { comment: reason }, ip);
        return this.get(principal, id);
      }
      const mailIds = await db.transaction(async (tx) => {
        const repository = invoicesRepository(tx);
        if (!(await repository.lock(organisationId, id))) throw notFound(message('invoice.not_found'));
        const found = await load(tx, organisationId, id);
        const moved = invoiceTransition({
          status: found.invoice.status,
          action,
          actor: actorOf(principal, organisationId),
          reason,
        });
        if (!moved.ok) refuse(moved, action, found.invoice.status);
        await assertMayDecide(tx, principal, found);
        if (!reason.trim()) throw fieldError('reason', message('invoice.reason'));
        if (
          !(await repository.updateWhere(organisationId, id, [moved.from], {
            status: moved.to,
            ...(moved.to === 'rejected' ? { decidedAt: clock.now(), decidedByUserId: principal.userId } : {}),
          }))
        ) {
          throw new AppError('conflict', message('invoice.conflict'));
        }
        // Every resolution and every rejection keeps its reason beside the invoice.
        await repository.insertResolution({
          invoiceId: id,
          kind: resolution,
          reason: reason.trim(),
          userId: principal.userId,
        });
        await record(
          tx,
          principal,
          moved.to === 'rejected' ? 'invoice.rejected' : 'invoice.exception_resolved',
          organisationId,
          ip,
          { invoice_id: id, resolution, reason: reason.trim(), from: moved.from, to: moved.to },
        );
        if (moved.to === 'rejected')
          return tellSupplier(tx, found, ({ amount: _, ...invoice }) => ({
            template: 'invoice_rejected',
            params: { ...invoice, reason: reason.trim() },
          }));
        if (moved.to === 'awaiting_credit_note') {
          return tellSupplier(tx, found, ({ amount: _, ...invoice }) => ({
            template: 'credit_note_requested',
            params: { ...invoice, reason: reason.trim() },
          }));
        }
        // Accepted into matched: under the invoice workflow its approval starts now.
        if (moved.to === 'matched') return startApproval(tx, organisationId, id);
        return [];
      });
      await notifications.dispatch(mailIds);
      return this.get(principal, id);
    },

    /** Records a payment the buyer made outside Zabuni against an approved invoice. */
    async recordPayment(principal: Principal, form: SupplierPaymentForm, ip: string | null) {
      const organisationId = currentOrganisation(principal);
      let paymentId = 0;
      const mailIds = await db.transaction(async (tx) => {
        const repository = invoicesRepository(tx);
        if (!(await repository.lock(organisationId, form.invoice_id)))
          throw fieldError('invoice_id', message('invoice.not_found'));
        const found = await load(tx, organisationId, form.invoice_id);
        const amountMinor = decimalTextToMinor(form.amount, found.invoice.currency);
        // Credit notes lower what is owed: the payment is checked against the total less them.
        const owedMinor = Math.max(0, found.invoice.totalMinor - found.creditedMinor);
        const outstanding = formatMinor(
          openAmountMinor(found.invoice.totalMinor, found.creditedMinor, found.paidMinor),
          found.invoice.currency,
        );
        if (amountMinor === null) throw fieldError('amount', message('invoice.payment', { outstanding }));
        const check = checkPayment({
          totalMinor: owedMinor,
          alreadyPaidMinor: found.paidMinor,
          amountMinor,
        });
        if (!check.ok) throw fieldError('amount', message('invoice.payment', { outstanding }));
        const moved = invoiceTransition({
          status: found.invoice.status,
          action: 'record_payment',
          actor: actorOf(principal, organisationId),
          payment: check.status,
        });
        if (!moved.ok) refuse(moved, 'record_payment', found.invoice.status);
        try {
          paymentId = await repository.insertPayment({
            organisationId,
            invoiceId: found.invoice.id,
            reference: form.reference,
            paidOn: form.paid_on,
            amountMinor,
            method: form.method,
            recordedByUserId: principal.userId,
          });
        } catch (error) {
          if (isUniqueViolation(error)) throw fieldError('reference', message('invoice.payment_reference'));
          throw error;
        }
        await repository.updateWhere(organisationId, found.invoice.id, [moved.from], { status: moved.to });
        await record(tx, principal, 'invoice.payment_recorded', organisationId, ip, {
          invoice_id: found.invoice.id,
          payment_id: paymentId,
          amount_minor: amountMinor,
        });
        return tellSupplier(tx, found, (invoice) => ({
          template: 'payment_recorded',
          params: {
            ...invoice,
            amount: formatMinor(amountMinor, found.invoice.currency),
            paymentReference: form.reference,
          },
        }));
      });
      await notifications.dispatch(mailIds);
      const { rows } = await invoicesRepository(db).paymentsPage(organisationId, {}, 0, 1_000);
      return this.paymentView(rows.find((row) => row.payment.id === paymentId)!);
    },

    async payments(principal: Principal, filter: { supplierId?: number }, page: PageRequest) {
      const { count, rows } = await invoicesRepository(db).paymentsPage(
        currentOrganisation(principal),
        filter,
        page.offset,
        page.pageSize,
      );
      return { count, results: rows.map((row) => this.paymentView(row)) };
    },

    /** The supplier attaches the invoice document (a PDF, checked by content) to an invoice it sent. */
    async attachFile(
      principal: Principal,
      id: number,
      supplierId: number,
      file: { fileName: string; bytes: Buffer },
    ) {
      const organisationId = currentOrganisation(principal);
      const found = await load(db, organisationId, id);
      if (found.invoice.supplierId !== supplierId) throw notFound(message('invoice.not_found'));
      const check = checkDocument(file.fileName, file.bytes);
      if (!check.ok || check.kind !== 'pdf' || file.bytes.length > MAX_INVOICE_FILE_BYTES) {
        throw fieldError('file', message('invoice.file'));
      }
      const key = `invoices/${clock.now().getUTCFullYear()}/${randomBytes(18).toString('base64url')}`;
      await files.put(key, file.bytes, check.contentType);
      const previous = found.invoice.fileStorageKey;
      await invoicesRepository(db).updateWhere(organisationId, id, [found.invoice.status], {
        fileName: file.fileName.slice(0, 255),
        fileStorageKey: key,
        fileSize: file.bytes.length,
      });
      if (previous) await files.delete(previous).catch(() => undefined);
      return this.get(principal, id, supplierId);
    },

    async openFile(principal: Principal, id: number, supplierId?: number) {
      const found = await load(db, currentOrganisation(principal), id);
      if (supplierId !== undefined && found.invoice.supplierId !== supplierId)
        throw notFound(message('invoice.not_found'));
      const stream = found.invoice.fileStorageKey ? await files.get(found.invoice.fileStorageKey) : null;
      if (!stream) throw notFound(message('invoice.no_file'));
      return { fileName: found.invoice.fileName!, size: found.invoice.fileSize ?? 0, stream };
    },

    paymentView(
      row: Awaited<ReturnType<ReturnType<typeof invoicesRepository>['paymentsPage']>>['rows'][number],
    ) {
      return {
        id: row.payment.id,
        invoice: { id: row.payment.invoiceId, invoice_number: row.invoiceNumber },
        supplier: { id: row.supplierId, name: row.supplierName },
        reference: row.payment.reference,
        paid_on: row.payment.paidOn,
        amount: minorToDecimalText(row.payment.amountMinor, row.currency),
        currency: row.currency,
        method: row.payment.method,
        recorded_by: { id: row.payment.recordedByUserId, name: `${row.firstName} ${row.lastName}` },
        created_at: row.payment.createdAt.toISOString(),
      };
    },
  };
}
export type InvoicesService = ReturnType<typeof createInvoicesService>;
