import {
  message,
  messageWith,
  type Message,
  type MessageKey,
  type ApprovalsInboxItem,
  type BulkApproveBody,
} from '@zabuni/contracts';
import {
  barredFromDeciding,
  bulkApprovable,
  canDecide,
  decide,
  decisionOutcome,
  formatMinor,
  minorToDecimalText,
  needsBudgetConsent,
  overBudgetConsentStep,
  waitingDeciders,
  withStep,
  workflowProgress,
  type ApprovalDocumentType,
  type DocumentParty,
  type RecordedDecision,
  type ResolvedRoute,
  type SegregationContext,
  type StepDefinition,
  type SupplierRiskBand,
  type WorkflowDecisionKind,
  type WorkflowProgress,
} from '@zabuni/domain';
import type { Principal } from '../../../infra/auth.ts';
import type { Db, Executor, Tx } from '../../../infra/database.ts';
import { AppError, fieldError, notFound } from '../../../infra/errors.ts';
import type { PageRequest } from '../../../infra/pagination.ts';
import { currentOrganisation } from '../../../infra/tenancy.ts';
import {
  approvalView,
  assertMayDecide,
  assertSeparable,
  decisionRefusals,
  recordedDecisions,
  type StoredDecision,
} from './approval-decisions.ts';
import type { ApprovalWorkflowsService } from '../../platform/setup/approval-workflows/index.ts';
import type { AuditAction, AuditService } from '../audit/index.ts';
import type { Clock } from '../../../infra/clock.ts';
import type { ApprovalRequestTemplate } from '../mail/index.ts';
import type { NotificationsService } from '../notifications/index.ts';
import { approvalsRepository } from './approvals.repository.ts';

/**
 * The one approval engine's service (issue 14, ARCHITECTURE §3): every document that needs approval
 * (requisitions, purchase orders and invoices today; contracts, awards and risk acceptances next) resolves
 * its route here at submission, and every decision on it is taken here: segregation of duties, delegation,
 * the over-budget consent step at final approval, the zero-rows guard, notifications and the audit row.
 * A document type plugs in through an adapter that says how to load it, where its route and decisions
 * are kept, and what completing its approval does.
 */

/** A document as the engine reads it. */
export interface ApprovalSubject {
  id: number;
  organisationId: number;
  /** Still waiting for approval (the document type's pending status). */
  pending: boolean;
  status: string;
  round: number;
  /** The route of the current round; null when the document has none (not submitted, no workflow). */
  route: ResolvedRoute | null;
  number: string;
  /** A requisition's title; an order's or invoice's supplier. */
  title: string;
  supplier: { id: number; name: string } | null;
  /**
   * Every supplier the document goes to, when that is not just `supplier` (an RFQ award split among
   * several suppliers): workflow rules on the supplier's risk band read these. Absent: `supplier`.
   */
  supplierIds?: readonly number[];
  /** Who raised it: the route never includes them. */
  requester: { id: number; name: string };
  amountMinor: number;
  currency: string;
  costCentreIds: readonly string[];
  categoryIds: readonly string[];
  /** Everyone who took part in raising it (segregation of duties). */
  parties: readonly DocumentParty[];
  submittedAt: Date | null;
  createdAt: Date;
}

/** A waiting document as the inbox reads it: enough to ask whether the caller may decide it now. */
export interface WaitingDocument {
  id: number;
  route: ResolvedRoute;
  parties: readonly DocumentParty[];
  submittedAt: Date | null;
  /** The decisions of its current round. */
  decisions: readonly RecordedDecision[];
}

export interface ApprovalWords {
  notFound: MessageKey;
  ownDocument: MessageKey;
  raisedSourceRequisition?: MessageKey;
  notYourTurn: MessageKey;
  alreadyDecided: MessageKey;
  finished: MessageKey;
  /** Someone else changed the document a moment ago (zero rows updated). */
  conflict: MessageKey;
  /** With {route}: the route nobody but the requester could complete. */
  unassignable: MessageKey;
  /** Nobody can consent to the overrun found at final approval; with {route} when it says so. */
  overBudgetUnassignable: MessageKey;
  commentRequired: MessageKey;
  /** A decision this document does not take (an order is not returned). */
  notTaken?: MessageKey;
}

export interface DecisionInput {
  round: number;
  recorded: RecordedDecision;
  userId: number;
  comment: string;
}

/** A bulk item's outcome as the wire says it: the English and, where it has one, its catalogue code. */
function outcomeOf(said: Message | AppError) {
  if (!(said instanceof AppError)) return { detail: said.text, code: said.key, params: said.params };
  const body = said.body() as { code: string; params?: Record<string, string | number> };
  return { detail: said.message, code: body.code, ...(body.params ? { params: body.params } : {}) };
}

/**
 * The risk bands of some suppliers at one buyer (the supplier risk profile, issue 23), for workflow rules
 * with a supplier risk band condition. Given to the engine when the app is assembled: the risk module uses
 * the engine, so the engine never imports it.
 */
export type SupplierRiskBands = (
  tx: Executor,
  organisationId: number,
  supplierIds: readonly number[],
) => Promise<SupplierRiskBand[]>;

/** The suppliers a document goes to (one for an order, invoice or contract; an award's every supplier). */
export const suppliersOf = (subject: Pick<ApprovalSubject, 'supplier' | 'supplierIds'>): number[] => [
  ...new Set(subject.supplierIds ?? (subject.supplier ? [subject.supplier.id] : [])),
];

/** How one document type plugs into the engine. */
export interface ApprovalAdapter {
  type: ApprovalDocumentType;
  words: ApprovalWords;
  /** The decisions this document takes; the others are refused. */
  kinds: readonly WorkflowDecisionKind[];
  /** Which mail asks the deciders of a waiting step. */
  askTemplate: ApprovalRequestTemplate;
  /** The audit actions of a decision, by kind. */
  auditAction(kind: WorkflowDecisionKind): AuditAction;
  /** The web page of a document. */
  path(id: number): string;
  /** Locks the document's row for the decision (serialised with every other change of it). */
  lock(tx: Tx, organisationId: number, id: number): Promise<boolean>;
  load(tx: Executor, organisationId: number, id: number): Promise<ApprovalSubject | null>;
  loadMany(tx: Executor, organisationId: number, ids: number[]): Promise<ApprovalSubject[]>;
  /** Every document of the organisation waiting for approval, with its route and current decisions. */
  waiting(tx: Executor, organisationId: number): Promise<WaitingDocument[]>;
  /** Decisions of the document (every round when `round` is absent), with the deciders' names. */
  decisions(
    tx: Executor,
    id: number,
    round?: number,
  ): Promise<Array<{ decision: StoredDecision; firstName: string; lastName: string }>>;
  insertDecision(tx: Tx, subject: ApprovalSubject, decision: DecisionInput): Promise<void>;
  /** Keeps the route the decision was taken on; false when the document is no longer pending (zero rows). */
  saveRoute(tx: Tx, subject: ApprovalSubject, route: ResolvedRoute): Promise<boolean>;
  /**
   * The budget check of the final approval: refuses (throws) where a budget stops the document, and
   * returns the cost centres over a `warn` budget, whose consent the route then needs.
   */
  overBudgetAtApproval(tx: Tx, subject: ApprovalSubject): Promise<string[]>;
  /**
   * What the end of the approval does to the document (status moved WHERE status = pending, follow-ups
   * such as requisitions marked ordered, the requester or supplier told). `changed` false: zero rows.
   */
  finish(
    tx: Tx,
    principal: Principal,
    subject: ApprovalSubject,
    state: 'approved' | 'rejected' | 'returned',
    comment: string,
  ): Promise<{ changed: boolean; mailIds: number[] }>;
}

/**
 * Routes and decisions kept by the engine itself, for document types whose rows keep none (invoices
 * today; contracts, awards and risk acceptances next): an adapter stores its approval here.
 */
export function engineStore(type: ApprovalDocumentType) {
  return {
    /** The latest round's route, or null when the document never had one. */
    async current(tx: Executor, id: number) {
      const repository = approvalsRepository(tx);
      const round = await repository.latestRound(type, id);
      return round === 0 ? null : repository.route(type, id, round);
    },
    latestRoutes: (tx: Executor, ids: number[]) => approvalsRepository(tx).latestRoutes(type, ids),
    decisionsOf: (tx: Executor, ids: number[]) => approvalsRepository(tx).decisionsOf(type, ids),
    decisions: (tx: Executor, id: number, round?: number) =>
      approvalsRepository(tx).decisions(type, id, round),
    insertDecision: (tx: Executor, id: number, { round, recorded, userId, comment }: DecisionInput) =>
      approvalsRepository(tx).insertDecision({
        documentType: type,
        documentId: id,
        round,
        stepIndex: recorded.stepIndex,
        slotIndex: recorded.slotIndex,
        userId,
        onBehalfOf: recorded.onBehalfOf.map(Number),
        decision: recorded.decision,
        comment,
      }),
    saveRoute: (tx: Executor, id: number, round: number, route: ResolvedRoute) =>
      approvalsRepository(tx).saveRoute(type, id, round, route),
  };
}

export function createApprovalsService({
  db,
  workflows,
  audit,
  notifications,
  clock,
}: {
  db: Db;
  workflows: ApprovalWorkflowsService;
  audit: AuditService;
  notifications: NotificationsService;
  clock: Clock;
}) {
  const adapters = new Map<ApprovalDocumentType, ApprovalAdapter>();
  let supplierRiskBands: SupplierRiskBands | null = null;

  const adapterOf = (type: ApprovalDocumentType) => {
    const adapter = adapters.get(type);
    if (!adapter) throw new AppError('validation', message('approval.unknown_type', { type }));
    return adapter;
  };

  const segregationOf = async (tx: Executor, subject: ApprovalSubject): Promise<SegregationContext> => ({
    parties: subject.parties,
    policy: await workflows.policy(tx, subject.organisationId),
  });

  const documentOf = (type: ApprovalDocumentType, subject: ApprovalSubject) => ({
    documentType: type,
    amountMinor: subject.amountMinor,
    currency: subject.currency,
    requesterId: String(subject.requester.id),
    // Everyone who took part in raising it is kept off the route, not only who raised it.
    barredIds: barredFromDeciding(subject.parties),
    costCentreIds: [...new Set(subject.costCentreIds)],
    categoryIds: [...new Set(subject.categoryIds)],
  });

  /** Whoever can decide the step now waiting: asked by mail and in the app. */
  const askDeciders = (
    tx: Executor,
    adapter: ApprovalAdapter,
    subject: ApprovalSubject,
    progress: WorkflowProgress,
    segregation: SegregationContext,
  ) => {
    // Every request template takes these (an invoice's does not name who raised it).
    const asked = {
      requester: subject.requester.name,
      reference: subject.number,
      title: subject.title,
      amount: formatMinor(subject.amountMinor, subject.currency),
    };
    return notifications.announce(tx, {
      userIds: waitingDeciders(progress, segregation).map(Number),
      organisationId: subject.organisationId,
      template: adapter.askTemplate,
      params: asked,
      path: adapter.path(subject.id),
    });
  };

  return {
    /** A document type joins the engine (done once, when the app is assembled). */
    register(adapter: ApprovalAdapter) {
      adapters.set(adapter.type, adapter);
    },

    /** Where the engine reads suppliers' risk bands (the risk module, wired when the app is assembled). */
    useSupplierRiskBands(provider: SupplierRiskBands) {
      supplierRiskBands = provider;
    },

    /**
     * The route a document takes from now (the first matching active rule, or the default unless
     * `ruleOnly`), refused when nobody but the people who raised it could complete it or, under the
     * one-step-per-person switch, when its steps cannot each go to a different person. `extraSteps`: the
     * over-budget consent step a document over a `warn` budget needs from the start.
     */
    async resolveRoute(
      tx: Tx,
      type: ApprovalDocumentType,
      subject: ApprovalSubject,
      options: { extraSteps?: readonly StepDefinition[]; ruleOnly?: boolean } = {},
    ) {
      const adapter = adapterOf(type);
      const { rule, route, directory } = await workflows.routeFor(
        tx,
        subject.organisationId,
        documentOf(type, subject),
        clock.now(),
        options.extraSteps ?? [],
        options.ruleOnly ?? false,
        // Read only when some rule asks for a risk band; without suppliers (or a provider) no band.
        async () => {
          const suppliers = suppliersOf(subject);
          return supplierRiskBands && suppliers.length > 0
            ? supplierRiskBands(tx, subject.organisationId, suppliers)
            : [];
        },
      );
      if (!rule && options.ruleOnly) return null;
      const described = () => workflows.describe(route, directory);
      if (!route.assignable) {
        throw new AppError(
          'validation',
          messageWith(adapter.words.unassignable, { route: described().join('; ') }),
        );
      }
      const segregation = await segregationOf(tx, subject);
      assertSeparable(route, segregation, described);
      return { rule, route, segregation };
    },

    /** Asks the first step's deciders of a route just started (in the submitting transaction). */
    announceStart(
      tx: Executor,
      type: ApprovalDocumentType,
      subject: ApprovalSubject,
      route: ResolvedRoute,
      segregation: SegregationContext,
    ) {
      return askDeciders(tx, adapterOf(type), subject, workflowProgress(route, []), segregation);
    },

    /**
     * Starts a new approval round kept by the engine (engineStore) when a workflow rule applies to the
     * document: the route is stored and its first deciders asked. Null when no rule applies, or when the
     * rule cannot be completed by anyone allowed to (the document then keeps its own default: an invoice
     * is approved by finance), with the reason in the audit log.
     */
    async startRound(tx: Tx, type: ApprovalDocumentType, subject: ApprovalSubject): Promise<number[] | null> {
      let resolved;
      try {
        resolved = await this.resolveRoute(tx, type, subject, { ruleOnly: true });
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        await audit.record(tx, {
          action: 'approval.workflow_not_applied',
          actorUserId: null,
          organisationId: subject.organisationId,
          detail: { document_type: type, document_id: subject.id, reason: error.message },
        });
        return null;
      }
      if (!resolved) return null;
      const round = subject.round + 1;
      await approvalsRepository(tx).insertRoute({
        organisationId: subject.organisationId,
        documentType: type,
        documentId: subject.id,
        round,
        route: resolved.route,
        workflowRuleId: resolved.rule?.id ?? null,
      });
      await audit.record(tx, {
        action: 'approval.started',
        actorUserId: null,
        organisationId: subject.organisationId,
        detail: { document_type: type, document_id: subject.id, round, rule_id: resolved.rule?.id ?? null },
      });
      return this.announceStart(tx, type, subject, resolved.route, resolved.segregation);
    },

    /** The owner of each cost centre (department) of the organisation: who consents for its budget. */
    async budgetOwners(tx: Executor, organisationId: number) {
      const { departments } = await workflows.directory(tx, organisationId);
      return (departmentId: number) => departments.find((d) => d.id === departmentId)?.ownerId ?? null;
    },

    /** The over-budget consent step for these cost centres (at submission under `warn`). */
    consentStep: (overBudgetCostCentreIds: readonly string[]) =>
      overBudgetConsentStep(overBudgetCostCentreIds),

    /**
     * A decision on the document's current step (or `body.step`). The document's row is locked first, so
     * two deciders acting at the same moment are decided one after the other; every status change is
     * made WHERE the document is still pending, and zero rows updated is a 409.
     */
    async decide(
      principal: Principal,
      type: ApprovalDocumentType,
      id: number,
      kind: WorkflowDecisionKind,
      body: { comment?: string; step?: number },
      ip: string | null,
    ): Promise<void> {
      const adapter = adapterOf(type);
      const words = adapter.words;
      const refusal = decisionRefusals(words);
      const organisationId = currentOrganisation(principal);
      const comment = body.comment?.trim() ?? '';
      const mailIds = await db.transaction(async (tx) => {
        if (!(await adapter.lock(tx, organisationId, id))) throw notFound(messageWith(words.notFound));
        const subject = (await adapter.load(tx, organisationId, id))!;
        const stored = subject.route;
        if (!subject.pending || !stored) throw refusal.finished;
        if (!adapter.kinds.includes(kind))
          throw new AppError('validation', messageWith(words.notTaken ?? words.finished));
        if (kind !== 'approved' && !comment) throw fieldError('comment', messageWith(words.commentRequired));
        const segregation = await segregationOf(tx, subject);
        // Delegations that started after submission cover this waiting document too.
        const route = (await workflows.delegationsNow(tx, organisationId, clock.now()))(
          stored,
          barredFromDeciding(subject.parties),
        );
        const progress = workflowProgress(
          route,
          recordedDecisions(await adapter.decisions(tx, id, subject.round)),
        );
        const userId = String(principal.userId);
        const stepIndex = body.step === undefined ? (progress.currentStepIndex ?? -1) : body.step - 1;
        assertMayDecide(canDecide(userId, progress, segregation, stepIndex), refusal, words);
        const result = decide(progress, { stepIndex, userId, decision: kind, at: clock.now() });
        if (!result.ok) throw refusal[result.reason];
        // The route the decision was taken on is kept, so its replay always finds the decider.
        if (route !== stored && !(await adapter.saveRoute(tx, subject, route))) {
          throw new AppError('conflict', messageWith(words.conflict));
        }
        await adapter.insertDecision(tx, subject, {
          round: subject.round,
          recorded: result.recorded,
          userId: principal.userId,
          comment,
        });
        let after = result.progress;
        if (after.state === 'approved') {
          // The final approval commits the money: checked again against what others committed meanwhile.
          const over = await adapter.overBudgetAtApproval(tx, subject);
          if (needsBudgetConsent(route, over)) {
            // Over budget only now: the budget's owner or an exception approver must consent first.
            const { route: extended, directory } = await workflows.routeFor(
              tx,
              organisationId,
              documentOf(type, subject),
              clock.now(),
              [overBudgetConsentStep(over)],
            );
            const added = extended.steps.at(-1)!;
            if (added.unassignable) {
              throw new AppError(
                'conflict',
                messageWith(words.overBudgetUnassignable, {
                  route: workflows.describe({ ...extended, steps: [added] }, directory).join('; '),
                }),
              );
            }
            const longer = withStep(route, added);
            if (!(await adapter.saveRoute(tx, subject, longer)))
              throw new AppError('conflict', messageWith(words.conflict));
            after = workflowProgress(
              longer,
              recordedDecisions(await adapter.decisions(tx, id, subject.round)),
            );
            // Segregation of duties: someone who has not decided another step must be able to consent.
            if (waitingDeciders(after, segregation).length === 0) {
              throw new AppError('conflict', message('segregation.no_consenter'));
            }
          }
        }
        const outcome = decisionOutcome(progress, after);
        let mailIds: number[] = [];
        if (outcome.kind === 'finished') {
          const finished = await adapter.finish(tx, principal, subject, outcome.state, comment);
          if (!finished.changed) throw new AppError('conflict', messageWith(words.conflict));
          mailIds = finished.mailIds;
        } else if (outcome.kind === 'next_step') {
          // A new step (or the consent step just added) now waits: ask its deciders.
          mailIds = await askDeciders(tx, adapter, subject, after, segregation);
        }
        await audit.record(tx, {
          action: adapter.auditAction(kind),
          actorUserId: principal.userId,
          organisationId,
          ip,
          detail: {
            [`${type}_id`]: id,
            round: subject.round,
            step: result.recorded.stepIndex + 1,
            final: outcome.kind === 'finished',
            on_behalf_of: result.recorded.onBehalfOf,
            comment: comment || null,
          },
        });
        return mailIds;
      });
      await notifications.dispatch(mailIds);
    },

    /**
     * A document's approval as the API shows it (route in words with today's delegates while it waits,
     * where it stands, every decision, whether the caller may decide now); null without a route.
     */
    async view(tx: Executor, principal: Principal, type: ApprovalDocumentType, subject: ApprovalSubject) {
      if (!subject.route) return null;
      const adapter = adapterOf(type);
      const directory = await workflows.directory(tx, subject.organisationId);
      const live = subject.pending
        ? (await workflows.delegationsNow(tx, subject.organisationId, clock.now()))(
            subject.route,
            barredFromDeciding(subject.parties),
          )
        : subject.route;
      return approvalView({
        route: live,
        round: subject.round,
        decisions: await adapter.decisions(tx, subject.id),
        describedRoute: workflows.describe(live, directory),
        userId: principal.userId,
        segregation: await segregationOf(tx, subject),
      });
    },

    /**
     * Everything waiting for the caller's decision, of every type, oldest submission first: only what
     * the caller may decide now (never what they raised, never a second step of the same round).
     */
    async inbox(
      principal: Principal,
      page: PageRequest,
    ): Promise<{ count: number; results: ApprovalsInboxItem[] }> {
      const organisationId = currentOrganisation(principal);
      const userId = String(principal.userId);
      const live = await workflows.delegationsNow(db, organisationId, clock.now());
      const policy = await workflows.policy(db, organisationId);
      const waiting: Array<{ type: ApprovalDocumentType; id: number; step: number; at: number }> = [];
      for (const adapter of adapters.values()) {
        for (const document of await adapter.waiting(db, organisationId)) {
          const progress = workflowProgress(
            live(document.route, barredFromDeciding(document.parties)),
            document.decisions,
          );
          const check = canDecide(userId, progress, { parties: document.parties, policy });
          if (check.ok) {
            waiting.push({
              type: adapter.type,
              id: document.id,
              step: check.stepIndex + 1,
              at: document.submittedAt?.getTime() ?? 0,
            });
          }
        }
      }
      waiting.sort((a, b) => a.at - b.at || a.type.localeCompare(b.type) || a.id - b.id);
      const pageOf = waiting.slice(page.offset, page.offset + page.pageSize);
      if (pageOf.length === 0) return { count: waiting.length, results: [] };
      // One query per type for the page's documents and one directory to name their routes.
      const directory = await workflows.directory(db, organisationId);
      const loaded = new Map<string, ApprovalSubject>();
      for (const type of new Set(pageOf.map((item) => item.type))) {
        const ids = pageOf.filter((item) => item.type === type).map((item) => item.id);
        for (const subject of await adapterOf(type).loadMany(db, organisationId, ids)) {
          loaded.set(`${type}:${subject.id}`, subject);
        }
      }
      const results = pageOf.flatMap((item): ApprovalsInboxItem[] => {
        const subject = loaded.get(`${item.type}:${item.id}`);
        if (!subject) return [];
        return [
          {
            document_type: item.type,
            id: subject.id,
            number: subject.number,
            title: subject.title,
            supplier: subject.supplier,
            requester: subject.requester,
            status: subject.status,
            currency: subject.currency,
            total: minorToDecimalText(subject.amountMinor, subject.currency),
            step: item.step,
            route: subject.route ? workflows.describe(subject.route, directory) : [],
            bulk_approvable: bulkApprovable(subject),
            path: adapterOf(item.type).path(subject.id),
            submitted_at: subject.submittedAt?.toISOString() ?? null,
            created_at: subject.createdAt.toISOString(),
          },
        ];
      });
      return { count: waiting.length, results };
    },

    /**
     * Approves several small items at once, of any type, each in its own transaction with the usual
     * checks: one that fails (moved on, over budget, not small, not the caller's to decide) does not stop
     * the others.
     */
    async bulkApprove(principal: Principal, items: BulkApproveBody['items'], ip: string | null) {
      const results = [];
      for (const item of items) {
        try {
          const adapter = adapterOf(item.document_type);
          const subject = await adapter.load(db, currentOrganisation(principal), item.id);
          if (!subject) throw notFound(messageWith(adapter.words.notFound));
          if (!bulkApprovable(subject)) throw new AppError('validation', message('approval.not_small'));
          await this.decide(principal, item.document_type, item.id, 'approved', { step: item.step }, ip);
          results.push({
            document_type: item.document_type,
            id: item.id,
            ok: true,
            ...outcomeOf(message('approval.approved', { number: subject.number })),
          });
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          results.push({ document_type: item.document_type, id: item.id, ok: false, ...outcomeOf(error) });
        }
      }
      return { results };
    },
  };
}

export type ApprovalsService = ReturnType<typeof createApprovalsService>;
