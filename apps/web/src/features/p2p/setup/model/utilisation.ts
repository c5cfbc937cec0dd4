import type { BudgetUtilisation } from '../api/budgets.ts';
import { signedMinor } from './money.ts';

/** A budget's figures in minor units of its currency. */
export interface Figures {
  currency: string;
  amount: number;
  proposed: number;
  committed: number;
  actual: number;
  /** amount − committed − actual (negative when overspent). */
  available: number;
  /** available − proposed: what is left if everything submitted were approved. */
  availableAfterProposed: number;
}

export function figuresOf(utilisation: BudgetUtilisation): Figures | null {
  const { currency } = utilisation;
  const read = (text: string) => signedMinor(text, currency);
  const amount = read(utilisation.amount);
  const proposed = read(utilisation.proposed);
  const committed = read(utilisation.committed);
  const actual = read(utilisation.actual);
  if (amount === null || proposed === null || committed === null || actual === null) return null;
  const available = read(utilisation.available) ?? amount - committed - actual;
  const availableAfterProposed = read(utilisation.available_after_proposed) ?? available - proposed;
  return { currency, amount, proposed, committed, actual, available, availableAfterProposed };
}

/** Figures of several budgets added up, one total per currency (amounts in different currencies never mix). */
export function totalsByCurrency(figures: readonly Figures[]): Figures[] {
  const totals = new Map<string, Figures>();
  for (const f of figures) {
    const total = totals.get(f.currency);
    if (!total) {
      totals.set(f.currency, { ...f });
      continue;
    }
    total.amount += f.amount;
    total.proposed += f.proposed;
    total.committed += f.committed;
    total.actual += f.actual;
    total.available += f.available;
    total.availableAfterProposed += f.availableAfterProposed;
  }
  return [...totals.values()].sort((a, b) => a.currency.localeCompare(b.currency));
}

export type UtilisationState = 'within' | 'proposedOver' | 'over';

/**
 * Over: committed and actual spend already pass the amount. Proposed over: they fit, but approving what is
 * submitted would not. Within: room for everything submitted.
 */
export function stateOf(f: Figures): UtilisationState {
  if (f.available < 0) return 'over';
  if (f.availableAfterProposed < 0) return 'proposedOver';
  return 'within';
}

export interface BarSections {
  /** Percent of the bar's width, spent first: actual, then committed, then proposed. */
  actual: number;
  committed: number;
  proposed: number;
  /** Percent of the bar the budget amount reaches (100 unless spending passes it). */
  budgetMark: number;
}

/**
 * The stacked bar's widths. The bar spans the budget, or everything spent and proposed when that is more, so
 * an overspend shows as the budget mark short of the bar's end rather than as a bar that stops at 100 %.
 */
export function barSections(f: Figures): BarSections {
  const used = Math.max(f.actual, 0) + Math.max(f.committed, 0) + Math.max(f.proposed, 0);
  const scale = Math.max(f.amount, used);
  if (scale <= 0) return { actual: 0, committed: 0, proposed: 0, budgetMark: 100 };
  const percent = (value: number) => (Math.max(value, 0) / scale) * 100;
  return {
    actual: percent(f.actual),
    committed: percent(f.committed),
    proposed: percent(f.proposed),
    budgetMark: percent(f.amount),
  };
}

/** Share of the budget used by committed and actual spend, rounded down to whole percent (for the label). */
export function usedPercent(f: Figures): number | null {
  if (f.amount <= 0) return null;
  return Math.floor(((f.committed + f.actual) * 100) / f.amount);
}
