import {
  message,
  type OrganisationSettings,
  type OrganisationSettingsPatch,
  type WorkflowRuleForm,
  type WorkflowRuleView,
  type workflowPreview,
  type workflowPreviewRequest,
} from '@zabuni/contracts';
import {
  DEFAULT_STEPS,
  decimalTextToMinor,
  describeRoute,
  minorToDecimalText,
  resolveSteps,
  selectWorkflowRule,
  withCurrentDelegations,
  workflowRuleNeedsSupplierRisk,
  workflowRuleProblems,
  type ApprovalDirectory,
  type ApprovalDocument,
  type SegregationPolicy,
  type ApproverDefinition,
  type ResolvedRoute,
  type StepDefinition,
  type SupplierRiskBand,
  type WorkflowRule,
} from '@zabuni/domain';
import type { z } from 'zod';
import type { Principal } from '../../../../infra/auth.ts';
import type { Db, Executor } from '../../../../infra/database.ts';
import { fieldError, notFound } from '../../../../infra/errors.ts';
import type { PageRequest } from '../../../../infra/pagination.ts';
import type { AuditService } from '../../../shared/audit/index.ts';
import type { Clock } from '../../../../infra/clock.ts';
import { administeredOrganisation, currentOrganisation } from '../../../../infra/tenancy.ts';
import {
  approvalWorkflowsRepository,
  type WorkflowRuleRow,
  type WorkflowRuleValues,
} from './approval-workflows.repository.ts';

type PreviewRequest = z.output<typeof workflowPreviewRequest>;
type Preview = z.infer<typeof workflowPreview>;

const toView = (row: WorkflowRuleRow): WorkflowRuleView => ({
  id: row.id,
  name: row.name,
  document_type: row.documentType,
  priority: row.priority,
  currency: row.currency,
  min_amount: row.minAmountMinor === null ? null : minorToDecimalText(row.minAmountMinor, row.currency),
  max_amount: row.maxAmountMinor === null ? null : minorToDecimalText(row.maxAmountMinor, row.currency),
  department_ids: row.departmentIds,
  category_ids: row.categoryIds,
  min_supplier_risk_band: row.minSupplierRiskBand ?? null,
  steps: row.steps,
  active: row.active,
});

/** The stored rule as the domain reads it (ids as strings, amounts in minor units). */
export function toDomainRule(row: WorkflowRuleValues & { id: number }): WorkflowRule {
  const approverOf = (approver: WorkflowRuleRow['steps'][number]['approvers'][number]): ApproverDefinition =>
    approver.kind === 'role'
      ? { kind: 'role', role: approver.role }
      : approver.kind === 'user'
        ? { kind: 'user', userId: String(approver.user_id) }
        : { kind: 'budget_owner' };
  return {
    id: String(row.id).padStart(10, '0'),
    name: row.name,
    documentType: row.documentType,
    priority: row.priority,
    currency: row.currency,
    minAmountMinor: row.minAmountMinor,
    maxAmountMinor: row.maxAmountMinor,
    costCentreIds: row.departmentIds.map(String),
    categoryIds: row.categoryIds.map(String),
    minSupplierRiskBand: row.minSupplierRiskBand ?? null,
    steps: row.steps.map((step): StepDefinition => ({
      mode: step.mode,
      purpose: step.purpose,
      approvers: step.approvers.map(approverOf),
    })),
  };
}

type DirectoryRows = Awaited<ReturnType<ReturnType<typeof approvalWorkflowsRepository>['directory']>>;

/** The organisation's people as route resolution reads them (ids as strings). */
function directoryOf({ members, departments, delegations }: DirectoryRows): ApprovalDirectory {
  return {
    usersWithRole: (role) => members.filter((m) => m.role === role).map((m) => String(m.userId)),
    budgetOwnerOf: (id) => {
      const owner = departments.find((d) => String(d.id) === id)?.ownerId;
      return owner === null || owner === undefined ? null : String(owner);
    },
    delegations,
    rolesOf: (userId) => members.filter((m) => String(m.userId) === userId).map((m) => m.role),
  };
}

/** Issue 6 approval workflows: administrators write the rules; anyone in the organisation may preview a route. */
export function createApprovalWorkflowsService({
  db,
  audit,
  clock,
}: {
  db: Db;
  audit: AuditService;
  clock: Clock;
}) {
  const adminOf = (principal: Principal) =>
    administeredOrganisation(principal, message('workflow.not_admin'));

  function amountOf(field: 'min_amount' | 'max_amount', text: string | null | undefined, currency: string) {
    if (text === null || text === undefined || text.trim() === '') return null;
    const minor = decimalTextToMinor(text, currency);
    if (minor === null) throw fieldError(field, message('workflow.amount'));
    return minor;
  }

  async function valuesOf(
    tx: Executor,
    organisationId: number,
    form: WorkflowRuleForm,
  ): Promise<WorkflowRuleValues> {
    const repository = approvalWorkflowsRepository(tx);
    const values: WorkflowRuleValues = {
      name: form.name,
      documentType: form.document_type,
      priority: form.priority,
      currency: form.currency,
      minAmountMinor: amountOf('min_amount', form.min_amount, form.currency),
      maxAmountMinor: amountOf('max_amount', form.max_amount, form.currency),
      departmentIds: [...new Set(form.department_ids)],
      categoryIds: [...new Set(form.category_ids)],
      minSupplierRiskBand: form.min_supplier_risk_band ?? null,
      steps: form.steps,
      active: form.active,
    };
    for (const problem of workflowRuleProblems(toDomainRule({ ...values, id: 0 }))) {
      if (problem.problem === 'empty_amount_band')
        throw fieldError('max_amount', message('workflow.empty_band'));
      if (problem.problem === 'no_steps') throw fieldError('steps', message('workflow.no_steps'));
      if (problem.problem === 'step_without_approvers') {
        throw fieldError(
          'steps',
          message('workflow.step_without_approvers', { step: problem.stepIndex + 1 }),
        );
      }
      if (problem.problem === 'currency_not_iso') throw fieldError('currency', message('workflow.currency'));
      throw fieldError('min_amount', message('workflow.amount'));
    }
    const named = form.steps.flatMap((step) =>
      step.approvers.flatMap((a) => (a.kind === 'user' ? [a.user_id] : [])),
    );
    const members = await repository.membersAmong(organisationId, [...new Set(named)]);
    if (named.some((id) => !members.includes(id)))
      throw fieldError('steps', message('workflow.user_not_member'));
    if (
      (await repository.ourDepartments(organisationId, values.departmentIds)).length !==
      values.departmentIds.length
    ) {
      throw fieldError('department_ids', message('workflow.department'));
    }
    if ((await repository.existingCategories(values.categoryIds)).length !== values.categoryIds.length) {
      throw fieldError('category_ids', message('workflow.category'));
    }
    return values;
  }

  async function save(principal: Principal, id: number | null, form: WorkflowRuleForm, ip: string | null) {
    const organisationId = adminOf(principal);
    return db.transaction(async (tx) => {
      const repository = approvalWorkflowsRepository(tx);
      if (id !== null && !(await repository.find(organisationId, id)))
        throw notFound(message('workflow.not_found'));
      const values = await valuesOf(tx, organisationId, form);
      const savedId = id ?? (await repository.insert(organisationId, values));
      if (id !== null) await repository.update(organisationId, id, values);
      await audit.record(tx, {
        action: id === null ? 'approval_workflow.created' : 'approval_workflow.updated',
        actorUserId: principal.userId,
        organisationId,
        ip,
        detail: { rule_id: savedId, document_type: values.documentType, steps: values.steps.length },
      });
      return savedId;
    });
  }

  return {
    async list(principal: Principal, documentType: string | undefined, page: PageRequest) {
      const { count, rows } = await approvalWorkflowsRepository(db).list(
        currentOrganisation(principal),
        documentType,
        page.offset,
        page.pageSize,
      );
      return { count, results: rows.map(toView) };
    },

    async get(principal: Principal, id: number): Promise<WorkflowRuleView> {
      const row = await approvalWorkflowsRepository(db).find(currentOrganisation(principal), id);
      if (!row) throw notFound(message('workflow.not_found'));
      return toView(row);
    },

    async create(principal: Principal, form: WorkflowRuleForm, ip: string | null) {
      return this.get(principal, await save(principal, null, form, ip));
    },

    async update(principal: Principal, id: number, form: WorkflowRuleForm, ip: string | null) {
      return this.get(principal, await save(principal, id, form, ip));
    },

    /**
     * The route a document takes now: the first matching active rule's steps (or the default, the budget
     * owners), resolved to the organisation's people, never including the requester.
     */
    async routeFor(
      tx: Executor,
      organisationId: number,
      document: ApprovalDocument & { barredIds?: readonly string[] },
      now: Date,
      /** Steps after the rule's, e.g. the budget exception an over-budget document needs. */
      extraSteps: readonly StepDefinition[] = [],
      /** No default route: without a matching rule the route has no steps (invoices without a workflow). */
      ruleOnly = false,
      /**
       * The risk bands of the document's suppliers, asked only when some active rule has a risk band
       * condition (a supplier's profile takes several reads). Absent: the document's own
       * `supplierRiskBands`.
       */
      supplierRiskBands?: () => Promise<readonly SupplierRiskBand[]>,
    ) {
      const repository = approvalWorkflowsRepository(tx);
      const rows = await repository.activeRules(organisationId, document.documentType);
      const rules = rows.map((row) => ({ ...toDomainRule(row), row }));
      const bands =
        supplierRiskBands && rules.some(workflowRuleNeedsSupplierRisk)
          ? await supplierRiskBands()
          : document.supplierRiskBands;
      const chosen = selectWorkflowRule(rules, { ...document, supplierRiskBands: bands ?? [] });
      const directory = await repository.directory(organisationId, now);
      const route = resolveSteps(
        [...(chosen?.steps ?? (ruleOnly ? [] : DEFAULT_STEPS)), ...extraSteps],
        directoryOf(directory),
        document,
        now,
      );
      return { rule: chosen ? { id: chosen.row.id, name: chosen.row.name } : null, route, directory };
    },

    /**
     * Stored routes with the delegations running now (one directory read for many documents): a
     * delegation also covers documents that were already waiting when it started. `barredIds`: people
     * who took part in raising the document, never made delegates on it.
     */
    async delegationsNow(tx: Executor, organisationId: number, now: Date) {
      const directory = directoryOf(await approvalWorkflowsRepository(tx).directory(organisationId, now));
      return (route: ResolvedRoute, barredIds: readonly string[] = []): ResolvedRoute =>
        withCurrentDelegations(route, directory, now, barredIds);
    },

    /** The organisation's segregation-of-duties switches. */
    async policy(tx: Executor, organisationId: number): Promise<SegregationPolicy> {
      const settings = await approvalWorkflowsRepository(tx).settings(organisationId);
      return { oneStepPerPerson: settings.sodOneStepPerPerson };
    },

    async settings(principal: Principal): Promise<OrganisationSettings> {
      const settings = await approvalWorkflowsRepository(db).settings(currentOrganisation(principal));
      return { sod_one_step_per_person: settings.sodOneStepPerPerson };
    },

    /** An administrator changes the approval settings; the change is in the audit log. */
    async updateSettings(
      principal: Principal,
      patch: OrganisationSettingsPatch,
      ip: string | null,
    ): Promise<OrganisationSettings> {
      const organisationId = adminOf(principal);
      await db.transaction(async (tx) => {
        const repository = approvalWorkflowsRepository(tx);
        const before = await repository.settings(organisationId);
        const after = { sodOneStepPerPerson: patch.sod_one_step_per_person ?? before.sodOneStepPerPerson };
        await repository.saveSettings(organisationId, after);
        await audit.record(tx, {
          action: 'approval_settings.updated',
          actorUserId: principal.userId,
          organisationId,
          ip,
          detail: {
            sod_one_step_per_person: { from: before.sodOneStepPerPerson, to: after.sodOneStepPerPerson },
          },
        });
      });
      return this.settings(principal);
    },

    /** The organisation's people, roles and departments, for reading a stored route. */
    directory: (tx: Executor, organisationId: number) =>
      approvalWorkflowsRepository(tx).directory(organisationId, new Date()),

    /** The route as people read it ("Step 1: ICT budget owner — Jane Doe"). */
    describe(route: ResolvedRoute, directory: Directory): string[] {
      const nameOf = new Map(
        directory.members.map((m) => [String(m.userId), `${m.firstName} ${m.lastName}`]),
      );
      return describeRoute(route, {
        user: (id) => nameOf.get(id) ?? `#${id}`,
        role: (role) => role.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase()),
        costCentre: (id) => directory.departments.find((d) => String(d.id) === id)?.name ?? `#${id}`,
      });
    },

    /** Where a document like this, raised by the caller, would go now (delegations arrive with requisitions). */
    async preview(principal: Principal, request: PreviewRequest): Promise<Preview> {
      const organisationId = currentOrganisation(principal);
      const amountMinor = decimalTextToMinor(request.amount, request.currency);
      if (amountMinor === null) throw fieldError('amount', message('workflow.amount'));
      const { rule, route, directory } = await this.routeFor(
        db,
        organisationId,
        {
          documentType: request.document_type,
          amountMinor,
          currency: request.currency,
          requesterId: String(principal.userId),
          costCentreIds: request.department_ids.map(String),
          categoryIds: request.category_ids.map(String),
          supplierRiskBands: request.supplier_risk_band ? [request.supplier_risk_band] : [],
        },
        clock.now(),
      );
      return { rule, steps: this.describe(route, directory), assignable: route.assignable };
    },
  };
}
type Directory = Awaited<ReturnType<ReturnType<typeof approvalWorkflowsRepository>['directory']>>;
export type ApprovalWorkflowsService = ReturnType<typeof createApprovalWorkflowsService>;
