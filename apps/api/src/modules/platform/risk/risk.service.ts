import {
  message,
  type ArrangementForm,
  type ArrangementView,
  type ContinuityPlanForm,
  type ContinuityPlanView,
  type CriticalServiceForm,
  type CriticalServiceView,
  type FinancialOverview,
  type FinancialScoreView,
  type HeatMapView,
  type PortalQuestionnaireView,
  type QuestionnaireAnswerForm,
  type QuestionnaireSendForm,
  type QuestionnaireView,
  type RiskDashboard,
  type RiskDetail,
  type RiskForm,
  type RiskSettingsForm,
  type RiskSummary,
  type RiskUpdate,
  type SupplierRiskProfileView,
  type TreatmentForm,
  type TreatmentUpdate,
} from '@zabuni/contracts';
import {
  DEFAULT_DUE_DILIGENCE,
  DEFAULT_FINANCIAL_THRESHOLDS,
  DEFAULT_RISK_MATRIX,
  assessMateriality,
  assessRisk,
  decimalTextToMinor,
  decimalToTenThousandths,
  dueDiligenceScore,
  eatDay,
  financialHealthScore,
  hasRole,
  heatMap,
  impactAnalysisProblems,
  maxRiskScore,
  minorToDecimalText,
  nextReviewOn,
  riskBandOf,
  riskMatrixProblems,
  singleSourced,
  spendConcentration,
  statementProblems,
  supplierExposureMinor,
  supplierRiskProfile,
  tenThousandthsToDecimal,
  thresholdBreaches,
  treatmentOverdue,
  type DueDiligenceAnswer,
  type FinancialStatement,
  type FinancialThresholds,
  type HeatMapCell,
  type PrequalificationStanding,
  type RiskMatrix,
  type RiskRating,
  type Role,
  type ThresholdBreach,
} from '@zabuni/domain';
import type { Principal } from '../../../infra/auth.ts';
import type { Clock } from '../../../infra/clock.ts';
import type { Db, Executor, Tx } from '../../../infra/database.ts';
import { AppError, fieldError, notFound } from '../../../infra/errors.ts';
import type { PageRequest } from '../../../infra/pagination.ts';
import { currentOrganisation } from '../../../infra/tenancy.ts';
import type { ApprovalsService } from '../../shared/approvals/index.ts';
import { contractBelongsTo } from '../contracts/index.ts';
import type { AuditService } from '../../shared/audit/index.ts';
import type { NotificationsService } from '../../shared/notifications/index.ts';
import { riskReference, riskSubject } from './risk.approval.ts';
import { OUTSOURCING_REGISTER_HEADERS, RISK_REGISTER_HEADERS, toCsv } from './risk.export.ts';
import {
  categoryExists,
  contractValueBySupplier,
  isStaff,
  listedSuppliers,
  openOrdersBySupplier,
  organisationName,
  organisationNames,
  peopleNames,
  spendBySupplier,
  staffWithRoles,
} from './risk.queries.ts';
import {
  riskRepository,
  type ArrangementRow,
  type PlanRow,
  type QuestionnaireRow,
  type RiskFilter,
  type RiskRow,
  type TreatmentRow,
} from './risk.repository.ts';

/** Who manages risk: records, rates, treats, sends questionnaires and keeps the continuity and outsourcing registers. */
export const RISK_MANAGERS: readonly Role[] = ['org_admin', 'risk_officer'];
const SUPPLIER_ROLES: readonly Role[] = ['supplier_admin', 'supplier_user'];
const DAY = 86_400_000;

/**
 * What other modules tell risk about a supplier, through their front doors, wired in app.ts.
 *
 * Prequalification standing comes from issue 20's front door (`prequalificationStanding`, wired in app.ts);
 * without it the part shows as not known (a moderate risk). Live contract value is read from issue 22's
 * contracts by a named query (risk.queries.ts) unless `contractValueMinor` is given: SEAM, should the
 * contracts module offer it at its front door, pass it here instead.
 */
export interface RiskSources {
  prequalificationStanding?: (
    tx: Executor,
    organisationId: number,
    supplierId: number,
  ) => Promise<PrequalificationStanding | null>;
  contractValueMinor?: (
    tx: Executor,
    organisationId: number,
    supplierId: number,
    currency: string,
  ) => Promise<number | null>;
}

interface Settings {
  matrix: RiskMatrix;
  thresholds: FinancialThresholds;
  currency: string;
}

/** A signed amount in major-unit text → minor units (net income and equity may be negative). */
function signedMinor(text: string, currency: string): number | null {
  const negative = text.trim().startsWith('-');
  const minor = decimalTextToMinor(text.trim().replace(/^-/, ''), currency);
  return minor === null ? null : negative ? -minor : minor;
}

const money = (minor: number, currency: string) => minorToDecimalText(minor, currency);

export function createRiskService({
  db,
  audit,
  notifications,
  approvals,
  clock,
  sources = {},
}: {
  db: Db;
  audit: AuditService;
  notifications: NotificationsService;
  approvals: ApprovalsService;
  clock: Clock;
  sources?: RiskSources;
}) {
  const today = () => eatDay(clock.now());

  /** The caller's organisation, when the caller manages risk there (authorisation in the service too). */
  const managed = (principal: Principal) => {
    const organisationId = currentOrganisation(principal);
    if (!hasRole(principal.grants, RISK_MANAGERS, organisationId))
      throw new AppError('forbidden', message('access.forbidden'));
    return organisationId;
  };

  const supplierOf = (principal: Principal) => {
    const grant = principal.grants.find((g) => SUPPLIER_ROLES.includes(g.role));
    if (!grant) throw new AppError('forbidden', message('portal.not_supplier'));
    return { supplierId: grant.organisationId, buyerId: currentOrganisation(principal) };
  };

  async function settingsOf(tx: Executor, organisationId: number): Promise<Settings> {
    const row = await riskRepository(tx).settings(organisationId);
    return row
      ? { matrix: row.matrix, thresholds: row.thresholds, currency: row.currency }
      : { matrix: DEFAULT_RISK_MATRIX, thresholds: DEFAULT_FINANCIAL_THRESHOLDS, currency: 'KES' };
  }

  async function checkStaff(
    tx: Executor,
    organisationId: number,
    userId: number | null | undefined,
    field: string,
  ) {
    if (userId === null || userId === undefined) return;
    if (!(await isStaff(tx, organisationId, userId))) throw fieldError(field, message('risk.owner'));
  }
  async function checkSupplier(tx: Executor, organisationId: number, supplierId: number | null | undefined) {
    if (supplierId === null || supplierId === undefined) return;
    if ((await listedSuppliers(tx, organisationId, [supplierId])).length === 0)
      throw fieldError('supplier_id', message('risk.supplier'));
  }

  /** A linked contract must be one of this organisation's (issue 22's front door). */
  async function checkContract(tx: Executor, organisationId: number, contractId: number | null | undefined) {
    if (contractId === null || contractId === undefined) return;
    if (!(await contractBelongsTo(tx, organisationId, contractId)))
      throw fieldError('contract_id', message('risk.contract'));
  }

  const scored = (matrix: RiskMatrix, likelihood: number, impact: number, score: number) => ({
    likelihood,
    impact,
    score,
    band: riskBandOf(matrix, score).key,
  });

  function treatmentView(row: TreatmentRow, people: Map<number, string>, now: string) {
    return {
      id: row.id,
      action: row.action,
      owner:
        row.ownerUserId === null ? null : { id: row.ownerUserId, name: people.get(row.ownerUserId) ?? '' },
      due_on: row.dueOn,
      status: row.status,
      completed_on: row.completedOn,
      overdue: treatmentOverdue(row.status, row.dueOn, now),
    };
  }

  async function riskViews(tx: Executor, organisationId: number, rows: RiskRow[], matrix: RiskMatrix) {
    const [people, suppliers, treatments] = await Promise.all([
      peopleNames(
        tx,
        rows.map((r) => r.ownerUserId),
      ),
      organisationNames(
        tx,
        rows.flatMap((r) => (r.supplierId === null ? [] : [r.supplierId])),
      ),
      riskRepository(tx).treatmentsOf(
        organisationId,
        rows.map((r) => r.id),
      ),
    ]);
    const now = today();
    return rows.map((row): RiskSummary => {
      const mine = treatments.filter((t) => t.riskId === row.id && t.status !== 'done');
      const effective = row.residualScore ?? row.inherentScore;
      return {
        id: row.id,
        title: row.title,
        category: row.category,
        cause: row.cause,
        effect: row.effect,
        owner:
          row.ownerUserId === null ? null : { id: row.ownerUserId, name: people.get(row.ownerUserId) ?? '' },
        supplier:
          row.supplierId === null ? null : { id: row.supplierId, name: suppliers.get(row.supplierId) ?? '' },
        contract_id: row.contractId,
        category_id: row.categoryId,
        inherent: scored(matrix, row.inherentLikelihood, row.inherentImpact, row.inherentScore),
        residual:
          row.residualScore === null
            ? null
            : scored(matrix, row.residualLikelihood!, row.residualImpact!, row.residualScore),
        effective_score: effective,
        effective_band: riskBandOf(matrix, effective).key,
        within_appetite: effective <= matrix.appetite,
        status: row.status,
        source: row.source,
        threshold_kind: row.thresholdKind,
        acceptance_reason: row.acceptanceReason,
        open_treatments: mine.length,
        overdue_treatments: mine.filter((t) => treatmentOverdue(t.status, t.dueOn, now)).length,
        created_at: row.createdAt.toISOString(),
        updated_at: row.updatedAt.toISOString(),
      };
    });
  }

  /** Rates a risk on the organisation's matrix, or refuses with the field that is wrong. */
  function assess(matrix: RiskMatrix, inherent: RiskRating, residual: RiskRating | null) {
    const result = assessRisk(matrix, inherent, residual);
    if (result.ok) return result.assessment;
    if (result.problem === 'residual_above_inherent')
      throw fieldError('residual', message('risk.residual_above_inherent'));
    throw fieldError(
      'inherent',
      message('risk.off_scale', {
        likelihood_levels: matrix.likelihoodLevels,
        impact_levels: matrix.impactLevels,
      }),
    );
  }

  function heatMapView(matrix: RiskMatrix, rows: RiskRow[]): HeatMapView {
    const cells = (grid: HeatMapCell[][]) =>
      grid.map((row) =>
        row.map(({ textColour, ...cell }) => ({
          ...cell,
          text_colour: textColour,
        })),
      );
    return {
      matrix: {
        likelihood_levels: matrix.likelihoodLevels,
        impact_levels: matrix.impactLevels,
        bands: matrix.bands.map((b) => ({ key: b.key, min_score: b.minScore, colour: b.colour })),
        appetite: matrix.appetite,
      },
      inherent: cells(
        heatMap(
          matrix,
          rows.map((r) => ({ likelihood: r.inherentLikelihood, impact: r.inherentImpact })),
        ),
      ),
      residual: cells(
        heatMap(
          matrix,
          rows.map((r) =>
            r.residualScore === null
              ? { likelihood: r.inherentLikelihood, impact: r.inherentImpact }
              : { likelihood: r.residualLikelihood!, impact: r.residualImpact! },
          ),
        ),
      ),
    };
  }

  // ---------------------------------------------------------------------------------------------------
  // Financial figures per supplier (spend concentration, exposure, latest financial score).

  async function supplierFigures(
    tx: Executor,
    organisationId: number,
    settings: Settings,
    supplierIds: number[],
  ) {
    const [spend, open, financial, contracted] = await Promise.all([
      spendBySupplier(tx, organisationId, settings.currency),
      openOrdersBySupplier(tx, organisationId, settings.currency),
      riskRepository(tx).latestAnswered(organisationId, 'financial', supplierIds),
      contractValueBySupplier(tx, organisationId, settings.currency),
    ]);
    const concentration = spendConcentration(spend);
    const figures = new Map<
      number,
      {
        spendMinor: number;
        shareTenThousandths: number;
        openOrdersMinor: number;
        contractValueMinor: number | null;
        exposureMinor: number;
        financial: QuestionnaireRow | null;
      }
    >();
    for (const supplierId of supplierIds) {
      const share = concentration.shares.find((s) => s.supplierId === supplierId);
      const contractValueMinor = sources.contractValueMinor
        ? await sources.contractValueMinor(tx, organisationId, supplierId, settings.currency)
        : (contracted.get(supplierId) ?? 0);
      const openOrdersMinor = open.get(supplierId) ?? 0;
      figures.set(supplierId, {
        spendMinor: share?.spendMinor ?? 0,
        shareTenThousandths: share?.shareTenThousandths ?? 0,
        openOrdersMinor,
        contractValueMinor,
        exposureMinor: supplierExposureMinor(openOrdersMinor, contractValueMinor ?? 0),
        financial: financial.find((q) => q.supplierId === supplierId) ?? null,
      });
    }
    return { totalMinor: concentration.totalMinor, figures };
  }

  const THRESHOLD_TITLES: Record<ThresholdBreach['kind'], (supplier: string, b: ThresholdBreach) => string> =
    {
      financial_health: (s, b) => `Weak financial health: ${s} (score ${b.value}, threshold ${b.limit})`,
      spend_concentration: (s, b) => `Spend concentrated on ${s} (share ${b.value}, threshold ${b.limit})`,
      exposure: (s, b) => `High exposure to ${s} (${b.value} minor units, threshold ${b.limit})`,
    };

  /**
   * Raises a risk for every threshold a supplier crosses, once: a risk raised by a threshold stays the
   * only one for that supplier and threshold until it is closed (a unique index; a second run adds nothing).
   */
  async function raiseThresholdRisks(tx: Tx, organisationId: number, supplierIds?: number[]) {
    const settings = await settingsOf(tx, organisationId);
    const suppliers = await listedSuppliers(tx, organisationId, supplierIds);
    const { figures } = await supplierFigures(
      tx,
      organisationId,
      settings,
      suppliers.map((s) => s.id),
    );
    const raised: number[] = [];
    const repository = riskRepository(tx);
    for (const supplier of suppliers) {
      const f = figures.get(supplier.id)!;
      const breaches = thresholdBreaches(
        {
          financialScore: f.financial?.score ?? null,
          shareTenThousandths: f.spendMinor > 0 ? f.shareTenThousandths : null,
          exposureMinor: f.exposureMinor,
        },
        settings.thresholds,
      );
      for (const breach of breaches) {
        const likelihood = Math.min(breach.likelihood, settings.matrix.likelihoodLevels);
        const impact = Math.min(breach.impact, settings.matrix.impactLevels);
        const row = await repository.insertThresholdRisk({
          organisationId,
          title: THRESHOLD_TITLES[breach.kind](supplier.name, breach),
          category: breach.kind === 'spend_concentration' ? 'supply_chain' : 'financial',
          cause: `Threshold ${breach.kind}: ${breach.value} against ${breach.limit}`,
          effect: '',
          supplierId: supplier.id,
          inherentLikelihood: likelihood,
          inherentImpact: impact,
          inherentScore: likelihood * impact,
          source: 'threshold',
          thresholdKind: breach.kind,
        });
        if (!row) continue;
        raised.push(row.id);
        await repository.insertScoreChange({
          organisationId,
          riskId: row.id,
          rating: 'inherent',
          likelihood,
          impact,
          score: likelihood * impact,
          previousScore: null,
          changedByUserId: null,
          note: `Raised automatically: ${breach.kind} ${breach.value} against ${breach.limit}`,
        });
        await audit.record(tx, {
          action: 'risk.raised_by_threshold',
          actorUserId: null,
          organisationId,
          detail: { risk_id: row.id, supplier_id: supplier.id, kind: breach.kind, value: breach.value },
        });
      }
    }
    return raised;
  }

  // ---------------------------------------------------------------------------------------------------
  // Questionnaires.

  async function questionnaireView(tx: Executor, row: QuestionnaireRow): Promise<QuestionnaireView> {
    const names = await organisationNames(tx, [row.supplierId, row.organisationId]);
    const result = row.result as Record<string, unknown> | null;
    return {
      id: row.id,
      supplier: { id: row.supplierId, name: names.get(row.supplierId) ?? '' },
      buyer: { id: row.organisationId, name: names.get(row.organisationId) ?? '' },
      kind: row.kind,
      arrangement_id: row.arrangementId,
      status: row.status,
      message: row.message,
      due_on: row.dueOn,
      sent_at: row.sentAt.toISOString(),
      answered_at: row.answeredAt?.toISOString() ?? null,
      questions: row.kind === 'due_diligence' ? DEFAULT_DUE_DILIGENCE.map((q) => ({ ...q })) : [],
      answers: row.answers,
      score: row.score,
      financial: row.kind === 'financial' && result ? (result as FinancialScoreView) : null,
      due_diligence:
        row.kind === 'due_diligence' && result
          ? (result as unknown as NonNullable<QuestionnaireView['due_diligence']>)
          : null,
    };
  }

  /**
   * The supplier portal's view: its own answers and the questionnaire's state. The buyer's scoring of the
   * supplier (score, financial or due-diligence result, band, parts) stays on the buyer's side.
   */
  async function portalQuestionnaireView(
    tx: Executor,
    row: QuestionnaireRow,
  ): Promise<PortalQuestionnaireView> {
    const {
      score: _score,
      financial: _financial,
      due_diligence: _dueDiligence,
      ...own
    } = await questionnaireView(tx, row);
    return own;
  }

  function statementOf(form: NonNullable<QuestionnaireAnswerForm['financial']>): FinancialStatement {
    const field = (name: keyof typeof form & string) => {
      const minor = signedMinor(String(form[name]), form.currency);
      if (minor === null) throw fieldError(`financial.${name}`, message('risk.amount'));
      return minor;
    };
    return {
      currency: form.currency,
      currentAssetsMinor: field('current_assets'),
      inventoryMinor: field('inventory'),
      currentLiabilitiesMinor: field('current_liabilities'),
      totalAssetsMinor: field('total_assets'),
      totalLiabilitiesMinor: field('total_liabilities'),
      equityMinor: field('equity'),
      revenueMinor: field('revenue'),
      netIncomeMinor: field('net_income'),
    };
  }

  // ---------------------------------------------------------------------------------------------------
  // Continuity and outsourcing views.

  function planView(row: PlanRow, suppliers: Map<number, string>, now: string): ContinuityPlanView {
    return {
      id: row.id,
      service_id: row.serviceId,
      supplier:
        row.supplierId === null ? null : { id: row.supplierId, name: suppliers.get(row.supplierId) ?? '' },
      alternates: row.alternates,
      stock: row.stock,
      exit_plan: row.exitPlan,
      last_tested_on: row.lastTestedOn,
      test_result: row.testResult,
      test_notes: row.testNotes,
      next_test_on: row.nextTestOn,
      test_overdue: row.nextTestOn !== null && row.nextTestOn < now,
    };
  }

  async function arrangementViews(tx: Executor, organisationId: number, rows: ArrangementRow[]) {
    const [suppliers, people, diligence] = await Promise.all([
      organisationNames(
        tx,
        rows.map((r) => r.supplierId),
      ),
      peopleNames(
        tx,
        rows.map((r) => r.ownerUserId),
      ),
      riskRepository(tx).latestAnswered(
        organisationId,
        'due_diligence',
        rows.map((r) => r.supplierId),
      ),
    ]);
    const now = today();
    // The supplier's latest answered due diligence, when it was sent for this arrangement (or for none).
    const diligenceOf = (row: ArrangementRow) =>
      diligence.find((q) => q.supplierId === row.supplierId && (q.arrangementId ?? row.id) === row.id);
    return rows.map((row): ArrangementView => ({
      id: row.id,
      service: row.service,
      supplier: { id: row.supplierId, name: suppliers.get(row.supplierId) ?? '' },
      contract_id: row.contractId,
      materiality: {
        critical_function: row.criticalFunction,
        customer_data: row.customerData,
        data_offshore: row.dataOffshore,
        disruption_impact: row.disruptionImpact,
        substitutability: row.substitutability,
        above_value_threshold: row.aboveValueThreshold,
      },
      material: row.material,
      materiality_score: row.materialityScore,
      data_location: row.dataLocation,
      subcontractors: row.subcontractors,
      exit_strategy: row.exitStrategy,
      annual_value: money(row.annualValueMinor, row.currency),
      currency: row.currency,
      owner:
        row.ownerUserId === null ? null : { id: row.ownerUserId, name: people.get(row.ownerUserId) ?? '' },
      started_on: row.startedOn,
      last_reviewed_on: row.lastReviewedOn,
      next_review_on: row.nextReviewOn,
      review_overdue: row.nextReviewOn < now,
      due_diligence_score: diligenceOf(row)?.score ?? null,
      due_diligence_questionnaire_id: diligenceOf(row)?.id ?? null,
    }));
  }

  function arrangementValues(form: ArrangementForm) {
    const assessment = assessMateriality({
      criticalFunction: form.materiality.critical_function,
      customerData: form.materiality.customer_data,
      dataOffshore: form.materiality.data_offshore,
      disruptionImpact: form.materiality.disruption_impact,
      substitutability: form.materiality.substitutability,
      aboveValueThreshold: form.materiality.above_value_threshold,
    });
    const annualValueMinor = decimalTextToMinor(form.annual_value, form.currency);
    if (annualValueMinor === null) throw fieldError('annual_value', message('risk.amount'));
    const reviewedFrom = form.last_reviewed_on ?? form.started_on ?? today();
    return {
      service: form.service,
      supplierId: form.supplier_id,
      contractId: form.contract_id ?? null,
      criticalFunction: form.materiality.critical_function,
      customerData: form.materiality.customer_data,
      dataOffshore: form.materiality.data_offshore,
      disruptionImpact: form.materiality.disruption_impact,
      substitutability: form.materiality.substitutability,
      aboveValueThreshold: form.materiality.above_value_threshold,
      material: assessment.material,
      materialityScore: assessment.score,
      dataLocation: form.data_location,
      subcontractors: form.subcontractors,
      exitStrategy: form.exit_strategy,
      annualValueMinor,
      currency: form.currency,
      ownerUserId: form.owner_id ?? null,
      startedOn: form.started_on ?? null,
      lastReviewedOn: form.last_reviewed_on ?? null,
      nextReviewOn: form.next_review_on ?? nextReviewOn(reviewedFrom, assessment.material),
    };
  }

  // ---------------------------------------------------------------------------------------------------
  // Supplier risk profiles.

  async function profiles(tx: Executor, organisationId: number, settings: Settings, supplierIds: number[]) {
    const repository = riskRepository(tx);
    const [{ figures }, live, arrangements] = await Promise.all([
      supplierFigures(tx, organisationId, settings, supplierIds),
      repository.liveRisks(organisationId),
      repository.arrangements(organisationId),
    ]);
    const max = maxRiskScore(settings.matrix);
    const result = new Map<
      number,
      ReturnType<typeof supplierRiskProfile> & {
        figures: typeof figures extends Map<number, infer F> ? F : never;
      }
    >();
    for (const supplierId of supplierIds) {
      const f = figures.get(supplierId)!;
      const mine = live.filter((r) => r.supplierId === supplierId && r.status !== 'accepted');
      const worst = mine.reduce((m, r) => Math.max(m, r.residualScore ?? r.inherentScore), 0);
      const theirs = arrangements.filter((a) => a.supplierId === supplierId);
      const prequalification = sources.prequalificationStanding
        ? await sources.prequalificationStanding(tx, organisationId, supplierId)
        : null;
      const profile = supplierRiskProfile({
        prequalification,
        financialScore: f.financial?.score ?? null,
        outsourcingMaterial: theirs.length === 0 ? null : theirs.some((a) => a.material),
        worstOpenRisk: mine.length === 0 ? null : { score: worst, maxScore: max },
        exposure: { exposureMinor: f.exposureMinor, limitMinor: settings.thresholds.maxExposureMinor },
      });
      result.set(supplierId, { ...profile, figures: f });
    }
    return result;
  }

  return {
    // -------------------------------------------------------------------------------------------------
    // Settings and the matrix.

    async settings(principal: Principal): Promise<RiskSettingsForm> {
      const s = await settingsOf(db, currentOrganisation(principal));
      return {
        matrix: {
          likelihood_levels: s.matrix.likelihoodLevels,
          impact_levels: s.matrix.impactLevels,
          bands: s.matrix.bands.map((b) => ({ key: b.key, min_score: b.minScore, colour: b.colour })),
          appetite: s.matrix.appetite,
        },
        thresholds: {
          min_financial_score: s.thresholds.minFinancialScore,
          max_spend_share: tenThousandthsToDecimal(s.thresholds.maxSpendShareTenThousandths),
          max_exposure: money(s.thresholds.maxExposureMinor, s.currency),
        },
        currency: s.currency,
      };
    },

    async saveSettings(principal: Principal, form: RiskSettingsForm, ip: string | null) {
      const organisationId = currentOrganisation(principal);
      if (!hasRole(principal.grants, ['org_admin'], organisationId))
        throw new AppError('forbidden', message('access.forbidden'));
      const matrix: RiskMatrix = {
        likelihoodLevels: form.matrix.likelihood_levels,
        impactLevels: form.matrix.impact_levels,
        bands: form.matrix.bands.map((b) => ({ key: b.key, minScore: b.min_score, colour: b.colour })),
        appetite: form.matrix.appetite,
      };
      const problems = riskMatrixProblems(matrix);
      if (problems.length > 0)
        throw fieldError('matrix', message('risk.matrix', { problems: problems.join(', ') }));
      const share = decimalToTenThousandths(form.thresholds.max_spend_share);
      const exposure = decimalTextToMinor(form.thresholds.max_exposure, form.currency);
      if (share === null) throw fieldError('thresholds.max_spend_share', message('risk.share'));
      if (exposure === null) throw fieldError('thresholds.max_exposure', message('risk.amount'));
      await db.transaction(async (tx) => {
        await riskRepository(tx).saveSettings({
          organisationId,
          matrix,
          thresholds: {
            minFinancialScore: form.thresholds.min_financial_score,
            maxSpendShareTenThousandths: share,
            maxExposureMinor: exposure,
          },
          currency: form.currency,
        });
        await audit.record(tx, {
          action: 'risk.settings_changed',
          actorUserId: principal.userId,
          organisationId,
          ip,
          detail: { appetite: matrix.appetite, levels: `${matrix.likelihoodLevels}x${matrix.impactLevels}` },
        });
      });
      return this.settings(principal);
    },

    async heatMap(principal: Principal): Promise<HeatMapView> {
      const organisationId = currentOrganisation(principal);
      const settings = await settingsOf(db, organisationId);
      return heatMapView(settings.matrix, await riskRepository(db).liveRisks(organisationId));
    },

    // -------------------------------------------------------------------------------------------------
    // The register.

    async list(principal: Principal, filter: RiskFilter & { band?: string | undefined }, page: PageRequest) {
      const organisationId = currentOrganisation(principal);
      const settings = await settingsOf(db, organisationId);
      const { count, rows } = await riskRepository(db).pageRisks(
        organisationId,
        filter,
        page.offset,
        page.pageSize,
      );
      let results = await riskViews(db, organisationId, rows, settings.matrix);
      // The band is the matrix's reading of the score, not a column: filtered on the page read.
      if (filter.band) results = results.filter((r) => r.effective_band === filter.band);
      return { count: filter.band ? results.length : count, results };
    },

    async get(principal: Principal, id: number): Promise<RiskDetail> {
      const organisationId = currentOrganisation(principal);
      const repository = riskRepository(db);
      const row = await repository.findRisk(organisationId, id);
      if (!row) throw notFound(message('risk.not_found'));
      const settings = await settingsOf(db, organisationId);
      const [view] = await riskViews(db, organisationId, [row], settings.matrix);
      const [treatments, history] = await Promise.all([
        repository.treatmentsOf(organisationId, [id]),
        repository.history(organisationId, id),
      ]);
      const people = await peopleNames(db, [
        ...treatments.map((t) => t.ownerUserId),
        ...history.map((h) => h.changedByUserId),
        row.acceptanceRequestedByUserId,
      ]);
      const now = today();
      let canDecide = false;
      if (row.status === 'acceptance_pending') {
        const inbox = await approvals.inbox(principal, { page: 1, pageSize: 100, offset: 0 });
        canDecide = inbox.results.some((item) => item.document_type === 'risk_acceptance' && item.id === id);
      }
      return {
        ...view!,
        treatments: treatments.map((t) => treatmentView(t, people, now)),
        history: history.map((h) => ({
          id: h.id,
          rating: h.rating as 'inherent' | 'residual',
          likelihood: h.likelihood,
          impact: h.impact,
          score: h.score,
          previous_score: h.previousScore,
          changed_by:
            h.changedByUserId === null
              ? null
              : { id: h.changedByUserId, name: people.get(h.changedByUserId) ?? '' },
          note: h.note,
          changed_at: h.changedAt.toISOString(),
        })),
        acceptance:
          row.acceptanceRequestedAt === null && row.status !== 'accepted'
            ? null
            : {
                requested_by:
                  row.acceptanceRequestedByUserId === null
                    ? null
                    : {
                        id: row.acceptanceRequestedByUserId,
                        name: people.get(row.acceptanceRequestedByUserId) ?? '',
                      },
                requested_at: row.acceptanceRequestedAt?.toISOString() ?? null,
                can_decide: canDecide,
              },
      };
    },

    async create(principal: Principal, form: RiskForm, ip: string | null) {
      const organisationId = managed(principal);
      const id = await db.transaction(async (tx) => {
        const settings = await settingsOf(tx, organisationId);
        const assessment = assess(settings.matrix, form.inherent, form.residual ?? null);
        await checkStaff(tx, organisationId, form.owner_id, 'owner_id');
        await checkSupplier(tx, organisationId, form.supplier_id);
        await checkContract(tx, organisationId, form.contract_id);
        if (form.category_id && !(await categoryExists(tx, form.category_id)))
          throw fieldError('category_id', message('requisition.category'));
        const repository = riskRepository(tx);
        const row = await repository.insertRisk({
          organisationId,
          title: form.title,
          category: form.category,
          cause: form.cause,
          effect: form.effect,
          ownerUserId: form.owner_id ?? null,
          supplierId: form.supplier_id ?? null,
          contractId: form.contract_id ?? null,
          categoryId: form.category_id ?? null,
          inherentLikelihood: assessment.inherent.likelihood,
          inherentImpact: assessment.inherent.impact,
          inherentScore: assessment.inherent.score,
          residualLikelihood: assessment.residual?.likelihood ?? null,
          residualImpact: assessment.residual?.impact ?? null,
          residualScore: assessment.residual?.score ?? null,
          createdByUserId: principal.userId,
        });
        for (const [rating, scoredRating] of [
          ['inherent', assessment.inherent],
          ['residual', assessment.residual],
        ] as const) {
          if (!scoredRating) continue;
          await repository.insertScoreChange({
            organisationId,
            riskId: row.id,
            rating,
            likelihood: scoredRating.likelihood,
            impact: scoredRating.impact,
            score: scoredRating.score,
            previousScore: null,
            changedByUserId: principal.userId,
            note: form.note ?? '',
          });
        }
        await audit.record(tx, {
          action: 'risk.created',
          actorUserId: principal.userId,
          organisationId,
          ip,
          detail: { risk_id: row.id, score: assessment.effectiveScore },
        });
        return row.id;
      });
      return this.get(principal, id);
    },

    /**
     * Changes a risk. A new rating is kept in the history with the score it replaced; a rating changed on
     * a risk whose acceptance was asked or given sends it back to open (what was accepted no longer holds).
     */
    async update(principal: Principal, id: number, form: RiskUpdate, ip: string | null) {
      const organisationId = managed(principal);
      await db.transaction(async (tx) => {
        const repository = riskRepository(tx);
        if (!(await repository.lockRisk(organisationId, id))) throw notFound(message('risk.not_found'));
        const row = (await repository.findRisk(organisationId, id))!;
        if (row.status === 'closed' && form.status !== 'open')
          throw new AppError('conflict', message('risk.closed'));
        const settings = await settingsOf(tx, organisationId);
        const inherent = form.inherent ?? { likelihood: row.inherentLikelihood, impact: row.inherentImpact };
        const residual =
          form.residual !== undefined
            ? form.residual
            : row.residualScore === null
              ? null
              : { likelihood: row.residualLikelihood!, impact: row.residualImpact! };
        const assessment = assess(settings.matrix, inherent, residual);
        await checkStaff(tx, organisationId, form.owner_id, 'owner_id');
        await checkSupplier(tx, organisationId, form.supplier_id);
        await checkContract(tx, organisationId, form.contract_id);
        const inherentChanged =
          assessment.inherent.score !== row.inherentScore ||
          assessment.inherent.likelihood !== row.inherentLikelihood;
        const residualChanged =
          (assessment.residual?.score ?? null) !== row.residualScore ||
          (assessment.residual?.likelihood ?? null) !== row.residualLikelihood;
        const rescored = inherentChanged || residualChanged;
        let status = form.status ?? row.status;
        if (rescored && (row.status === 'accepted' || row.status === 'acceptance_pending')) status = 'open';
        const changed = await repository.updateRisk(organisationId, id, [row.status], {
          ...(form.title !== undefined ? { title: form.title } : {}),
          ...(form.category !== undefined ? { category: form.category } : {}),
          ...(form.cause !== undefined ? { cause: form.cause } : {}),
          ...(form.effect !== undefined ? { effect: form.effect } : {}),
          ...(form.owner_id !== undefined ? { ownerUserId: form.owner_id } : {}),
          ...(form.supplier_id !== undefined ? { supplierId: form.supplier_id } : {}),
          ...(form.contract_id !== undefined ? { contractId: form.contract_id } : {}),
          ...(form.category_id !== undefined ? { categoryId: form.category_id } : {}),
          inherentLikelihood: assessment.inherent.likelihood,
          inherentImpact: assessment.inherent.impact,
          inherentScore: assessment.inherent.score,
          residualLikelihood: assessment.residual?.likelihood ?? null,
          residualImpact: assessment.residual?.impact ?? null,
          residualScore: assessment.residual?.score ?? null,
          status,
          ...(status === 'open' && row.status !== 'open' ? { acceptanceRequestedAt: null } : {}),
        });
        if (!changed) throw new AppError('conflict', message('risk.conflict'));
        if (inherentChanged)
          await repository.insertScoreChange({
            organisationId,
            riskId: id,
            rating: 'inherent',
            likelihood: assessment.inherent.likelihood,
            impact: assessment.inherent.impact,
            score: assessment.inherent.score,
            previousScore: row.inherentScore,
            changedByUserId: principal.userId,
            note: form.note ?? '',
          });
        if (residualChanged && assessment.residual)
          await repository.insertScoreChange({
            organisationId,
            riskId: id,
            rating: 'residual',
            likelihood: assessment.residual.likelihood,
            impact: assessment.residual.impact,
            score: assessment.residual.score,
            previousScore: row.residualScore,
            changedByUserId: principal.userId,
            note: form.note ?? '',
          });
        await audit.record(tx, {
          action: 'risk.updated',
          actorUserId: principal.userId,
          organisationId,
          ip,
          detail: { risk_id: id, rescored, status },
        });
      });
      return this.get(principal, id);
    },

    async addTreatment(principal: Principal, riskId: number, form: TreatmentForm, ip: string | null) {
      const organisationId = managed(principal);
      await db.transaction(async (tx) => {
        const repository = riskRepository(tx);
        const row = await repository.findRisk(organisationId, riskId);
        if (!row) throw notFound(message('risk.not_found'));
        if (row.status === 'closed') throw new AppError('conflict', message('risk.closed'));
        await checkStaff(tx, organisationId, form.owner_id, 'owner_id');
        const status = form.status ?? 'planned';
        const treatment = await repository.insertTreatment({
          organisationId,
          riskId,
          action: form.action,
          ownerUserId: form.owner_id ?? null,
          dueOn: form.due_on,
          status,
          completedOn: status === 'done' ? today() : null,
        });
        await audit.record(tx, {
          action: 'risk.treatment_saved',
          actorUserId: principal.userId,
          organisationId,
          ip,
          detail: { risk_id: riskId, treatment_id: treatment.id },
        });
      });
      return this.get(principal, riskId);
    },

    async updateTreatment(
      principal: Principal,
      riskId: number,
      id: number,
      form: TreatmentUpdate,
      ip: string | null,
    ) {
      const organisationId = managed(principal);
      await db.transaction(async (tx) => {
        const repository = riskRepository(tx);
        const found = await repository.findTreatment(organisationId, riskId, id);
        if (!found) throw notFound(message('risk.treatment_not_found'));
        await checkStaff(tx, organisationId, form.owner_id, 'owner_id');
        await repository.updateTreatment(organisationId, id, {
          ...(form.action !== undefined ? { action: form.action } : {}),
          ...(form.owner_id !== undefined ? { ownerUserId: form.owner_id } : {}),
          ...(form.due_on !== undefined ? { dueOn: form.due_on } : {}),
          ...(form.status !== undefined
            ? {
                status: form.status,
                completedOn: form.status === 'done' ? (found.completedOn ?? today()) : null,
              }
            : {}),
        });
        await audit.record(tx, {
          action: 'risk.treatment_saved',
          actorUserId: principal.userId,
          organisationId,
          ip,
          detail: { risk_id: riskId, treatment_id: id, status: form.status ?? found.status },
        });
      });
      return this.get(principal, riskId);
    },

    /**
     * Puts a risk above appetite forward for acceptance through the one approval engine: the workflow rule
     * for `risk_acceptance` decides who approves. Without such a rule (or when nobody but the caller could
     * approve) the request is refused and nothing changes.
     */
    async requestAcceptance(principal: Principal, id: number, reason: string, ip: string | null) {
      const organisationId = managed(principal);
      const mailIds = await db.transaction(async (tx) => {
        const repository = riskRepository(tx);
        if (!(await repository.lockRisk(organisationId, id))) throw notFound(message('risk.not_found'));
        const row = (await repository.findRisk(organisationId, id))!;
        if (row.status !== 'open') throw new AppError('conflict', message('risk.not_acceptable'));
        const settings = await settingsOf(tx, organisationId);
        const effective = row.residualScore ?? row.inherentScore;
        if (effective <= settings.matrix.appetite)
          throw new AppError(
            'validation',
            message('risk.within_appetite', { score: effective, appetite: settings.matrix.appetite }),
          );
        const changed = await repository.updateRisk(organisationId, id, ['open'], {
          status: 'acceptance_pending',
          acceptanceReason: reason,
          acceptanceRequestedByUserId: principal.userId,
          acceptanceRequestedAt: clock.now(),
        });
        if (!changed) throw new AppError('conflict', message('risk.conflict'));
        const subject = await riskSubject(tx, (await repository.findRisk(organisationId, id))!);
        const asked = await approvals.startRound(tx, 'risk_acceptance', subject);
        if (asked === null) throw new AppError('validation', message('risk.acceptance_no_workflow'));
        await audit.record(tx, {
          action: 'risk.acceptance_requested',
          actorUserId: principal.userId,
          organisationId,
          ip,
          detail: { risk_id: id, score: effective, appetite: settings.matrix.appetite },
        });
        return asked;
      });
      await notifications.dispatch(mailIds);
      return this.get(principal, id);
    },

    async decideAcceptance(
      principal: Principal,
      id: number,
      kind: 'approved' | 'rejected',
      comment: string | undefined,
      ip: string | null,
    ) {
      await approvals.decide(principal, 'risk_acceptance', id, kind, comment ? { comment } : {}, ip);
      return this.get(principal, id);
    },

    /** The register as CSV (the dashboard's export). */
    async exportRegister(principal: Principal, ip: string | null) {
      const organisationId = currentOrganisation(principal);
      const settings = await settingsOf(db, organisationId);
      const rows = await riskRepository(db).allRisks(organisationId);
      const views = await riskViews(db, organisationId, rows, settings.matrix);
      await audit.record(db, {
        action: 'risk.register_exported',
        actorUserId: principal.userId,
        organisationId,
        ip,
        detail: { register: 'risks', rows: views.length },
      });
      return toCsv(
        RISK_REGISTER_HEADERS,
        views.map((r) => [
          riskReference(r.id),
          r.title,
          r.category,
          r.cause,
          r.effect,
          r.owner?.name ?? '',
          r.supplier?.name ?? '',
          r.inherent.likelihood,
          r.inherent.impact,
          r.inherent.score,
          r.inherent.band,
          r.residual?.likelihood ?? null,
          r.residual?.impact ?? null,
          r.residual?.score ?? null,
          r.residual?.band ?? null,
          r.within_appetite ? 'yes' : 'no',
          r.status,
          r.source,
          r.open_treatments,
          r.overdue_treatments,
        ]),
      );
    },

    // -------------------------------------------------------------------------------------------------
    // Business continuity.

    async services(principal: Principal): Promise<CriticalServiceView[]> {
      const organisationId = currentOrganisation(principal);
      const repository = riskRepository(db);
      const [services, links, plans] = await Promise.all([
        repository.services(organisationId),
        repository.serviceSuppliers(organisationId),
        repository.plans(organisationId),
      ]);
      const [suppliers, people] = await Promise.all([
        organisationNames(db, [
          ...links.map((l) => l.supplierId),
          ...plans.flatMap((p) => (p.supplierId === null ? [] : [p.supplierId])),
        ]),
        peopleNames(
          db,
          services.map((s) => s.ownerUserId),
        ),
      ]);
      const { single } = singleSourced(services, links);
      const now = today();
      return services.map((s) => ({
        id: s.id,
        name: s.name,
        description: s.description,
        owner: s.ownerUserId === null ? null : { id: s.ownerUserId, name: people.get(s.ownerUserId) ?? '' },
        mtd_hours: s.mtdHours,
        rto_hours: s.rtoHours,
        rpo_hours: s.rpoHours,
        impact_notes: s.impactNotes,
        suppliers: links
          .filter((l) => l.serviceId === s.id)
          .map((l) => ({ id: l.supplierId, name: suppliers.get(l.supplierId) ?? '', role: l.role })),
        single_source: single.some((x) => x.id === s.id),
        plans: plans.filter((p) => p.serviceId === s.id).map((p) => planView(p, suppliers, now)),
      }));
    },

    async service(principal: Principal, id: number) {
      const found = (await this.services(principal)).find((s) => s.id === id);
      if (!found) throw notFound(message('risk.service_not_found'));
      return found;
    },

    async saveService(principal: Principal, id: number | null, form: CriticalServiceForm, ip: string | null) {
      const organisationId = managed(principal);
      if (
        impactAnalysisProblems({
          mtdHours: form.mtd_hours,
          rtoHours: form.rto_hours,
          rpoHours: form.rpo_hours,
        }).includes('rto_above_mtd')
      )
        throw fieldError('rto_hours', message('risk.bia'));
      const savedId = await db.transaction(async (tx) => {
        const repository = riskRepository(tx);
        await checkStaff(tx, organisationId, form.owner_id, 'owner_id');
        const supplierIds = form.suppliers.map((s) => s.supplier_id);
        if ((await listedSuppliers(tx, organisationId, supplierIds)).length !== new Set(supplierIds).size)
          throw fieldError('suppliers', message('risk.supplier'));
        const values = {
          name: form.name,
          description: form.description,
          ownerUserId: form.owner_id ?? null,
          mtdHours: form.mtd_hours,
          rtoHours: form.rto_hours,
          rpoHours: form.rpo_hours,
          impactNotes: form.impact_notes,
        };
        let serviceId: number;
        if (id === null) serviceId = (await repository.insertService({ organisationId, ...values })).id;
        else {
          if (!(await repository.updateService(organisationId, id, values)))
            throw notFound(message('risk.service_not_found'));
          serviceId = id;
        }
        await repository.replaceServiceSuppliers(
          organisationId,
          serviceId,
          form.suppliers.map((s) => ({ supplierId: s.supplier_id, role: s.role })),
        );
        await audit.record(tx, {
          action: 'risk.service_saved',
          actorUserId: principal.userId,
          organisationId,
          ip,
          detail: { service_id: serviceId },
        });
        return serviceId;
      });
      return this.service(principal, savedId);
    },

    async savePlan(principal: Principal, id: number | null, form: ContinuityPlanForm, ip: string | null) {
      const organisationId = managed(principal);
      const saved = await db.transaction(async (tx) => {
        const repository = riskRepository(tx);
        if (!(await repository.findService(organisationId, form.service_id)))
          throw fieldError('service_id', message('risk.service_not_found'));
        await checkSupplier(tx, organisationId, form.supplier_id);
        const values = {
          serviceId: form.service_id,
          supplierId: form.supplier_id ?? null,
          alternates: form.alternates,
          stock: form.stock,
          exitPlan: form.exit_plan,
          lastTestedOn: form.last_tested_on ?? null,
          testResult: form.test_result ?? null,
          testNotes: form.test_notes,
          nextTestOn: form.next_test_on ?? null,
        };
        const row =
          id === null
            ? await repository.insertPlan({ organisationId, ...values })
            : await repository.updatePlan(organisationId, id, values);
        if (!row) throw notFound(message('risk.plan_not_found'));
        await audit.record(tx, {
          action: 'risk.plan_saved',
          actorUserId: principal.userId,
          organisationId,
          ip,
          detail: { plan_id: row.id, service_id: row.serviceId, test_result: row.testResult },
        });
        return row;
      });
      const names = await organisationNames(db, saved.supplierId === null ? [] : [saved.supplierId]);
      return planView(saved, names, today());
    },

    async singleSourceReport(principal: Principal) {
      const services = await this.services(principal);
      return {
        single: services
          .filter((s) => s.suppliers.length === 1)
          .map((s) => ({
            service: { id: s.id, name: s.name },
            supplier: { id: s.suppliers[0]!.id, name: s.suppliers[0]!.name },
            mtd_hours: s.mtd_hours,
          })),
        unsupplied: services.filter((s) => s.suppliers.length === 0).map((s) => ({ id: s.id, name: s.name })),
      };
    },

    // -------------------------------------------------------------------------------------------------
    // Financial risk.

    async financialOverview(principal: Principal): Promise<FinancialOverview> {
      const organisationId = currentOrganisation(principal);
      const settings = await settingsOf(db, organisationId);
      const suppliers = await listedSuppliers(db, organisationId);
      const { totalMinor, figures } = await supplierFigures(
        db,
        organisationId,
        settings,
        suppliers.map((s) => s.id),
      );
      const c = settings.currency;
      return {
        currency: c,
        total_spend: money(totalMinor, c),
        results: suppliers.map((s) => {
          const f = figures.get(s.id)!;
          const score = f.financial?.score ?? null;
          const result = f.financial?.result as { band?: string } | null | undefined;
          return {
            supplier: s,
            financial_score: score,
            financial_band: result?.band ?? null,
            spend: money(f.spendMinor, c),
            spend_share: tenThousandthsToDecimal(f.shareTenThousandths),
            open_orders: money(f.openOrdersMinor, c),
            contract_value: f.contractValueMinor === null ? null : money(f.contractValueMinor, c),
            exposure: money(f.exposureMinor, c),
            currency: c,
            breaches: thresholdBreaches(
              {
                financialScore: score,
                shareTenThousandths: f.spendMinor > 0 ? f.shareTenThousandths : null,
                exposureMinor: f.exposureMinor,
              },
              settings.thresholds,
            ).map((b) => b.kind),
          };
        }),
      };
    },

    /** Raises the risks the thresholds call for now (the button; the daily job runs the same). */
    async evaluateThresholds(principal: Principal) {
      const organisationId = managed(principal);
      const risks = await db.transaction((tx) => raiseThresholdRisks(tx, organisationId));
      return { raised: risks.length, risks };
    },

    /** The daily run over every organisation that uses risk management. */
    async evaluateAllThresholds() {
      const organisations = await riskRepository(db).organisationsUsingRisk();
      let raised = 0;
      for (const organisationId of organisations)
        raised += (await db.transaction((tx) => raiseThresholdRisks(tx, organisationId))).length;
      return raised;
    },

    async sendQuestionnaire(principal: Principal, form: QuestionnaireSendForm, ip: string | null) {
      const organisationId = managed(principal);
      const { row, mailIds } = await db.transaction(async (tx) => {
        const repository = riskRepository(tx);
        await checkSupplier(tx, organisationId, form.supplier_id);
        if (form.arrangement_id) {
          const arrangement = await repository.findArrangement(organisationId, form.arrangement_id);
          if (!arrangement || arrangement.supplierId !== form.supplier_id)
            throw fieldError('arrangement_id', message('risk.arrangement_not_found'));
        }
        const row = await repository.insertQuestionnaire({
          organisationId,
          supplierId: form.supplier_id,
          kind: form.kind,
          arrangementId: form.arrangement_id ?? null,
          message: form.message,
          dueOn: form.due_on ?? null,
          sentByUserId: principal.userId,
        });
        await audit.record(tx, {
          action: 'risk.questionnaire_sent',
          actorUserId: principal.userId,
          organisationId,
          ip,
          detail: { questionnaire_id: row.id, supplier_id: form.supplier_id, kind: form.kind },
        });
        const mailIds = await notifications.announce(tx, {
          userIds: await staffWithRoles(tx, form.supplier_id, SUPPLIER_ROLES),
          organisationId: form.supplier_id,
          template: 'risk_questionnaire_sent',
          params: { buyer: await organisationName(tx, organisationId), due: form.due_on ?? '—' },
          path: `/portal/risk/questionnaires/${row.id}`,
        });
        return { row, mailIds };
      });
      await notifications.dispatch(mailIds);
      return questionnaireView(db, row);
    },

    async questionnaires(
      principal: Principal,
      filter: {
        supplierId?: number | undefined;
        kind?: QuestionnaireRow['kind'] | undefined;
        status?: QuestionnaireRow['status'] | undefined;
      },
      page: PageRequest,
    ) {
      const organisationId = currentOrganisation(principal);
      const { count, rows } = await riskRepository(db).pageQuestionnaires(
        organisationId,
        filter,
        page.offset,
        page.pageSize,
      );
      return { count, results: await Promise.all(rows.map((row) => questionnaireView(db, row))) };
    },

    async questionnaire(principal: Principal, id: number) {
      const row = await riskRepository(db).findQuestionnaire(currentOrganisation(principal), id);
      if (!row) throw notFound(message('risk.questionnaire_not_found'));
      return questionnaireView(db, row);
    },

    // The supplier portal's side: a supplier sees and answers only its own questionnaires from the selected buyer.

    async portalQuestionnaires(principal: Principal) {
      const { supplierId, buyerId } = supplierOf(principal);
      const rows = await riskRepository(db).supplierQuestionnaires(buyerId, supplierId);
      return Promise.all(rows.map((row) => portalQuestionnaireView(db, row)));
    },

    async portalQuestionnaire(principal: Principal, id: number) {
      const { supplierId, buyerId } = supplierOf(principal);
      const row = await riskRepository(db).findSupplierQuestionnaire(buyerId, supplierId, id);
      if (!row) throw notFound(message('risk.questionnaire_not_found'));
      return portalQuestionnaireView(db, row);
    },

    /**
     * The supplier's answers, scored at once: financial statements into ratios and the financial health
     * score (and the thresholds checked, which may raise risks), due diligence against its weights.
     */
    async answerQuestionnaire(
      principal: Principal,
      id: number,
      form: QuestionnaireAnswerForm,
      ip: string | null,
    ) {
      const { supplierId, buyerId } = supplierOf(principal);
      await db.transaction(async (tx) => {
        const repository = riskRepository(tx);
        const row = await repository.findSupplierQuestionnaire(buyerId, supplierId, id);
        if (!row) throw notFound(message('risk.questionnaire_not_found'));
        if (row.status !== 'sent') throw new AppError('conflict', message('risk.questionnaire_answered'));
        let values: { answers: Record<string, unknown>; score: number; result: Record<string, unknown> };
        if (row.kind === 'financial') {
          if (!form.financial) throw fieldError('financial', message('risk.financial_missing'));
          const statement = statementOf(form.financial);
          const problems = statementProblems(statement);
          if (problems.length > 0)
            throw fieldError('financial', message('risk.statement', { problems: problems.join(', ') }));
          const score = financialHealthScore(statement);
          values = {
            answers: { ...form.financial },
            score: score.score,
            result: {
              score: score.score,
              band: score.band,
              fiscal_year: form.financial.fiscal_year,
              currency: form.financial.currency,
              parts: score.parts.map(({ weightedHundredths: _, ...part }) => part),
            },
          };
        } else {
          const answers = form.due_diligence?.answers;
          if (!answers)
            throw fieldError('due_diligence', message('risk.due_diligence_missing', { questions: '' }));
          const missing = DEFAULT_DUE_DILIGENCE.filter((q) => !answers[q.key]).map((q) => q.key);
          if (missing.length > 0)
            throw fieldError(
              'due_diligence',
              message('risk.due_diligence_missing', { questions: missing.join(', ') }),
            );
          const scored = dueDiligenceScore(
            DEFAULT_DUE_DILIGENCE,
            answers as Record<string, DueDiligenceAnswer>,
          );
          values = {
            answers: { answers, notes: form.due_diligence?.notes ?? '' },
            score: scored.score,
            result: { score: scored.score, parts: scored.parts },
          };
        }
        if (!(await repository.answerQuestionnaire(id, { ...values, answeredByUserId: principal.userId })))
          throw new AppError('conflict', message('risk.questionnaire_answered'));
        await audit.record(tx, {
          action: 'risk.questionnaire_answered',
          actorUserId: principal.userId,
          organisationId: buyerId,
          ip,
          detail: { questionnaire_id: id, supplier_id: supplierId, kind: row.kind, score: values.score },
        });
        if (row.kind === 'financial') await raiseThresholdRisks(tx, buyerId, [supplierId]);
      });
      return this.portalQuestionnaire(principal, id);
    },

    // -------------------------------------------------------------------------------------------------
    // Outsourcing.

    async arrangements(principal: Principal) {
      const organisationId = currentOrganisation(principal);
      return arrangementViews(db, organisationId, await riskRepository(db).arrangements(organisationId));
    },

    async arrangement(principal: Principal, id: number) {
      const organisationId = currentOrganisation(principal);
      const row = await riskRepository(db).findArrangement(organisationId, id);
      if (!row) throw notFound(message('risk.arrangement_not_found'));
      return (await arrangementViews(db, organisationId, [row]))[0]!;
    },

    async saveArrangement(principal: Principal, id: number | null, form: ArrangementForm, ip: string | null) {
      const organisationId = managed(principal);
      const savedId = await db.transaction(async (tx) => {
        const repository = riskRepository(tx);
        await checkSupplier(tx, organisationId, form.supplier_id);
        await checkStaff(tx, organisationId, form.owner_id, 'owner_id');
        await checkContract(tx, organisationId, form.contract_id);
        const values = arrangementValues(form);
        const row =
          id === null
            ? await repository.insertArrangement({ organisationId, ...values })
            : await repository.updateArrangement(organisationId, id, values);
        if (!row) throw notFound(message('risk.arrangement_not_found'));
        await audit.record(tx, {
          action: 'risk.arrangement_saved',
          actorUserId: principal.userId,
          organisationId,
          ip,
          detail: { arrangement_id: row.id, material: row.material, score: row.materialityScore },
        });
        return row.id;
      });
      return this.arrangement(principal, savedId);
    },

    /** A periodic review done: the next one falls a year later (two for a non-material arrangement). */
    async recordReview(
      principal: Principal,
      id: number,
      reviewedOn: string,
      note: string,
      ip: string | null,
    ) {
      const organisationId = managed(principal);
      await db.transaction(async (tx) => {
        const repository = riskRepository(tx);
        const row = await repository.findArrangement(organisationId, id);
        if (!row) throw notFound(message('risk.arrangement_not_found'));
        const next = nextReviewOn(reviewedOn, row.material);
        await repository.updateArrangement(organisationId, id, {
          lastReviewedOn: reviewedOn,
          nextReviewOn: next,
        });
        await audit.record(tx, {
          action: 'risk.arrangement_reviewed',
          actorUserId: principal.userId,
          organisationId,
          ip,
          detail: { arrangement_id: id, reviewed_on: reviewedOn, next_review_on: next, note },
        });
      });
      return this.arrangement(principal, id);
    },

    /** The regulator-ready register (CBK/PG/16) as CSV. */
    async exportArrangements(principal: Principal, ip: string | null) {
      const organisationId = currentOrganisation(principal);
      const views = await this.arrangements(principal);
      await audit.record(db, {
        action: 'risk.register_exported',
        actorUserId: principal.userId,
        organisationId,
        ip,
        detail: { register: 'outsourcing', rows: views.length },
      });
      return toCsv(
        OUTSOURCING_REGISTER_HEADERS,
        views.map((a) => [
          `OUT-${a.id}`,
          a.service,
          a.supplier.name,
          a.contract_id === null ? null : String(a.contract_id),
          a.material ? 'yes' : 'no',
          a.materiality_score,
          a.materiality.critical_function ? 'yes' : 'no',
          a.materiality.customer_data ? 'yes' : 'no',
          a.materiality.data_offshore ? 'yes' : 'no',
          a.materiality.disruption_impact,
          a.materiality.substitutability,
          a.data_location,
          a.subcontractors,
          a.exit_strategy,
          a.annual_value,
          a.currency,
          a.owner?.name ?? '',
          a.started_on,
          a.last_reviewed_on,
          a.next_review_on,
          a.due_diligence_score,
        ]),
      );
    },

    /**
     * Reminders of outsourcing reviews falling due within 30 days (or overdue): each review date is
     * reminded once, claimed and marked in one statement, the mails written in the same transaction.
     */
    async sendReviewReminders(): Promise<number> {
      let sent = 0;
      const upTo = eatDay(new Date(clock.now().getTime() + 30 * DAY));
      for (;;) {
        const mailIds = await db.transaction(async (tx) => {
          const due = await riskRepository(tx).claimDueReviews(upTo, 100);
          const ids: number[] = [];
          for (const row of due) {
            // The arrangement's owner while still staff of the organisation (one who has left is told
            // nothing of its outsourcing), else its risk officers and administrators.
            const recipients =
              row.ownerUserId !== null && (await isStaff(tx, row.organisationId, row.ownerUserId))
                ? [row.ownerUserId]
                : await staffWithRoles(tx, row.organisationId, ['risk_officer', 'org_admin']);
            const supplier = await organisationName(tx, row.supplierId);
            ids.push(
              ...(await notifications.announce(tx, {
                userIds: recipients,
                organisationId: row.organisationId,
                template: 'outsourcing_review_due',
                params: { service: row.service, supplier, date: row.nextReviewOn },
                path: `/app/risk/outsourcing/${row.id}`,
              })),
            );
          }
          return { count: due.length, ids };
        });
        if (mailIds.count === 0) return sent;
        sent += mailIds.count;
        await notifications.dispatch(mailIds.ids);
      }
    },

    /**
     * Daily: a reminder of each overdue treatment (not done, of a risk not closed) to its owner, else the
     * risk's owner, else the organisation's risk officers and administrators; once per treatment and due
     * date. Each recipient reads it in their own language (the notifications module renders per user).
     */
    async sendTreatmentReminders(): Promise<number> {
      let sent = 0;
      const todayText = today();
      for (;;) {
        const batch = await db.transaction(async (tx) => {
          const due = await riskRepository(tx).claimOverdueTreatments(todayText, 100);
          const ids: number[] = [];
          for (const { treatment, risk } of due) {
            // The treatment's owner, else the risk's, while still staff of the organisation (one who has left
            // is told nothing of its risks), else its risk officers and administrators.
            let owner: number | null = null;
            for (const candidate of [treatment.ownerUserId, risk.ownerUserId])
              if (candidate !== null && (await isStaff(tx, treatment.organisationId, candidate))) {
                owner = candidate;
                break;
              }
            const recipients =
              owner !== null
                ? [owner]
                : await staffWithRoles(tx, treatment.organisationId, ['risk_officer', 'org_admin']);
            ids.push(
              ...(await notifications.announce(tx, {
                userIds: recipients,
                organisationId: treatment.organisationId,
                template: 'risk_treatment_overdue',
                params: { action: treatment.action, risk: risk.title, date: treatment.dueOn },
                path: `/app/risk/register/${risk.id}`,
              })),
            );
          }
          return { count: due.length, ids };
        });
        if (batch.count === 0) return sent;
        sent += batch.count;
        await notifications.dispatch(batch.ids);
      }
    },

    // -------------------------------------------------------------------------------------------------
    // Supplier risk profiles and the dashboard.

    async supplierProfile(principal: Principal, supplierId: number): Promise<SupplierRiskProfileView> {
      const organisationId = currentOrganisation(principal);
      const [supplier] = await listedSuppliers(db, organisationId, [supplierId]);
      if (!supplier) throw notFound(message('supplier.not_found'));
      const settings = await settingsOf(db, organisationId);
      const profile = (await profiles(db, organisationId, settings, [supplierId])).get(supplierId)!;
      const repository = riskRepository(db);
      const live = await repository.liveRisks(organisationId, supplierId);
      const arrangements = await repository.arrangements(organisationId, supplierId);
      const financial = profile.figures.financial;
      return {
        supplier,
        score: profile.score,
        band: profile.band,
        parts: profile.parts,
        financial: financial?.result ? (financial.result as FinancialScoreView) : null,
        arrangements: arrangements.map((a) => ({ id: a.id, service: a.service, material: a.material })),
        open_risks: await riskViews(db, organisationId, live, settings.matrix),
        exposure: money(profile.figures.exposureMinor, settings.currency),
        currency: settings.currency,
      };
    },

    /**
     * A supplier's risk score and band, in the caller's transaction: for another module's approval adapter
     * that wants to add a risk officer's step for a high-risk supplier (an RFQ or tender award, a contract).
     * The approval engine reads it through the provider app.ts wires (`approvals.useSupplierRiskBands`), for
     * workflow rules with a minimum supplier risk band.
     */
    async supplierBand(tx: Executor, organisationId: number, supplierId: number) {
      const settings = await settingsOf(tx, organisationId);
      const profile = (await profiles(tx, organisationId, settings, [supplierId])).get(supplierId)!;
      return { score: profile.score, band: profile.band };
    },

    /** Every listed supplier's profile score and band (for the dashboard). */
    async supplierBands(principal: Principal) {
      const organisationId = currentOrganisation(principal);
      const settings = await settingsOf(db, organisationId);
      const suppliers = await listedSuppliers(db, organisationId);
      const all = await profiles(
        db,
        organisationId,
        settings,
        suppliers.map((s) => s.id),
      );
      return suppliers
        .map((s) => ({ supplier: s, score: all.get(s.id)!.score, band: all.get(s.id)!.band }))
        .sort((a, b) => b.score - a.score || a.supplier.name.localeCompare(b.supplier.name));
    },

    async dashboard(principal: Principal): Promise<RiskDashboard> {
      const organisationId = currentOrganisation(principal);
      const settings = await settingsOf(db, organisationId);
      const repository = riskRepository(db);
      const now = today();
      const [live, overdue, arrangements, suppliers] = await Promise.all([
        repository.liveRisks(organisationId),
        repository.overdueTreatments(organisationId, now),
        repository.arrangements(organisationId),
        this.supplierBands(principal),
      ]);
      const views = await riskViews(db, organisationId, live, settings.matrix);
      const people = await peopleNames(
        db,
        overdue.map((o) => o.treatment.ownerUserId),
      );
      const bands = ['critical', 'high', 'medium', 'low'];
      return {
        heat_map: heatMapView(settings.matrix, live),
        top_risks: views.filter((r) => r.status !== 'accepted').slice(0, 10),
        overdue_treatments: overdue.map((o) => ({
          ...treatmentView(o.treatment, people, now),
          risk: { id: o.treatment.riskId, title: o.riskTitle },
        })),
        overdue_reviews: await arrangementViews(
          db,
          organisationId,
          arrangements.filter((a) => a.nextReviewOn < now),
        ),
        suppliers_by_band: bands.map((band) => ({
          band,
          count: suppliers.filter((s) => s.band === band).length,
        })),
        suppliers,
        counts: {
          open: views.filter((r) => r.status === 'open').length,
          above_appetite: views.filter((r) => !r.within_appetite && r.status !== 'accepted').length,
          acceptance_pending: views.filter((r) => r.status === 'acceptance_pending').length,
        },
      };
    },
  };
}
export type RiskService = ReturnType<typeof createRiskService>;
