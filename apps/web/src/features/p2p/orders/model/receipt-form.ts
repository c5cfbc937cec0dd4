import { goodsReceiptForm, recordId } from '@zabuni/contracts';
import { isIsoDate } from '@zabuni/domain';
import { z } from 'zod';
import { contractResolver } from '../../../../lib/form-errors.ts';
import type { PurchaseOrderLine } from '../api/purchase-orders.ts';
import { FORM_MESSAGES } from './messages.ts';
import { thousandthsToText, toThousandths } from '../../../../lib/money.ts';

/** One order line on the receive-goods form: what was ordered and accepted so far, and this delivery. */
export interface ReceiptLineValues {
  purchase_order_line_id: number;
  line_no: number;
  description: string;
  unit: string;
  ordered: string;
  accepted_so_far: string;
  received: string;
  accepted: string;
  rejected: string;
  rejection_reason: string;
}

export interface ReceiptFormValues {
  /** YYYY-MM-DD. */
  received_on: string;
  note: string;
  lines: ReceiptLineValues[];
}

/** What is still to come on a line: ordered less accepted, never below nothing. */
export function remainingOf(line: Pick<ReceiptLineValues, 'ordered' | 'accepted_so_far'>): string {
  const ordered = toThousandths(line.ordered) ?? 0;
  const accepted = toThousandths(line.accepted_so_far) ?? 0;
  return thousandthsToText(Math.max(0, ordered - accepted));
}

/** The form for a delivery: every line of the order, nothing entered yet. */
export function receiptFormFor(lines: readonly PurchaseOrderLine[], today: string): ReceiptFormValues {
  return {
    received_on: today,
    note: '',
    lines: lines.map((line) => ({
      purchase_order_line_id: line.id,
      line_no: line.line_no,
      description: line.description,
      unit: line.unit,
      ordered: line.quantity,
      accepted_so_far: line.accepted_quantity,
      received: '',
      accepted: '',
      rejected: '',
      rejection_reason: '',
    })),
  };
}

/** "Everything still to come arrived in good order" for one line. */
export function receiveRemaining(line: ReceiptLineValues): ReceiptLineValues {
  const remaining = remainingOf(line);
  return { ...line, received: remaining, accepted: remaining, rejected: '0' };
}

/**
 * Typing what arrived or what was sent back keeps accepted = received − rejected while that can be worked
 * out, so the usual delivery (all good) takes one figure per line.
 */
export function withReceived(line: ReceiptLineValues, field: 'received' | 'rejected', value: string) {
  const next = { ...line, [field]: value };
  const received = toThousandths(next.received || '0');
  const rejected = toThousandths(next.rejected || '0');
  if (received !== null && rejected !== null && received >= rejected && received >= 0 && rejected >= 0) {
    next.accepted = next.received.trim() === '' ? '' : thousandthsToText(received - rejected);
  }
  return next;
}

type LineField = 'received' | 'accepted' | 'rejected' | 'rejection_reason';
export interface ReceiptProblems {
  received_on?: string;
  lines?: string;
  lineProblems: Array<Partial<Record<LineField, string>> | undefined>;
}

const quantity = (text: string) => {
  const value = toThousandths(text.trim() === '' ? '0' : text);
  return value !== null && value >= 0 ? value : null;
};

/** The API's GRN rules, checked before sending: received = accepted + rejected, a reason for any rejection. */
export function checkReceipt(values: ReceiptFormValues, today: string): ReceiptProblems {
  const problems: ReceiptProblems = { lineProblems: [] };
  if (!isIsoDate(values.received_on)) problems.received_on = FORM_MESSAGES.date;
  else if (values.received_on > today) problems.received_on = FORM_MESSAGES.futureDate;
  let anything = false;
  values.lines.forEach((line, index) => {
    const found: Partial<Record<LineField, string>> = {};
    const received = quantity(line.received);
    const accepted = quantity(line.accepted);
    const rejected = quantity(line.rejected);
    if (received === null) found.received = FORM_MESSAGES.receiptQuantity;
    if (accepted === null) found.accepted = FORM_MESSAGES.receiptQuantity;
    if (rejected === null) found.rejected = FORM_MESSAGES.receiptQuantity;
    if (received !== null && accepted !== null && rejected !== null) {
      if (received > 0) anything = true;
      if (received !== accepted + rejected) found.accepted = FORM_MESSAGES.mismatch;
      if (rejected > 0 && !line.rejection_reason.trim())
        found.rejection_reason = FORM_MESSAGES.rejectionReason;
    }
    if (line.rejection_reason.trim().length > 500) found.rejection_reason = FORM_MESSAGES.tooLong;
    if (Object.keys(found).length > 0) problems.lineProblems[index] = found;
  });
  if (!anything && problems.lineProblems.every((p) => p === undefined)) {
    problems.lines = FORM_MESSAGES.nothingReceived;
  }
  return problems;
}

export const receiptHasProblems = (problems: ReceiptProblems) =>
  Boolean(problems.received_on || problems.lines || problems.lineProblems.some(Boolean));

/** The GRN to send: only the lines something arrived on. */
export function toReceiptPayload(orderId: number, values: ReceiptFormValues) {
  const text = (value: string) => thousandthsToText(quantity(value) ?? 0);
  return {
    purchase_order_id: orderId,
    received_on: values.received_on,
    note: values.note.trim(),
    lines: values.lines
      .filter((line) => (quantity(line.received) ?? 0) > 0)
      .map((line) => ({
        purchase_order_line_id: line.purchase_order_line_id,
        received: text(line.received),
        accepted: text(line.accepted),
        rejected: text(line.rejected),
        rejection_reason: line.rejection_reason.trim(),
      })),
  };
}

/** What POST /p2p/goods-receipts/ takes: the API's own schema for it. */
export const goodsReceiptRequest = goodsReceiptForm.extend({ purchase_order_id: recordId() });
export type ReceiptPayload = z.output<typeof goodsReceiptRequest>;

const text = z.string();

/**
 * The form's schema: the API's rules for a delivery (`goodsReceiptForm`) over what the form edits (every
 * line of the order, quantities as typed, what was ordered and accepted so far to show beside it), with the
 * service's checks made before sending (received = accepted + rejected, a reason for a rejection, something
 * received, not in the future), each on its field. It yields the request: only the lines something arrived on.
 */
export function receiptFormSchema(orderId: number, today: string) {
  return z
    .object({
      received_on: goodsReceiptForm.shape.received_on,
      note: goodsReceiptForm.shape.note,
      lines: z.array(
        z.object({
          purchase_order_line_id: z.number(),
          received: text,
          accepted: text,
          rejected: text,
          rejection_reason: text,
        }),
      ),
    })
    .superRefine(
      (values, ctx) => {
        const found = checkReceipt(values as unknown as ReceiptFormValues, today);
        if (found.received_on && isIsoDate(String(values.received_on ?? '')))
          ctx.addIssue({ code: 'custom', path: ['received_on'], message: found.received_on });
        if (found.lines) ctx.addIssue({ code: 'custom', path: ['lines'], message: found.lines });
        found.lineProblems.forEach((problems, index) => {
          for (const [field, message] of Object.entries(problems ?? {})) {
            ctx.addIssue({ code: 'custom', path: ['lines', index, field], message });
          }
        });
      },
      { when: () => true },
    )
    .transform((values) => toReceiptPayload(orderId, values as unknown as ReceiptFormValues))
    .pipe(
      // The request's input accepts numbers too; the form sends text.
      goodsReceiptRequest as unknown as z.ZodType<ReceiptPayload, ReturnType<typeof toReceiptPayload>>,
    );
}

export const receiptResolver = (orderId: number, today: string) =>
  contractResolver<ReceiptFormValues, ReceiptPayload>(receiptFormSchema(orderId, today));
