import { decimalTextToMinor, quantityToThousandths, type MatchLevel } from '@zabuni/domain';
import type { MatchingSettings, MatchingSettingsInput } from '../api/matching-settings.ts';
import { FORM_MESSAGES } from './messages.ts';

export const TOLERANCE_FIELDS = ['price', 'quantity', 'total'] as const;
export type ToleranceField = (typeof TOLERANCE_FIELDS)[number];

/** A tolerance as typed: empty text means "not used". */
export interface ToleranceValues {
  percent: string;
  absolute: string;
  combine: 'either' | 'both';
}

export interface SettingsValues {
  level: MatchLevel;
  price: ToleranceValues;
  quantity: ToleranceValues;
  total: ToleranceValues;
}

export interface OverrideValues extends SettingsValues {
  key: string;
  scope: 'supplier' | 'category';
  scope_id: number | undefined;
}

export interface MatchingFormValues {
  organisation: SettingsValues;
  overrides: OverrideValues[];
}

type View = MatchingSettings['organisation'];

let keys = 0;
const newKey = () => {
  keys += 1;
  return `override-${keys}`;
};

const fromTolerance = (t: View['price']): ToleranceValues => ({
  percent: t.percent ?? '',
  absolute: t.absolute ?? '',
  combine: t.combine,
});

const fromView = (view: View): SettingsValues => ({
  level: view.level,
  price: fromTolerance(view.price),
  quantity: fromTolerance(view.quantity),
  total: fromTolerance(view.total),
});

export function matchingFormFrom(settings: MatchingSettings): MatchingFormValues {
  return {
    organisation: fromView(settings.organisation),
    overrides: settings.overrides.map((o) => ({
      ...fromView(o),
      key: newKey(),
      scope: o.scope,
      scope_id: o.scope_id,
    })),
  };
}

/** A new override starts as a copy of the organisation's rules, to change from there. */
export const newOverride = (base: SettingsValues, scope: 'supplier' | 'category'): OverrideValues => ({
  ...structuredClone(base),
  key: newKey(),
  scope,
  scope_id: undefined,
});

/** A percentage between 0 and 100 with at most two decimals (the API's rule). */
export function isPercent(text: string): boolean {
  const points = decimalTextToMinor(text.trim(), 'KES');
  return points !== null && points <= 10_000;
}

/** Money in major units with at most two decimals, or a quantity with at most three. */
export function isAbsolute(text: string, field: ToleranceField): boolean {
  const trimmed = text.trim();
  return field === 'quantity'
    ? quantityToThousandths(trimmed) !== null
    : decimalTextToMinor(trimmed, 'KES') !== null;
}

export type ToleranceProblems = Partial<Record<ToleranceField, { percent?: string; absolute?: string }>>;
export interface MatchingProblems {
  organisation: ToleranceProblems;
  overrides: Array<(ToleranceProblems & { scope_id?: string }) | undefined>;
}

function toleranceProblems(values: SettingsValues): ToleranceProblems {
  const problems: ToleranceProblems = {};
  for (const field of TOLERANCE_FIELDS) {
    const { percent, absolute } = values[field];
    const found: { percent?: string; absolute?: string } = {};
    if (percent.trim() && !isPercent(percent)) found.percent = FORM_MESSAGES.percent;
    if (absolute.trim() && !isAbsolute(absolute, field)) found.absolute = FORM_MESSAGES.absolute;
    if (found.percent || found.absolute) problems[field] = found;
  }
  return problems;
}

export function checkMatchingForm(values: MatchingFormValues): MatchingProblems {
  const seen = new Set<string>();
  return {
    organisation: toleranceProblems(values.organisation),
    overrides: values.overrides.map((override) => {
      const found: ToleranceProblems & { scope_id?: string } = toleranceProblems(override);
      if (override.scope_id === undefined) found.scope_id = FORM_MESSAGES.scope;
      else {
        const id = `${override.scope}:${override.scope_id}`;
        if (seen.has(id)) found.scope_id = FORM_MESSAGES.duplicateOverride;
        seen.add(id);
      }
      return Object.keys(found).length > 0 ? found : undefined;
    }),
  };
}

export const matchingHasProblems = (problems: MatchingProblems) =>
  Object.keys(problems.organisation).length > 0 || problems.overrides.some(Boolean);

const toTolerance = (t: ToleranceValues) => ({
  percent: t.percent.trim() || null,
  absolute: t.absolute.trim() || null,
  combine: t.combine,
});

const toView = (values: SettingsValues) => ({
  level: values.level,
  price: toTolerance(values.price),
  quantity: toTolerance(values.quantity),
  total: toTolerance(values.total),
});

export function toMatchingPayload(values: MatchingFormValues): MatchingSettingsInput {
  return {
    organisation: toView(values.organisation),
    overrides: values.overrides.map((o) => ({ ...toView(o), scope: o.scope, scope_id: o.scope_id! })),
  };
}
