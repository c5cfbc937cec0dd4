import { sql } from 'drizzle-orm';
import type { Executor } from '../../../../infra/database.ts';

/*
 * The reports' reads, across the purchase orders, invoices, supplier payments, goods receipts, organisations,
 * categories and departments tables. Read-only: nothing here writes.
 */

export type SpendGroup = 'supplier' | 'category' | 'department' | 'month';

/** What each group is keyed and named by, per purchase order line (the one place spend is classified). */
const GROUP_SQL: Record<SpendGroup, { key: ReturnType<typeof sql>; label: ReturnType<typeof sql> }> = {
  supplier: { key: sql`po.supplier_id::text`, label: sql`s.name` },
  category: { key: sql`pol.category_id::text`, label: sql`c.name` },
  department: { key: sql`pol.department_id::text`, label: sql`d.code || ' ' || d.name` },
  month: {
    key: sql`to_char(po.approved_at AT TIME ZONE 'Africa/Nairobi', 'YYYY-MM')`,
    label: sql`to_char(po.approved_at AT TIME ZONE 'Africa/Nairobi', 'YYYY-MM')`,
  },
};

/**
 * Spend per group, per purchase order line of the organisation's approved (and later) orders: ordered,
 * invoiced (approved invoices on, net of their credit notes), and paid in proportion to each invoice's
 * payments over what it still bills. `from`/`to` are
 * Nairobi dates of approval (inclusive), null for open-ended.
 */
export async function spendByGroup(
  db: Executor,
  organisationId: number,
  groupBy: SpendGroup,
  from: string | null,
  to: string | null,
) {
  const group = GROUP_SQL[groupBy];
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
    credited AS (
      -- Credit notes lower spend: per invoice line (net) and per invoice (total, for the paid share).
      SELECT cnl.invoice_line_id, sum(cnl.net_minor) AS net
      FROM credit_note_lines cnl JOIN credit_notes cn ON cn.id = cnl.credit_note_id
      WHERE cn.organisation_id = ${organisationId}
      GROUP BY cnl.invoice_line_id
    ),
    credited_invoices AS (
      SELECT invoice_id, sum(total_minor) AS total FROM credit_notes
      WHERE organisation_id = ${organisationId} GROUP BY invoice_id
    ),
    billed AS (
      SELECT il.purchase_order_line_id AS po_line_id,
             sum(il.net_minor - coalesce(cr.net, 0)) AS invoiced,
             sum((il.net_minor - coalesce(cr.net, 0)) * coalesce(p.paid, 0)
               / nullif(i.total_minor - coalesce(ci.total, 0), 0)) AS paid
      FROM invoice_lines il
      JOIN invoices i ON i.id = il.invoice_id
      LEFT JOIN credited cr ON cr.invoice_line_id = il.id
      LEFT JOIN credited_invoices ci ON ci.invoice_id = i.id
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
    ORDER BY ${groupBy === 'month' ? sql`l.key` : sql`sum(l.net_minor) DESC`}`);
  return rows.rows;
}

/** Average days per supplier from creating an order to approving, sending, acknowledging, first receipt. */
export async function purchaseOrderCycleTimes(db: Executor, organisationId: number) {
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
  return rows.rows;
}

/** Invoices per match variance kind, and how many of them it blocks. */
export async function invoiceExceptionsByKind(db: Executor, organisationId: number) {
  const rows = await db.execute<{ kind: string; invoices: number; blocking: number }>(sql`
    SELECT v->>'kind' AS kind, count(DISTINCT i.id)::int AS invoices,
           count(DISTINCT i.id) FILTER (WHERE (v->>'blocking')::boolean)::int AS blocking
    FROM invoices i, jsonb_array_elements(i.match_result->'variances') v
    WHERE i.organisation_id = ${organisationId}
    GROUP BY v->>'kind'
    ORDER BY count(DISTINCT i.id) FILTER (WHERE (v->>'blocking')::boolean) DESC, v->>'kind'`);
  return rows.rows;
}
