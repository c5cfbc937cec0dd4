import { describe, expect, it } from 'vitest';
import { impactAnalysisProblems, singleSourced, treatmentOverdue } from './risk-register.ts';

describe('treatments overdue', () => {
  it.each([
    ['planned', '2026-11-25', '2026-11-26', true],
    ['in_progress', '2026-11-26', '2026-11-26', false],
    ['done', '2026-01-01', '2026-11-26', false],
  ] as const)('%s due %s on %s → %s', (status, dueOn, today, overdue) => {
    expect(treatmentOverdue(status, dueOn, today)).toBe(overdue);
  });
});

describe('single-source report', () => {
  it('lists services with one supplier, and those with none apart', () => {
    const services = [{ id: 1 }, { id: 2 }, { id: 3 }];
    const links = [
      { serviceId: 1, supplierId: 10 },
      { serviceId: 2, supplierId: 10 },
      { serviceId: 2, supplierId: 11 },
    ];
    expect(singleSourced(services, links)).toEqual({ single: [{ id: 1 }], unsupplied: [{ id: 3 }] });
  });
});

describe('business impact analysis', () => {
  it.each([
    [{ mtdHours: 24, rtoHours: 8, rpoHours: 1 }, []],
    [{ mtdHours: 4, rtoHours: 8, rpoHours: 1 }, ['rto_above_mtd']],
    [{ mtdHours: 4, rtoHours: -1, rpoHours: 1 }, ['negative_hours']],
  ])('%o → %o', (bia, problems) => {
    expect(impactAnalysisProblems(bia)).toEqual(problems);
  });
});
