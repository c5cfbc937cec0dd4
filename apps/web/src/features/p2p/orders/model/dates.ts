/**
 * Days of orders, receipts and invoices: the one rule of lib/format.ts (Nairobi's calendar, issue 16
 * point 6), kept under the names this feature uses.
 */
export { formatDay, todayInNairobi } from '../../../../lib/format.ts';
