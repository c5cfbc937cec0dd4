import { z } from 'zod';
import type { MessageKey } from './messages.ts';
import { paginationQuery } from './pagination.ts';
import { recordId, required } from './fields.ts';

/** Issue 6 organisation set-up: departments double as cost centres (budgets and approvals refer to them). */
export const DEPARTMENT_MESSAGES = {
  codeFormat: 'department.code_format',
  codeTaken: 'department.code_taken',
  ownerNotMember: 'department.owner_not_member',
  notAdmin: 'department.not_admin',
} as const satisfies Record<string, MessageKey>;

export const departmentForm = z.object({
  code: required(20)
    .transform((code) => code.toUpperCase())
    .pipe(z.string().regex(/^[A-Z0-9_-]{1,20}$/, { error: DEPARTMENT_MESSAGES.codeFormat })),
  name: required(120),
  budget_owner_id: recordId().nullable().optional(),
  active: z.boolean().optional(),
});
export type DepartmentForm = z.output<typeof departmentForm>;

export const departmentUpdate = departmentForm.partial();
export type DepartmentUpdate = z.output<typeof departmentUpdate>;

export const department = z
  .object({
    id: z.number().int(),
    code: z.string(),
    name: z.string(),
    budget_owner: z.object({ id: z.number().int(), name: z.string(), email: z.string() }).nullable(),
    active: z.boolean(),
    created_at: z.string().meta({ format: 'date-time' }),
    updated_at: z.string().meta({ format: 'date-time' }),
  })
  .meta({ id: 'Department' });
export type Department = z.infer<typeof department>;

export const departmentsQuery = paginationQuery.extend({
  active: z.enum(['true', 'false']).optional(),
});
