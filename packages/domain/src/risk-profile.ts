/**
 * The supplier risk profile (issue 23): one score out of 100 (higher is riskier) from the parts the
 * platform knows of a supplier, each part shown with its points and weight. A part with no data counts as
 * a moderate risk (50 points): a supplier is not made safer by knowing nothing about it.
 */

export const PREQUALIFICATION_STANDINGS = [
  'qualified',
  'conditional',
  'not_qualified',
  'expired',
  'none',
] as const;
export type PrequalificationStanding = (typeof PREQUALIFICATION_STANDINGS)[number];

export const PROFILE_PARTS = [
  'prequalification',
  'financial',
  'outsourcing',
  'open_risks',
  'exposure',
] as const;
export type ProfilePart = (typeof PROFILE_PARTS)[number];

export const SUPPLIER_RISK_BANDS = [
  { key: 'critical', minScore: 75 },
  { key: 'high', minScore: 50 },
  { key: 'medium', minScore: 25 },
  { key: 'low', minScore: 0 },
] as const;
export type SupplierRiskBand = (typeof SUPPLIER_RISK_BANDS)[number]['key'];

export const PROFILE_WEIGHTS: Readonly<Record<ProfilePart, number>> = {
  prequalification: 20,
  financial: 30,
  outsourcing: 10,
  open_risks: 25,
  exposure: 15,
};

export const UNKNOWN_PART_POINTS = 50;

export interface ProfileInputs {
  /** null: the prequalification module has not answered (or is not there yet). */
  prequalification: PrequalificationStanding | null;
  /** Financial health score 0–100 (higher healthier); null when no statements were scored. */
  financialScore: number | null;
  /** null: no outsourcing arrangement with the supplier. */
  outsourcingMaterial: boolean | null;
  /** The highest effective score of the supplier's open risks, and the matrix's maximum. */
  worstOpenRisk: { score: number; maxScore: number } | null;
  /** Exposure and the organisation's exposure limit, in minor units; null when not known. */
  exposure: { exposureMinor: number; limitMinor: number } | null;
}

export interface ProfilePartScore {
  part: ProfilePart;
  /** Risk points 0–100 (higher riskier). */
  points: number;
  weight: number;
  known: boolean;
  /** What the points were read from ('qualified', '42', 'material', '16/25', '0.7500'). */
  basis: string;
}

export interface SupplierRiskProfileScore {
  score: number;
  band: SupplierRiskBand;
  parts: ProfilePartScore[];
}

export const supplierRiskBandOf = (score: number): SupplierRiskBand =>
  SUPPLIER_RISK_BANDS.find((b) => score >= b.minScore)!.key;

function exposurePoints(exposureMinor: number, limitMinor: number): { points: number; basis: string } {
  if (exposureMinor <= 0) return { points: 0, basis: '0' };
  if (limitMinor <= 0) return { points: 100, basis: 'no_limit' };
  // Share of the limit in hundredths, exactly.
  const hundredths = Number((BigInt(exposureMinor) * 100n) / BigInt(limitMinor));
  const points = hundredths >= 100 ? 100 : hundredths >= 50 ? 60 : hundredths >= 25 ? 30 : 10;
  return { points, basis: `${hundredths}%` };
}

export function supplierRiskProfile(inputs: ProfileInputs): SupplierRiskProfileScore {
  const unknown = (part: ProfilePart): ProfilePartScore => ({
    part,
    points: UNKNOWN_PART_POINTS,
    weight: PROFILE_WEIGHTS[part],
    known: false,
    basis: 'unknown',
  });
  const known = (part: ProfilePart, points: number, basis: string): ProfilePartScore => ({
    part,
    points,
    weight: PROFILE_WEIGHTS[part],
    known: true,
    basis,
  });
  const standingPoints: Record<PrequalificationStanding, number> = {
    qualified: 0,
    conditional: 40,
    expired: 60,
    none: 60,
    not_qualified: 100,
  };
  const parts: ProfilePartScore[] = [
    inputs.prequalification === null
      ? unknown('prequalification')
      : known('prequalification', standingPoints[inputs.prequalification], inputs.prequalification),
    inputs.financialScore === null
      ? unknown('financial')
      : known(
          'financial',
          100 - Math.min(100, Math.max(0, inputs.financialScore)),
          String(inputs.financialScore),
        ),
    inputs.outsourcingMaterial === null
      ? known('outsourcing', 0, 'none')
      : known(
          'outsourcing',
          inputs.outsourcingMaterial ? 100 : 30,
          inputs.outsourcingMaterial ? 'material' : 'non_material',
        ),
    inputs.worstOpenRisk === null
      ? known('open_risks', 0, 'none')
      : known(
          'open_risks',
          Math.round((inputs.worstOpenRisk.score * 100) / inputs.worstOpenRisk.maxScore),
          `${inputs.worstOpenRisk.score}/${inputs.worstOpenRisk.maxScore}`,
        ),
    inputs.exposure === null
      ? unknown('exposure')
      : (() => {
          const e = exposurePoints(inputs.exposure.exposureMinor, inputs.exposure.limitMinor);
          return known('exposure', e.points, e.basis);
        })(),
  ];
  const weighted = parts.reduce((sum, p) => sum + p.points * p.weight, 0);
  const totalWeight = parts.reduce((sum, p) => sum + p.weight, 0);
  const score = Math.floor((weighted * 2 + totalWeight) / (2 * totalWeight));
  return { score, band: supplierRiskBandOf(score), parts };
}

/**
 * A supplier's standing from its prequalification results at one buyer (one per category): qualified when
 * any result is approved and still valid, otherwise expired when one was approved, conditional while one
 * is pending, not qualified when every one was rejected, none without results.
 */
export function prequalificationStandingOf(
  results: ReadonlyArray<{ status: string; current: boolean }>,
): PrequalificationStanding {
  if (results.length === 0) return 'none';
  if (results.some((r) => r.current)) return 'qualified';
  if (results.some((r) => r.status === 'approved')) return 'expired';
  if (results.some((r) => r.status === 'pending')) return 'conditional';
  return 'not_qualified';
}
