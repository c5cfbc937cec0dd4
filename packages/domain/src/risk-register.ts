/** The risk register's lists (issue 23): where a risk came from, treatments, questionnaires, continuity tests. */

export const RISK_SOURCES = ['manual', 'threshold'] as const;
export type RiskSource = (typeof RISK_SOURCES)[number];

export const TREATMENT_STATUSES = ['planned', 'in_progress', 'done'] as const;
export type TreatmentStatus = (typeof TREATMENT_STATUSES)[number];

export const QUESTIONNAIRE_KINDS = ['financial', 'due_diligence'] as const;
export type QuestionnaireKind = (typeof QUESTIONNAIRE_KINDS)[number];

export const QUESTIONNAIRE_STATUSES = ['sent', 'answered'] as const;
export type QuestionnaireStatus = (typeof QUESTIONNAIRE_STATUSES)[number];

export const CONTINUITY_TEST_RESULTS = ['passed', 'partial', 'failed'] as const;
export type ContinuityTestResult = (typeof CONTINUITY_TEST_RESULTS)[number];

export const SERVICE_SUPPLIER_ROLES = ['primary', 'alternate'] as const;
export type ServiceSupplierRole = (typeof SERVICE_SUPPLIER_ROLES)[number];

/** A treatment not done by its due date (ISO dates) is overdue from the next day. */
export const treatmentOverdue = (status: TreatmentStatus, dueOn: string, today: string) =>
  status !== 'done' && dueOn < today;

/**
 * Critical services with a single source: those whose suppliers number exactly one (a service with none is
 * reported apart, as unsupplied).
 */
export function singleSourced<S extends { id: number }>(
  services: readonly S[],
  links: ReadonlyArray<{ serviceId: number; supplierId: number }>,
): { single: S[]; unsupplied: S[] } {
  const count = (id: number) =>
    new Set(links.filter((l) => l.serviceId === id).map((l) => l.supplierId)).size;
  return {
    single: services.filter((s) => count(s.id) === 1),
    unsupplied: services.filter((s) => count(s.id) === 0),
  };
}

/**
 * A business impact analysis holds together when recovery fits inside the tolerable downtime: RTO at most
 * MTD (hours); RPO is hours of data that may be lost and is not bounded by them.
 */
export function impactAnalysisProblems(bia: { mtdHours: number; rtoHours: number; rpoHours: number }) {
  const problems: Array<'negative_hours' | 'rto_above_mtd'> = [];
  if ([bia.mtdHours, bia.rtoHours, bia.rpoHours].some((h) => !Number.isInteger(h) || h < 0))
    problems.push('negative_hours');
  if (bia.rtoHours > bia.mtdHours) problems.push('rto_above_mtd');
  return problems;
}
