/** Messages of client-side checks are i18next keys of this namespace (shown by lib/form-errors.ts messageText). */
export const NS = 'p2p-orders';

export const FORM_MESSAGES = {
  required: 'p2p-orders:validation.required',
  receiptQuantity: 'p2p-orders:validation.receiptQuantity',
  date: 'p2p-orders:validation.date',
  futureDate: 'p2p-orders:validation.futureDate',
  terms: 'p2p-orders:validation.terms',
  nothingReceived: 'p2p-orders:validation.nothingReceived',
  mismatch: 'p2p-orders:validation.mismatch',
  rejectionReason: 'p2p-orders:validation.rejectionReason',
  tooLong: 'p2p-orders:validation.tooLong',
  amount: 'p2p-orders:validation.amount',
  percent: 'p2p-orders:validation.percent',
  absolute: 'p2p-orders:validation.absolute',
  scope: 'p2p-orders:validation.scope',
  duplicateOverride: 'p2p-orders:validation.duplicateOverride',
} as const;
export type FormMessage = (typeof FORM_MESSAGES)[keyof typeof FORM_MESSAGES];
