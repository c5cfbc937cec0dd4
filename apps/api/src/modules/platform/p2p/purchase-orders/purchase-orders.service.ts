import { message, type Message, type PurchaseOrderForm, type PurchaseOrderView } from '@zabuni/contracts';
import {
  availablePurchaseOrderActions,
  compareOrderWithRequisition,
  levelComparesRequisition,
  decimalTextToMinor,
  formatMinor,
  hasRole,
  lineAmountMinor,
  minorToDecimalText,
  purchaseOrderTransition,
  quantityToThousandths,
  taxMinor,
  thousandthsToQuantity,
  type PurchaseOrderAction,
  type PurchaseOrderActor,
  type PurchaseOrderStatus,
  type Role,
} from '@zabuni/domain';
import type { Principal } from '../../../../infra/auth.ts';
import type { Db, Executor, Tx } from '../../../../infra/database.ts';
import { AppError, fieldError, lineError, notFound } from '../../../../infra/errors.ts';
import type { PageRequest } from '../../../../infra/pagination.ts';
import { currentOrganisation } from '../../../../infra/tenancy.ts';
import { renderPurchaseOrderPdf } from '../../../../infra/documents/index.ts';
import type { ApprovalsService } from '../../../shared/approvals/index.ts';
import type { AuditAction, AuditService } from '../../../shared/audit/index.ts';
import type { Clock } from '../../../../infra/clock.ts';
import type { NotificationsService } from '../../../shared/notifications/index.ts';
import type { NumberingService } from '../../../shared/numbering/index.ts';
import type { SuppliersService } from '../suppliers/index.ts';
import { settingsFor } from '../matching/index.ts';
import { purchaseOrdersRepository, type OrderLineValues } from './purchase-orders.repository.ts';
import {
  purchaseOrderBudgetChecks,
  purchaseOrderPath,
  purchaseOrderSubject,
} from './purchase-orders.approval.ts';
import { budgetChecksView, type BudgetsService } from '../../setup/budgets/index.ts';

/** Who raises, sends, receives against and cancels purchase orders. */
export const PROCUREMENT_ROLES: readonly Role[] = ['org_admin', 'buyer'];
/** Who records goods received: procurement, and the requesters and stores people who take delivery. */
export const RECEIVING_ROLES: readonly Role[] = ['org_admin', 'buyer', 'requester'];

const DONE: Record<PurchaseOrderAction, string> = {
  edit: 'changed',
  submit: 'submitted',
  approve: 'approved',
  reject: 'rejected',
  send: 'sent',
  acknowledge: 'acknowledged',
  decline: 'declined',
  receive: 'received',
  close: 'closed',
  cancel: 'cancelled',
};

type Found = NonNullable<Awaited<ReturnType<ReturnType<typeof purchaseOrdersRepository>['find']>>>;

const iso = (date: Date | null) => (date === null ? null : date.toISOString());

export function summaryOf({ order: o, supplierName, buyerName }: Found) {
  const money = (minor: number) => minorToDecimalText(minor, o.currency);
  return {
    id: o.id,
    number: o.number,
    status: o.status,
    source: o.source,
    supplier: { id: o.supplierId, name: supplierName },
    buyer: { id: o.organisationId, name: buyerName },
    currency: o.currency,
    subtotal: money(o.subtotalMinor),
    tax: money(o.taxMinor),
    total: money(o.totalMinor),
    delivery_date: o.deliveryDate,
    created_at: o.createdAt.toISOString(),
    sent_at: iso(o.sentAt),
  };
}

/**
 * Issue 7 purchase orders: raised from approved requisition lines (split across suppliers as needed) or
 * directly with a justification; approved through the workflow engine with a budget check at final
 * approval; sent to the supplier's portal; acknowledged or declined there; received against; closed.
 */
export function createPurchaseOrdersService({
  db,
  audit,
  numbering,
  approvals,
  suppliers,
  notifications,
  clock,
  budgets,
}: {
  db: Db;
  audit: AuditService;
  numbering: NumberingService;
  /** The approver's budget panel on a pending order. */
  budgets: BudgetsService;
  /** The approval engine (orders plug in with purchase-orders.approval.ts). */
  approvals: ApprovalsService;
  suppliers: SuppliersService;
  notifications: NotificationsService;
  clock: Clock;
}) {
  const isProcurement = (principal: Principal, organisationId: number) =>
    hasRole(principal.grants, PROCUREMENT_ROLES, organisationId);

  function actorOf(principal: Principal, found: Found, canApprove = false): PurchaseOrderActor {
    return {
      isBuyerStaff: isProcurement(principal, found.order.organisationId),
      isSupplier: hasRole(principal.grants, ['supplier_admin', 'supplier_user'], found.order.supplierId),
      canApprove,
    };
  }

  /** The move, or the clear refusal: wrong state (409) or not this person's to make (403). */
  function move(principal: Principal, found: Found, action: PurchaseOrderAction, canApprove = false) {
    const result = purchaseOrderTransition({
      status: found.order.status,
      action,
      actor: actorOf(principal, found, canApprove),
      receipt: 'partial',
    });
    if (!result.ok) {
      if (result.reason === 'not_allowed_in_state') {
        throw new AppError(
          'conflict',
          message('purchase_order.not_allowed', {
            order_action: DONE[action],
            order_status: found.order.status.replace(/_/g, ' '),
          }),
        );
      }
      throw new AppError('forbidden', message('purchase_order.not_permitted'));
    }
    return result;
  }

  async function load(tx: Executor, organisationId: number, id: number) {
    const found = await purchaseOrdersRepository(tx).find(organisationId, id);
    if (!found) throw notFound(message('purchase_order.not_found'));
    return found;
  }

  /** The lines as stored: validated against the organisation's departments, requisitions and tax rates. */
  async function linesOf(
    tx: Tx,
    organisationId: number,
    form: PurchaseOrderForm,
    purchaseOrderId: number | null,
  ): Promise<OrderLineValues[]> {
    const repository = purchaseOrdersRepository(tx);
    const departments = await repository.departmentsAmong(organisationId, [
      ...new Set(form.lines.map((l) => l.department_id)),
    ]);
    const categories = await repository.existingCategories([
      ...new Set(form.lines.map((l) => l.category_id)),
    ]);
    const rates = await repository.taxRatesOf(organisationId);
    const defaultRate = rates.find((r) => r.isDefault)?.basisPoints ?? 1600;
    const requisitionLines = await repository.requisitionLinesAmong(
      organisationId,
      form.lines.flatMap((l) => (l.requisition_line_id ? [l.requisition_line_id] : [])),
      purchaseOrderId,
    );
    // The same requisition line may be split over several lines of this order: count them together.
    const orderedHere = new Map<number, number>();
    return form.lines.map((line, index) => {
      const n = index + 1;
      const at = (problem: Message) => lineError('lines', index, problem);
      const quantityThousandths = quantityToThousandths(line.quantity)!;
      const unitPriceMinor = decimalTextToMinor(line.unit_price, form.currency);
      if (unitPriceMinor === null) throw at(message('purchase_order.price'));
      let departmentId = line.department_id;
      let categoryId = line.category_id;
      if (line.requisition_line_id) {
        const source = requisitionLines.find((r) => r.line.id === line.requisition_line_id);
        if (!source || source.requisitionStatus !== 'approved' || source.currency !== form.currency) {
          throw at(message('purchase_order.requisition_line'));
        }
        const before = orderedHere.get(source.line.id) ?? 0;
        const remaining = source.line.quantityThousandths - source.orderedThousandths - before;
        if (quantityThousandths > remaining) {
          throw at(
            message('purchase_order.over_requisition', {
              remaining: thousandthsToQuantity(Math.max(0, remaining)),
              unit: source.line.unit,
            }),
          );
        }
        orderedHere.set(source.line.id, before + quantityThousandths);
        // The requisition decides where the money is charged.
        departmentId = source.line.departmentId;
        categoryId = source.line.categoryId;
      } else {
        const department = departments.find((d) => d.id === departmentId);
        if (!department) throw at(message('purchase_order.department'));
        if (!department.active) throw at(message('purchase_order.inactive_department'));
        if (!categories.includes(categoryId)) throw at(message('purchase_order.category'));
      }
      const rate = line.tax_rate_id ? rates.find((r) => r.id === line.tax_rate_id) : undefined;
      if (line.tax_rate_id && !rate) throw at(message('purchase_order.tax_rate'));
      const taxBasisPoints = rate?.basisPoints ?? defaultRate;
      let netMinor: number;
      try {
        netMinor = lineAmountMinor(quantityThousandths, unitPriceMinor);
      } catch {
        throw at(message('purchase_order.price'));
      }
      return {
        lineNo: n,
        requisitionLineId: line.requisition_line_id ?? null,
        description: line.description,
        categoryId,
        departmentId,
        quantityThousandths,
        unit: line.unit,
        unitPriceMinor,
        taxBasisPoints,
        netMinor,
        taxMinor: taxMinor(netMinor, taxBasisPoints),
      };
    });
  }

  const totals = (lines: OrderLineValues[]) => {
    const subtotalMinor = lines.reduce((sum, l) => sum + l.netMinor, 0);
    const taxMinor = lines.reduce((sum, l) => sum + l.taxMinor, 0);
    if (!Number.isSafeInteger(subtotalMinor + taxMinor))
      throw fieldError('lines', message('purchase_order.price'));
    return { subtotalMinor, taxMinor, totalMinor: subtotalMinor + taxMinor };
  };

  const record = (
    tx: Executor,
    principal: Principal,
    action: AuditAction,
    organisationId: number,
    ip: string | null,
    detail: Record<string, unknown>,
  ) => audit.record(tx, { action, actorUserId: principal.userId, organisationId, ip, detail });

  const pathOf = purchaseOrderPath;

  /**
   * The order against the requisitions it came from (quantity over the requisitioned one, price over the
   * estimate) under the organisation's matching tolerances, for the buyer's staff and the approver: at
   * the 4-way and requisition 3-way levels this is where the requisition is compared, never on the
   * supplier's invoice. Empty for a direct order or another level.
   */
  async function requisitionVariances(
    organisationId: number,
    order: { supplierId: number; currency: string },
    lines: Awaited<ReturnType<ReturnType<typeof purchaseOrdersRepository>['lines']>>,
  ) {
    const sourced = lines.filter((row) => row.requisitionedThousandths !== null);
    if (sourced.length === 0) return [];
    const settings = await settingsFor(
      db,
      organisationId,
      order.supplierId,
      lines.map((row) => row.line.categoryId),
    );
    if (!levelComparesRequisition(settings.level)) return [];
    const variances = compareOrderWithRequisition(
      {
        currency: order.currency,
        lines: sourced.map((row) => ({
          lineKey: String(row.line.lineNo),
          label: `line ${row.line.lineNo} (${row.line.description})`,
          requisitioned: {
            quantity: row.requisitionedThousandths!,
            unitPriceMinor: row.estimatedUnitPriceMinor!,
          },
          ordered: { quantity: row.line.quantityThousandths, unitPriceMinor: row.line.unitPriceMinor },
        })),
      },
      settings,
    );
    const shown = (unit: 'quantity' | 'money', value: number) =>
      unit === 'money' ? minorToDecimalText(value, order.currency) : thousandthsToQuantity(value);
    return variances.map((v) => ({
      kind: v.kind,
      line_no: Number(v.lineKey),
      expected: shown(v.unit, v.expected),
      actual: shown(v.unit, v.actual),
      difference: shown(v.unit, v.difference),
      unit: v.unit,
      tolerated: v.tolerated === null ? null : shown(v.unit, v.tolerated),
      blocking: v.blocking,
      explanation: v.explanation,
    }));
  }

  return {
    summaryOf,

    async list(
      principal: Principal,
      filter: { status?: PurchaseOrderStatus; supplierId?: number; search?: string; ordering?: string },
      page: PageRequest,
    ) {
      const { count, rows } = await purchaseOrdersRepository(db).list(
        { organisationId: currentOrganisation(principal) },
        filter,
        page.offset,
        page.pageSize,
      );
      return { count, results: rows.map(summaryOf) };
    },

    /** The order for its buyer's staff, or (`asSupplier`) for the supplier it was sent to. */
    async get(principal: Principal, id: number, asSupplier?: number): Promise<PurchaseOrderView> {
      const organisationId = currentOrganisation(principal);
      const repository = purchaseOrdersRepository(db);
      const found = await repository.find(organisationId, id);
      if (!found) throw notFound(message('purchase_order.not_found'));
      if (
        asSupplier !== undefined &&
        (found.order.supplierId !== asSupplier || found.order.sentAt === null)
      ) {
        throw notFound(message('purchase_order.not_found'));
      }
      const o = found.order;
      const lines = await repository.lines(id);
      const money = (minor: number) => minorToDecimalText(minor, o.currency);
      const approval: PurchaseOrderView['approval'] =
        asSupplier === undefined
          ? await approvals.view(db, principal, 'purchase_order', purchaseOrderSubject(found, lines))
          : null;
      const actor = actorOf(principal, found, approval?.waiting_for_me ?? false);
      const asBuyer = asSupplier === undefined;
      return {
        ...summaryOf(found),
        // The supplier sees the order, not the buyer's reasons or its requisitions (issue 16).
        justification: asBuyer ? o.justification : '',
        requisition_variances: asBuyer ? await requisitionVariances(organisationId, o, lines) : null,
        // Before the approver clicks: the check the approval will run, with the budget's figures.
        budget_checks:
          asBuyer && o.status === 'pending_approval'
            ? budgetChecksView(
                await purchaseOrderBudgetChecks(
                  budgets,
                  db,
                  { id: o.id, organisationId, currency: o.currency },
                  clock.now(),
                ),
              )
            : null,
        delivery_address: o.deliveryAddress,
        payment_terms_days: o.paymentTermsDays,
        created_by: { id: o.createdByUserId, name: `${found.creatorFirstName} ${found.creatorLastName}` },
        submitted_at: iso(o.submittedAt),
        approved_at: iso(o.approvedAt),
        acknowledged_at: iso(o.acknowledgedAt),
        decline_reason: o.declineReason,
        updated_at: o.updatedAt.toISOString(),
        approval,
        actions: [
          ...availablePurchaseOrderActions(o.status, actor).filter(
            (a) => a !== 'receive' && a !== 'approve' && a !== 'reject',
          ),
          // The approver whose turn it is decides, procurement staff or not.
          ...(approval?.waiting_for_me && o.status === 'pending_approval'
            ? (['approve', 'reject'] as const)
            : []),
          // Requesters and stores take deliveries too, not only procurement.
          ...(asSupplier === undefined &&
          hasRole(principal.grants, RECEIVING_ROLES, o.organisationId) &&
          purchaseOrderTransition({
            status: o.status,
            action: 'receive',
            actor: { isBuyerStaff: true, isSupplier: false, canApprove: false },
            receipt: 'partial',
          }).ok
            ? ['receive' as const]
            : []),
        ],
        lines: lines.map((row) => ({
          id: row.line.id,
          line_no: row.line.lineNo,
          requisition_line_id: asBuyer ? row.line.requisitionLineId : null,
          requisition:
            !asBuyer || row.requisitionId === null
              ? null
              : { id: row.requisitionId, number: row.requisitionNumber! },
          description: row.line.description,
          category: { id: row.line.categoryId, name: row.categoryName },
          department: { id: row.line.departmentId, code: row.departmentCode, name: row.departmentName },
          quantity: thousandthsToQuantity(row.line.quantityThousandths),
          unit: row.line.unit,
          unit_price: money(row.line.unitPriceMinor),
          tax_rate: (row.line.taxBasisPoints / 100).toFixed(2),
          net: money(row.line.netMinor),
          tax: money(row.line.taxMinor),
          received_quantity: thousandthsToQuantity(row.receivedThousandths),
          accepted_quantity: thousandthsToQuantity(row.acceptedThousandths),
          rejected_quantity: thousandthsToQuantity(row.rejectedThousandths),
          invoiced_quantity: thousandthsToQuantity(row.invoicedThousandths),
        })),
      };
    },

    async create(principal: Principal, form: PurchaseOrderForm, ip: string | null) {
      const organisationId = currentOrganisation(principal);
      if (!isProcurement(principal, organisationId))
        throw new AppError('forbidden', message('purchase_order.not_permitted'));
      const id = await db.transaction(async (tx) => {
        await suppliers.orderable(tx, organisationId, form.supplier_id);
        const lines = await linesOf(tx, organisationId, form, null);
        const source = lines.some((l) => l.requisitionLineId) ? 'requisition' : 'direct';
        if (source === 'direct' && !form.justification.trim()) {
          throw fieldError('justification', message('purchase_order.justification'));
        }
        const repository = purchaseOrdersRepository(tx);
        const number = await numbering.next(tx, organisationId, 'purchase_order');
        const id = await repository.insert({
          organisationId,
          supplierId: form.supplier_id,
          number,
          source,
          justification: form.justification,
          currency: form.currency,
          deliveryAddress: form.delivery_address,
          deliveryDate: form.delivery_date ?? null,
          paymentTermsDays:
            form.payment_terms_days ?? (await repository.supplierTerms(organisationId, form.supplier_id)),
          ...totals(lines),
          createdByUserId: principal.userId,
        });
        await repository.replaceLines(id, lines);
        await record(tx, principal, 'purchase_order.created', organisationId, ip, {
          purchase_order_id: id,
          number,
          supplier_id: form.supplier_id,
          total_minor: totals(lines).totalMinor,
        });
        return id;
      });
      return this.get(principal, id);
    },

    async update(principal: Principal, id: number, form: PurchaseOrderForm, ip: string | null) {
      const organisationId = currentOrganisation(principal);
      await db.transaction(async (tx) => {
        const repository = purchaseOrdersRepository(tx);
        if (!(await repository.lock(organisationId, id))) throw notFound(message('purchase_order.not_found'));
        const found = await load(tx, organisationId, id);
        move(principal, found, 'edit');
        await suppliers.orderable(tx, organisationId, form.supplier_id);
        const lines = await linesOf(tx, organisationId, form, id);
        const source = lines.some((l) => l.requisitionLineId) ? 'requisition' : 'direct';
        if (source === 'direct' && !form.justification.trim()) {
          throw fieldError('justification', message('purchase_order.justification'));
        }
        if (
          !(await repository.updateWhere(organisationId, id, ['draft'], {
            supplierId: form.supplier_id,
            source,
            justification: form.justification,
            currency: form.currency,
            deliveryAddress: form.delivery_address,
            deliveryDate: form.delivery_date ?? null,
            paymentTermsDays: form.payment_terms_days ?? found.order.paymentTermsDays,
            ...totals(lines),
          }))
        ) {
          throw new AppError('conflict', message('purchase_order.conflict'));
        }
        await repository.replaceLines(id, lines);
        await record(tx, principal, 'purchase_order.updated', organisationId, ip, {
          purchase_order_id: id,
          total_minor: totals(lines).totalMinor,
        });
      });
      return this.get(principal, id);
    },

    /** Sends a draft for approval along the first matching rule (or the budget owners). */
    async submit(principal: Principal, id: number, ip: string | null) {
      const organisationId = currentOrganisation(principal);
      const mailIds = await db.transaction(async (tx) => {
        const repository = purchaseOrdersRepository(tx);
        if (!(await repository.lock(organisationId, id))) throw notFound(message('purchase_order.not_found'));
        const found = await load(tx, organisationId, id);
        const transition = move(principal, found, 'submit');
        const subject = purchaseOrderSubject(found, await repository.lines(id));
        const { rule, route, segregation } = (await approvals.resolveRoute(tx, 'purchase_order', subject))!;
        const changed = await repository.updateWhere(organisationId, id, [transition.from], {
          status: transition.to,
          submittedAt: clock.now(),
          round: found.order.round + 1,
          route,
          workflowRuleId: rule?.id ?? null,
        });
        if (!changed) throw new AppError('conflict', message('purchase_order.conflict'));
        await record(tx, principal, 'purchase_order.submitted', organisationId, ip, {
          purchase_order_id: id,
          round: found.order.round + 1,
          rule_id: rule?.id ?? null,
        });
        return approvals.announceStart(tx, 'purchase_order', subject, route, segregation);
      });
      await notifications.dispatch(mailIds);
      return this.get(principal, id);
    },

    /**
     * An approver's decision, taken by the approval engine: the final approval runs the budget check at
     * the purchase-order check point (stop refuses, warn without consent adds the exception step), then
     * marks the requisitions it fully orders as ordered.
     */
    async decide(
      principal: Principal,
      id: number,
      kind: 'approved' | 'rejected',
      body: { comment?: string; step?: number },
      ip: string | null,
    ) {
      await approvals.decide(principal, 'purchase_order', id, kind, body, ip);
      return this.get(principal, id);
    },

    /** Sends an approved order to the supplier: it appears in the portal, and the supplier's users are told. */
    async send(principal: Principal, id: number, ip: string | null) {
      const organisationId = currentOrganisation(principal);
      const mailIds = await db.transaction(async (tx) => {
        const repository = purchaseOrdersRepository(tx);
        if (!(await repository.lock(organisationId, id))) throw notFound(message('purchase_order.not_found'));
        const found = await load(tx, organisationId, id);
        const transition = move(principal, found, 'send');
        if (
          !(await repository.updateWhere(organisationId, id, [transition.from], {
            status: 'sent',
            sentAt: clock.now(),
          }))
        ) {
          throw new AppError('conflict', message('purchase_order.conflict'));
        }
        await record(tx, principal, 'purchase_order.sent', organisationId, ip, { purchase_order_id: id });
        return notifications.announce(tx, {
          userIds: await repository.supplierUsers(found.order.supplierId),
          organisationId: found.order.supplierId,
          template: 'purchase_order_sent',
          params: {
            reference: found.order.number,
            buyer: found.buyerName,
            amount: formatMinor(found.order.totalMinor, found.order.currency),
          },
          path: `/portal/purchase-orders/${id}`,
        });
      });
      await notifications.dispatch(mailIds);
      return this.get(principal, id);
    },

    async cancel(principal: Principal, id: number, reason: string | undefined, ip: string | null) {
      const organisationId = currentOrganisation(principal);
      await db.transaction(async (tx) => {
        const repository = purchaseOrdersRepository(tx);
        if (!(await repository.lock(organisationId, id))) throw notFound(message('purchase_order.not_found'));
        const found = await load(tx, organisationId, id);
        const transition = move(principal, found, 'cancel');
        if (!reason?.trim()) throw fieldError('reason', message('purchase_order.reason_required'));
        if (!(await repository.updateWhere(organisationId, id, [transition.from], { status: 'cancelled' }))) {
          throw new AppError('conflict', message('purchase_order.conflict'));
        }
        await record(tx, principal, 'purchase_order.cancelled', organisationId, ip, {
          purchase_order_id: id,
          from: transition.from,
          reason: reason.trim(),
        });
      });
      return this.get(principal, id);
    },

    async close(principal: Principal, id: number, ip: string | null) {
      const organisationId = currentOrganisation(principal);
      await db.transaction(async (tx) => {
        const repository = purchaseOrdersRepository(tx);
        if (!(await repository.lock(organisationId, id))) throw notFound(message('purchase_order.not_found'));
        const found = await load(tx, organisationId, id);
        const transition = move(principal, found, 'close');
        if (
          !(await repository.updateWhere(organisationId, id, [transition.from], {
            status: 'closed',
            closedAt: clock.now(),
          }))
        ) {
          throw new AppError('conflict', message('purchase_order.conflict'));
        }
        await record(tx, principal, 'purchase_order.closed', organisationId, ip, { purchase_order_id: id });
      });
      return this.get(principal, id);
    },

    /** The supplier acknowledges (will deliver) or declines (with a reason) an order sent to it. */
    async respond(
      principal: Principal,
      supplierId: number,
      id: number,
      answer: 'acknowledge' | 'decline',
      reason: string | undefined,
      ip: string | null,
    ) {
      const organisationId = currentOrganisation(principal);
      const mailIds = await db.transaction(async (tx) => {
        const repository = purchaseOrdersRepository(tx);
        if (!(await repository.lock(organisationId, id))) throw notFound(message('purchase_order.not_found'));
        const found = await load(tx, organisationId, id);
        if (found.order.supplierId !== supplierId || found.order.sentAt === null)
          throw notFound(message('purchase_order.not_found'));
        const transition = move(principal, found, answer);
        if (answer === 'decline' && !reason?.trim()) {
          throw fieldError('reason', message('purchase_order.reason_required'));
        }
        if (
          !(await repository.updateWhere(
            organisationId,
            id,
            [transition.from],
            answer === 'acknowledge'
              ? { status: 'acknowledged', acknowledgedAt: clock.now() }
              : { status: 'declined', declineReason: reason!.trim() },
          ))
        ) {
          throw new AppError('conflict', message('purchase_order.conflict'));
        }
        await record(
          tx,
          principal,
          answer === 'acknowledge' ? 'purchase_order.acknowledged' : 'purchase_order.declined',
          organisationId,
          ip,
          { purchase_order_id: id, supplier_id: supplierId, reason: reason?.trim() || null },
        );
        const about = { reference: found.order.number, supplier: found.supplierName };
        return notifications.announce(tx, {
          userIds: [found.order.createdByUserId],
          organisationId,
          ...(answer === 'acknowledge'
            ? { template: 'purchase_order_acknowledged', params: about }
            : { template: 'purchase_order_declined', params: { ...about, reason: reason!.trim() } }),
          path: pathOf(id),
        });
      });
      await notifications.dispatch(mailIds);
      return this.get(principal, id, supplierId);
    },

    /** The printable order for its buyer's staff, or (`asSupplier`) for the supplier it was sent to. */
    async pdf(
      principal: Principal,
      id: number,
      asSupplier?: number,
    ): Promise<{ number: string; bytes: Buffer }> {
      const view = await this.get(principal, id, asSupplier);
      const parties = await purchaseOrdersRepository(db).parties(view.buyer.id, view.supplier.id);
      const minor = (text: string) => decimalTextToMinor(text, view.currency) ?? 0;
      const bytes = await renderPurchaseOrderPdf({
        number: view.number,
        status: view.status,
        // The instant: the PDF prints its East Africa Time day (the UTC day was a day early late at night).
        issuedOn: view.sent_at ?? view.approved_at ?? view.created_at,
        currency: view.currency,
        buyer: { name: view.buyer.name, address: null, ...parties.buyer },
        supplier: { name: view.supplier.name, ...parties.supplier },
        deliveryAddress: view.delivery_address,
        deliveryDate: view.delivery_date,
        paymentTermsDays: view.payment_terms_days,
        justification: view.source === 'direct' ? view.justification : '',
        lines: view.lines.map((line) => ({
          lineNo: line.line_no,
          description: line.description,
          quantity: line.quantity,
          unit: line.unit,
          unitPriceMinor: minor(line.unit_price),
          taxBasisPoints: Math.round(Number(line.tax_rate) * 100),
          netMinor: minor(line.net),
          taxMinor: minor(line.tax),
          requisitionNumber: line.requisition?.number ?? null,
        })),
        subtotalMinor: minor(view.subtotal),
        taxMinor: minor(view.tax),
        totalMinor: minor(view.total),
        approvals: (view.approval?.decisions ?? [])
          .filter((d) => d.decision === 'approved' && d.round === view.approval!.round)
          .map((d) => ({ name: d.user.name, decidedAt: d.decided_at })),
      });
      return { number: view.number, bytes };
    },

    /**
     * For sourcing (an approved RFQ award, issue 20): a numbered draft order in the caller's transaction, its
     * lines validated and priced exactly as `create` does. Returns its id and number.
     */
    async createDraftIn(
      tx: Tx,
      input: { organisationId: number; createdByUserId: number; form: PurchaseOrderForm; source: string },
    ) {
      const { organisationId, form } = input;
      await suppliers.orderable(tx, organisationId, form.supplier_id);
      const lines = await linesOf(tx, organisationId, form, null);
      const repository = purchaseOrdersRepository(tx);
      const number = await numbering.next(tx, organisationId, 'purchase_order');
      const id = await repository.insert({
        organisationId,
        supplierId: form.supplier_id,
        number,
        source: lines.some((l) => l.requisitionLineId) ? 'requisition' : 'direct',
        justification: form.justification,
        currency: form.currency,
        deliveryAddress: form.delivery_address,
        deliveryDate: form.delivery_date ?? null,
        paymentTermsDays:
          form.payment_terms_days ?? (await repository.supplierTerms(organisationId, form.supplier_id)),
        ...totals(lines),
        createdByUserId: input.createdByUserId,
      });
      await repository.replaceLines(id, lines);
      await audit.record(tx, {
        action: 'purchase_order.created',
        actorUserId: input.createdByUserId,
        organisationId,
        detail: { purchase_order_id: id, number, supplier_id: form.supplier_id, source: input.source },
      });
      return { id, number, totalMinor: totals(lines).totalMinor };
    },

    /** For other modules (receipts, invoices): the order, locked, in the caller's transaction. */
    async lockedForUpdate(tx: Tx, organisationId: number, id: number) {
      if (!(await purchaseOrdersRepository(tx).lock(organisationId, id)))
        throw notFound(message('purchase_order.not_found'));
      return load(tx, organisationId, id);
    },
    move,
  };
}
export type PurchaseOrdersService = ReturnType<typeof createPurchaseOrdersService>;
