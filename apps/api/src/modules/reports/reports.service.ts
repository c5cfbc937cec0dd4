import { minorToDecimalText } from '@zabuni/domain';
import { sql } from 'drizzle-orm';
import type { Principal } from '../../infra/auth.ts';
import type { Db } from '../../infra/database.ts';
import { currentOrganisation } from '../../infra/tenancy.ts';

type Group = 'supplier' | 'category' | 'department' | 'month';

/** What each group is keyed and named by, per purchase order line (the one place spend is classified). */
const GROUP_SQL: Record<Group, { key: ReturnType<typeof sql>; label: ReturnType<typeof sql> }> = {
  supplier: { key: sql`po.supplier_id::text`, label: sql`s.name` },
  category: { key: sql`pol.category_id::text`, label: sql`c.name` },
  department: { key: sql`pol.department_id::text`, label: sql`d.code || ' ' || d.name` },
  month: {
    key: sql`to_char(po.approved_at AT TIME ZONE 'Africa/Nairobi', 'YYYY-MM')`,
    label: sql`to_char(po.approved_at AT TIME ZONE 'Africa/Nairobi', 'YYYY-MM')`,
  },
};

/**
 * Issue 7 reporting, all net of tax in the organisation's orders' currency (KES unless they use another):
 * spend by supplier, category, cost centre or month; purchase order cycle times; invoice exceptions by
 * kind. Reads only the caller's current organisation.
 */
export function createReportsService({ db }: { db: Db }) {
  return {
    async spend(principal: Principal, query: { group_by: Group; from?: string; to?: string }) {
      const organisationId = currentOrganisation(principal);
      const group = GROUP_SQL[query.group_by];
      const from = query.from ?? null;
      const to = query.to ?? null;
      const rows = await db.execute<{
        key: string;
        label: string;
        currency: string;
        ordered: string;
        invoiced: string;
        paid: string;
      }>(sql`
        WITH lines AS (
          SELECT ${group.key} AS key, ${group.label} AS label, po.currency, pol.id AS po_line_id, pol.net_minor
          FROM purchase_order_lines pol
          JOIN purchase_orders po ON po.id = pol.purchase_order_id
          JOIN organisations s ON s.id = po.supplier_id
          JOIN categories c ON c.id = pol.category_id
          JOIN departments d ON d.id = pol.department_id
          WHERE po.organisation_id = ${organisationId}
            AND po.status NOT IN ('draft', 'pending_approval', 'cancelled')
            AND (${from}::date IS NULL OR (po.approved_at AT TIME ZONE 'Africa/Nairobi')::date >= ${from}::date)
            AND (${to}::date IS NULL OR (po.approved_at AT TIME ZONE 'Africa/Nairobi')::date <= ${to}::date)
        ),
        billed AS (
          SELECT il.purchase_order_line_id AS po_line_id, sum(il.net_minor) AS invoiced,
                 sum(il.net_minor * coalesce(p.paid, 0) / nullif(i.total_minor, 0)) AS paid
          FROM invoice_lines il
          JOIN invoices i ON i.id = il.invoice_id
          LEFT JOIN (SELECT invoice_id, sum(amount_minor) AS paid FROM supplier_payments GROUP BY invoice_id) p
            ON p.invoice_id = i.id
          WHERE i.organisation_id = ${organisationId} AND i.status IN ('approved', 'partially_paid', 'paid')
          GROUP BY il.purchase_order_line_id
        )
        SELECT l.key, min(l.label) AS label, min(l.currency) AS currency,
               sum(l.net_minor)::bigint AS ordered,
               coalesce(sum(b.invoiced), 0)::bigint AS invoiced,
               coalesce(sum(b.paid), 0)::bigint AS paid
        FROM lines l LEFT JOIN billed b ON b.po_line_id = l.po_line_id
        GROUP BY l.key
        ORDER BY ${query.group_by === 'month' ? sql`l.key` : sql`sum(l.net_minor) DESC`}`);
      const currency = rows.rows[0]?.currency ?? 'KES';
      const money = (minor: number) => minorToDecimalText(minor, currency);
      const sum = (field: 'ordered' | 'invoiced' | 'paid') =>
        rows.rows.reduce((total, row) => total + Number(row[field]), 0);
      return {
        currency,
        group_by: query.group_by,
        from,
        to,
        rows: rows.rows.map((row) => ({
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
      const days = (a: string, b: string) =>
        sql.raw(`round((avg(extract(epoch FROM (${b} - ${a})) / 86400))::numeric, 1)::float8`);
      const rows = await db.execute<{
        supplier_id: number;
        name: string;
        orders: number;
        approve: number | null;
        send: number | null;
        acknowledge: number | null;
        receive: number | null;
      }>(sql`
        SELECT po.supplier_id, min(s.name) AS name, count(*)::int AS orders,
               ${days('po.created_at', 'po.approved_at')} AS approve,
               ${days('po.approved_at', 'po.sent_at')} AS send,
               ${days('po.sent_at', 'po.acknowledged_at')} AS acknowledge,
               ${days('po.sent_at', 'r.first_receipt')} AS receive
        FROM purchase_orders po
        JOIN organisations s ON s.id = po.supplier_id
        LEFT JOIN (SELECT purchase_order_id, min(created_at) AS first_receipt FROM goods_receipts GROUP BY purchase_order_id) r
          ON r.purchase_order_id = po.id
        WHERE po.organisation_id = ${organisationId} AND po.status NOT IN ('draft', 'cancelled')
        GROUP BY po.supplier_id
        ORDER BY count(*) DESC, min(s.name)`);
      return {
        rows: rows.rows.map((row) => ({
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
      const rows = await db.execute<{ kind: string; invoices: number; blocking: number }>(sql`
        SELECT v->>'kind' AS kind, count(DISTINCT i.id)::int AS invoices,
               count(DISTINCT i.id) FILTER (WHERE (v->>'blocking')::boolean)::int AS blocking
        FROM invoices i, jsonb_array_elements(i.match_result->'variances') v
        WHERE i.organisation_id = ${organisationId}
        GROUP BY v->>'kind'
        ORDER BY count(DISTINCT i.id) FILTER (WHERE (v->>'blocking')::boolean) DESC, v->>'kind'`);
      return {
        rows: rows.rows.map((row) => ({
          kind: row.kind,
          invoices: Number(row.invoices),
          blocking: Number(row.blocking),
        })),
      };
    },
  };
}
export type ReportsService = ReturnType<typeof createReportsService>;
