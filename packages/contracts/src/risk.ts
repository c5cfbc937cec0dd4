import {
  CONTINUITY_TEST_RESULTS,
  DUE_DILIGENCE_ANSWERS,
  FINANCIAL_RATIOS,
  QUESTIONNAIRE_KINDS,
  QUESTIONNAIRE_STATUSES,
  RISK_CATEGORIES,
  RISK_SOURCES,
  RISK_STATUSES,
  SERVICE_SUPPLIER_ROLES,
  SUBSTITUTABILITY,
  SUPPLIER_RISK_BANDS,
  THRESHOLD_KINDS,
  TREATMENT_STATUSES,
  PROFILE_PARTS,
  isIsoDate,
} from '@zabuni/domain';
import { z } from 'zod';
import { recordId, required, REQUIRED_MESSAGE } from './fields.ts';
import type { MessageKey } from './messages.ts';
import { paginationQuery, queryId } from './pagination.ts';

/** Risk management (issue 23): the register, matrix, continuity, financial and outsourcing risk. */

export const RISK_MESSAGES = {
  date: 'field.date',
  amount: 'risk.amount',
  share: 'risk.share',
} as const satisfies Record<string, MessageKey>;

const isoDate = z.string({ error: REQUIRED_MESSAGE }).trim().refine(isIsoDate, { error: RISK_MESSAGES.date });
const text = (max = 2000) => z.string().trim().max(max, { error: 'field.too_long' });
/** Major-unit decimal text, as every amount crosses the wire ("1500000.00"); a minus where the figure may be negative. */
const amountText = z
  .union([z.string(), z.number()], { error: RISK_MESSAGES.amount })
  .transform(String)
  .pipe(
    z
      .string()
      .trim()
      .regex(/^-?\d{1,15}(\.\d+)?$/, { error: RISK_MESSAGES.amount }),
  );
const level = z.number({ error: REQUIRED_MESSAGE }).int().min(1).max(10);
const dateTime = z.string().meta({ format: 'date-time' });
const person = z.object({ id: z.number().int(), name: z.string() });
const named = z.object({ id: z.number().int(), name: z.string() });

export const riskRating = z.object({ likelihood: level, impact: level });
export const scoredRating = riskRating.extend({ score: z.number().int(), band: z.string() });

// The register.

export const riskForm = z.object({
  title: required(200),
  category: z.enum(RISK_CATEGORIES, { error: 'risk.category' }),
  cause: text().default(''),
  effect: text().default(''),
  owner_id: recordId().nullable().optional(),
  supplier_id: recordId().nullable().optional(),
  contract_id: recordId().nullable().optional(),
  category_id: recordId().nullable().optional(),
  inherent: riskRating,
  residual: riskRating.nullable().optional(),
  /** Why the scores changed (kept in the history). */
  note: text(500).optional(),
});
export type RiskForm = z.output<typeof riskForm>;
export const riskUpdate = riskForm.partial().extend({ status: z.enum(['open', 'closed']).optional() });
export type RiskUpdate = z.output<typeof riskUpdate>;

export const riskSummary = z
  .object({
    id: z.number().int(),
    title: z.string(),
    category: z.enum(RISK_CATEGORIES),
    cause: z.string(),
    effect: z.string(),
    owner: person.nullable(),
    supplier: named.nullable(),
    contract_id: z.number().int().nullable(),
    category_id: z.number().int().nullable(),
    inherent: scoredRating,
    residual: scoredRating.nullable(),
    effective_score: z.number().int(),
    effective_band: z.string(),
    within_appetite: z.boolean(),
    status: z.enum(RISK_STATUSES),
    source: z.enum(RISK_SOURCES),
    threshold_kind: z.enum(THRESHOLD_KINDS).nullable(),
    acceptance_reason: z.string().nullable(),
    open_treatments: z.number().int(),
    overdue_treatments: z.number().int(),
    created_at: dateTime,
    updated_at: dateTime,
  })
  .meta({ id: 'Risk' });
export type RiskSummary = z.infer<typeof riskSummary>;

export const riskTreatment = z
  .object({
    id: z.number().int(),
    action: z.string(),
    owner: person.nullable(),
    due_on: z.string(),
    status: z.enum(TREATMENT_STATUSES),
    completed_on: z.string().nullable(),
    overdue: z.boolean(),
  })
  .meta({ id: 'RiskTreatment' });
export type RiskTreatment = z.infer<typeof riskTreatment>;

export const riskScoreChange = z.object({
  id: z.number().int(),
  rating: z.enum(['inherent', 'residual']),
  likelihood: z.number().int(),
  impact: z.number().int(),
  score: z.number().int(),
  previous_score: z.number().int().nullable(),
  changed_by: person.nullable(),
  note: z.string(),
  changed_at: dateTime,
});
export type RiskScoreChange = z.infer<typeof riskScoreChange>;

export const riskDetail = riskSummary
  .extend({
    treatments: z.array(riskTreatment),
    history: z.array(riskScoreChange),
    /** The approval of the acceptance, when one was asked: the engine's route and decisions. */
    acceptance: z
      .object({
        requested_by: person.nullable(),
        requested_at: dateTime.nullable(),
        can_decide: z.boolean(),
      })
      .nullable(),
  })
  .meta({ id: 'RiskDetail' });
export type RiskDetail = z.infer<typeof riskDetail>;

export const risksQuery = paginationQuery.extend({
  status: z.enum(RISK_STATUSES).optional(),
  category: z.enum(RISK_CATEGORIES).optional(),
  supplier_id: queryId.optional(),
  band: z.string().max(40).optional(),
  search: z.string().max(200).optional(),
});

export const treatmentForm = z.object({
  action: required(500),
  owner_id: recordId().nullable().optional(),
  due_on: isoDate,
  status: z.enum(TREATMENT_STATUSES).optional(),
});
export type TreatmentForm = z.output<typeof treatmentForm>;
export const treatmentUpdate = treatmentForm.partial();
export type TreatmentUpdate = z.output<typeof treatmentUpdate>;

export const riskAcceptanceForm = z.object({ reason: required(2000) });
export const riskDecisionBody = z.object({ comment: text(2000).optional() });

// The matrix and the organisation's settings.

export const riskBandForm = z.object({
  key: z
    .string()
    .trim()
    .regex(/^[a-z_]{1,40}$/),
  min_score: z.number().int().min(1),
  colour: z.string().regex(/^#[0-9a-fA-F]{6}$/),
});
export const riskMatrixForm = z.object({
  likelihood_levels: z.number().int().min(2).max(10),
  impact_levels: z.number().int().min(2).max(10),
  bands: z.array(riskBandForm).min(1).max(10),
  appetite: z.number().int().min(1),
});
export const riskSettingsForm = z.object({
  matrix: riskMatrixForm,
  thresholds: z.object({
    min_financial_score: z.number().int().min(0).max(100),
    /** Share of spend as a decimal ("0.3000"). */
    max_spend_share: z
      .string()
      .trim()
      .regex(/^(0(\.\d{1,4})?|1(\.0{1,4})?)$/, { error: RISK_MESSAGES.share }),
    max_exposure: amountText,
  }),
  currency: z
    .string()
    .trim()
    .regex(/^[A-Z]{3}$/),
});
export type RiskSettingsForm = z.output<typeof riskSettingsForm>;
export const riskSettings = z
  .object({
    matrix: riskMatrixForm,
    thresholds: z.object({
      min_financial_score: z.number().int(),
      max_spend_share: z.string(),
      max_exposure: z.string(),
    }),
    currency: z.string(),
  })
  .meta({ id: 'RiskSettings' });
export type RiskSettings = z.infer<typeof riskSettings>;

export const heatMapCell = z.object({
  likelihood: z.number().int(),
  impact: z.number().int(),
  score: z.number().int(),
  band: z.string(),
  colour: z.string(),
  text_colour: z.string(),
  count: z.number().int(),
});
export const heatMapView = z
  .object({
    matrix: riskMatrixForm,
    inherent: z.array(z.array(heatMapCell)),
    residual: z.array(z.array(heatMapCell)),
  })
  .meta({ id: 'RiskHeatMap' });
export type HeatMapView = z.infer<typeof heatMapView>;
export type HeatMapCellView = z.infer<typeof heatMapCell>;

// Business continuity.

export const criticalServiceForm = z.object({
  name: required(200),
  description: text().default(''),
  owner_id: recordId().nullable().optional(),
  mtd_hours: z.number().int().min(0).max(100_000),
  rto_hours: z.number().int().min(0).max(100_000),
  rpo_hours: z.number().int().min(0).max(100_000),
  impact_notes: text().default(''),
  suppliers: z
    .array(z.object({ supplier_id: recordId(), role: z.enum(SERVICE_SUPPLIER_ROLES).default('primary') }))
    .max(50)
    .default([]),
});
export type CriticalServiceForm = z.output<typeof criticalServiceForm>;

export const continuityPlanView = z
  .object({
    id: z.number().int(),
    service_id: z.number().int(),
    supplier: named.nullable(),
    alternates: z.string(),
    stock: z.string(),
    exit_plan: z.string(),
    last_tested_on: z.string().nullable(),
    test_result: z.enum(CONTINUITY_TEST_RESULTS).nullable(),
    test_notes: z.string(),
    next_test_on: z.string().nullable(),
    test_overdue: z.boolean(),
  })
  .meta({ id: 'ContinuityPlan' });
export type ContinuityPlanView = z.infer<typeof continuityPlanView>;

export const criticalServiceView = z
  .object({
    id: z.number().int(),
    name: z.string(),
    description: z.string(),
    owner: person.nullable(),
    mtd_hours: z.number().int(),
    rto_hours: z.number().int(),
    rpo_hours: z.number().int(),
    impact_notes: z.string(),
    suppliers: z.array(named.extend({ role: z.enum(SERVICE_SUPPLIER_ROLES) })),
    single_source: z.boolean(),
    plans: z.array(continuityPlanView),
  })
  .meta({ id: 'CriticalService' });
export type CriticalServiceView = z.infer<typeof criticalServiceView>;

export const continuityPlanForm = z.object({
  service_id: recordId(),
  supplier_id: recordId().nullable().optional(),
  alternates: text().default(''),
  stock: text().default(''),
  exit_plan: text().default(''),
  last_tested_on: isoDate.nullable().optional(),
  test_result: z.enum(CONTINUITY_TEST_RESULTS).nullable().optional(),
  test_notes: text().default(''),
  next_test_on: isoDate.nullable().optional(),
});
export type ContinuityPlanForm = z.output<typeof continuityPlanForm>;

export const singleSourceReport = z
  .object({
    single: z.array(z.object({ service: named, supplier: named, mtd_hours: z.number().int() })),
    unsupplied: z.array(named),
  })
  .meta({ id: 'SingleSourceReport' });

// Questionnaires sent to suppliers (financial statements, due diligence).

export const questionnaireSendForm = z.object({
  supplier_id: recordId(),
  kind: z.enum(QUESTIONNAIRE_KINDS),
  arrangement_id: recordId().nullable().optional(),
  message: text(2000).default(''),
  due_on: isoDate.nullable().optional(),
});
export type QuestionnaireSendForm = z.output<typeof questionnaireSendForm>;

export const financialStatementForm = z.object({
  fiscal_year: required(20),
  currency: z
    .string()
    .trim()
    .regex(/^[A-Z]{3}$/),
  current_assets: amountText,
  inventory: amountText,
  current_liabilities: amountText,
  total_assets: amountText,
  total_liabilities: amountText,
  equity: amountText,
  revenue: amountText,
  net_income: amountText,
});
export type FinancialStatementForm = z.output<typeof financialStatementForm>;

export const dueDiligenceForm = z.object({
  answers: z.record(z.string().max(60), z.enum(DUE_DILIGENCE_ANSWERS)),
  notes: text(4000).default(''),
});

/** One body for both kinds: the questionnaire's kind says which part must be there. */
export const questionnaireAnswerForm = z.object({
  financial: financialStatementForm.optional(),
  due_diligence: dueDiligenceForm.optional(),
});
export type QuestionnaireAnswerForm = z.output<typeof questionnaireAnswerForm>;

export const financialScorePart = z.object({
  ratio: z.enum(FINANCIAL_RATIOS),
  family: z.enum(['liquidity', 'leverage', 'profitability']),
  value: z.string().nullable(),
  points: z.number().int(),
  weight: z.number().int(),
  rule: z.string(),
});
export const financialScoreView = z.object({
  score: z.number().int(),
  band: z.string(),
  fiscal_year: z.string(),
  currency: z.string(),
  parts: z.array(financialScorePart),
});
export type FinancialScoreView = z.infer<typeof financialScoreView>;

export const dueDiligenceScoreView = z.object({
  score: z.number().int(),
  parts: z.array(
    z.object({
      key: z.string(),
      answer: z.enum(DUE_DILIGENCE_ANSWERS).nullable(),
      points: z.number().int(),
      weight: z.number().int(),
    }),
  ),
});

export const questionnaireView = z
  .object({
    id: z.number().int(),
    supplier: named,
    buyer: named,
    kind: z.enum(QUESTIONNAIRE_KINDS),
    arrangement_id: z.number().int().nullable(),
    status: z.enum(QUESTIONNAIRE_STATUSES),
    message: z.string(),
    due_on: z.string().nullable(),
    sent_at: dateTime,
    answered_at: dateTime.nullable(),
    /** The due-diligence questions (keys; the texts are translated in the web). */
    questions: z.array(z.object({ key: z.string(), weight: z.number().int() })),
    answers: z.record(z.string(), z.unknown()).nullable(),
    score: z.number().int().nullable(),
    financial: financialScoreView.nullable(),
    due_diligence: dueDiligenceScoreView.nullable(),
  })
  .meta({ id: 'RiskQuestionnaire' });
export type QuestionnaireView = z.infer<typeof questionnaireView>;

/**
 * The supplier portal's questionnaire: the supplier's own answers and the questionnaire's state, never the
 * buyer's scoring of it (no score, financial or due-diligence result, band or parts).
 */
export const portalQuestionnaireView = questionnaireView
  .omit({ score: true, financial: true, due_diligence: true })
  .meta({ id: 'PortalRiskQuestionnaire' });
export type PortalQuestionnaireView = z.infer<typeof portalQuestionnaireView>;

export const questionnairesQuery = paginationQuery.extend({
  supplier_id: queryId.optional(),
  kind: z.enum(QUESTIONNAIRE_KINDS).optional(),
  status: z.enum(QUESTIONNAIRE_STATUSES).optional(),
});

export const supplierFinancialRow = z.object({
  supplier: named,
  financial_score: z.number().int().nullable(),
  financial_band: z.string().nullable(),
  spend: z.string(),
  spend_share: z.string(),
  open_orders: z.string(),
  contract_value: z.string().nullable(),
  exposure: z.string(),
  currency: z.string(),
  breaches: z.array(z.enum(THRESHOLD_KINDS)),
});
export const financialOverview = z
  .object({ currency: z.string(), total_spend: z.string(), results: z.array(supplierFinancialRow) })
  .meta({ id: 'FinancialRiskOverview' });
export type FinancialOverview = z.infer<typeof financialOverview>;

export const thresholdRun = z.object({ raised: z.number().int(), risks: z.array(z.number().int()) });

// Outsourcing.

export const materialityForm = z.object({
  critical_function: z.boolean(),
  customer_data: z.boolean(),
  data_offshore: z.boolean(),
  disruption_impact: z.number().int().min(1).max(5),
  substitutability: z.enum(SUBSTITUTABILITY),
  above_value_threshold: z.boolean(),
});

export const arrangementForm = z.object({
  service: required(200),
  supplier_id: recordId(),
  contract_id: recordId().nullable().optional(),
  materiality: materialityForm,
  data_location: required(200),
  subcontractors: text().default(''),
  exit_strategy: text().default(''),
  annual_value: amountText.default('0'),
  currency: z
    .string()
    .trim()
    .regex(/^[A-Z]{3}$/)
    .default('KES'),
  owner_id: recordId().nullable().optional(),
  started_on: isoDate.nullable().optional(),
  last_reviewed_on: isoDate.nullable().optional(),
  /** When absent: a year after the last review (two for a non-material one), or from the start. */
  next_review_on: isoDate.nullable().optional(),
});
export type ArrangementForm = z.output<typeof arrangementForm>;

export const arrangementView = z
  .object({
    id: z.number().int(),
    service: z.string(),
    supplier: named,
    contract_id: z.number().int().nullable(),
    materiality: materialityForm,
    material: z.boolean(),
    materiality_score: z.number().int(),
    data_location: z.string(),
    subcontractors: z.string(),
    exit_strategy: z.string(),
    annual_value: z.string(),
    currency: z.string(),
    owner: person.nullable(),
    started_on: z.string().nullable(),
    last_reviewed_on: z.string().nullable(),
    next_review_on: z.string(),
    review_overdue: z.boolean(),
    due_diligence_score: z.number().int().nullable(),
    /** The answered due-diligence questionnaire that score comes from (the buyer's questionnaire page). */
    due_diligence_questionnaire_id: z.number().int().nullable(),
  })
  .meta({ id: 'OutsourcingArrangement' });
export type ArrangementView = z.infer<typeof arrangementView>;

export const reviewForm = z.object({ reviewed_on: isoDate, note: text(2000).default('') });

// Supplier risk profile and the dashboard.

export const supplierRiskProfileView = z
  .object({
    supplier: named,
    score: z.number().int(),
    band: z.enum(SUPPLIER_RISK_BANDS.map((b) => b.key) as ['critical', 'high', 'medium', 'low']),
    parts: z.array(
      z.object({
        part: z.enum(PROFILE_PARTS),
        points: z.number().int(),
        weight: z.number().int(),
        known: z.boolean(),
        basis: z.string(),
      }),
    ),
    financial: financialScoreView.nullable(),
    arrangements: z.array(z.object({ id: z.number().int(), service: z.string(), material: z.boolean() })),
    open_risks: z.array(riskSummary),
    exposure: z.string(),
    currency: z.string(),
  })
  .meta({ id: 'SupplierRiskProfile' });
export type SupplierRiskProfileView = z.infer<typeof supplierRiskProfileView>;

export const supplierRiskRow = z.object({
  supplier: named,
  score: z.number().int(),
  band: z.string(),
});

export const riskDashboard = z
  .object({
    heat_map: heatMapView,
    top_risks: z.array(riskSummary),
    overdue_treatments: z.array(
      riskTreatment.extend({ risk: z.object({ id: z.number().int(), title: z.string() }) }),
    ),
    overdue_reviews: z.array(arrangementView),
    suppliers_by_band: z.array(z.object({ band: z.string(), count: z.number().int() })),
    suppliers: z.array(supplierRiskRow),
    counts: z.object({
      open: z.number().int(),
      above_appetite: z.number().int(),
      acceptance_pending: z.number().int(),
    }),
  })
  .meta({ id: 'RiskDashboard' });
export type RiskDashboard = z.infer<typeof riskDashboard>;
