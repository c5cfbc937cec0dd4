import { minorToDecimalText } from '@zabuni/domain';
import type { Principal } from '../../../../infra/auth.ts';
import type { Db } from '../../../../infra/database.ts';
import { currentOrganisation } from '../../../../infra/tenancy.ts';
import {
  invoiceExceptionsByKind,
  purchaseOrderCycleTimes,
  spendByGroup,
  type SpendGroup,
} from './reports.queries.ts';

/**
 * Issue 7 reporting, all net of tax in the organisation's orders' currency (KES unless they use another):
 * spend by supplier, category, cost centre or month; purchase order cycle times; invoice exceptions by
 * kind. Reads only the caller's current organisation.
 */
export function createReportsService({ db }: { db: Db }) {
  return {
    async spend(principal: Principal, query: { group_by: SpendGroup; from?: string; to?: string }) {
      const organisationId = currentOrganisation(principal);
      const from = query.from ?? null;
      const to = query.to ?? null;
      const rows = await spendByGroup(db, organisationId, query.group_by, from, to);
      const currency = rows[0]?.currency ?? 'KES';
      const money = (minor: number) => minorToDecimalText(minor, currency);
      const sum = (field: 'ordered' | 'invoiced' | 'paid') =>
        rows.reduce((total, row) => total + Number(row[field]), 0);
      return {
        currency,
        group_by: query.group_by,
        from,
        to,
        rows: rows.map((row) => ({
          key: row.key,
          label: row.label,
          ordered: money(Number(row.ordered)),
          invoiced: money(Number(row.invoiced)),
          paid: money(Number(row.paid)),
        })),
        totals: {
          ordered: money(sum('ordered')),
          invoiced: money(sum('invoiced')),
          paid: money(sum('paid')),
        },
      };
    },

    async cycleTimes(principal: Principal) {
      const organisationId = currentOrganisation(principal);
      const rows = await purchaseOrderCycleTimes(db, organisationId);
      return {
        rows: rows.map((row) => ({
          supplier: { id: Number(row.supplier_id), name: row.name },
          orders: Number(row.orders),
          avg_days_to_approve: row.approve,
          avg_days_to_send: row.send,
          avg_days_to_acknowledge: row.acknowledge,
          avg_days_to_receive: row.receive,
        })),
      };
    },

    async exceptions(principal: Principal) {
      const organisationId = currentOrganisation(principal);
      const rows = await invoiceExceptionsByKind(db, organisationId);
      return {
        rows: rows.map((row) => ({
          kind: row.kind,
          invoices: Number(row.invoices),
          blocking: Number(row.blocking),
        })),
      };
    },
  };
}
export type ReportsService = ReturnType<typeof createReportsService>;
