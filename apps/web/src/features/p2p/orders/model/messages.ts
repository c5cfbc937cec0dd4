/** Messages of client-side checks are i18next keys of this namespace (shown by lib/form-errors.ts messageText). */
export const NS = 'p2p-orders';

export const FORM_MESSAGES = {
  required: 'p2p-orders:validation.required',
  supplier: 'p2p-orders:validation.supplier',
  justification: 'p2p-orders:validation.justification',
  currency: 'p2p-orders:validation.currency',
  quantity: 'p2p-orders:validation.quantity',
  receiptQuantity: 'p2p-orders:validation.receiptQuantity',
  price: 'p2p-orders:validation.price',
  category: 'p2p-orders:validation.category',
  department: 'p2p-orders:validation.department',
  date: 'p2p-orders:validation.date',
  futureDate: 'p2p-orders:validation.futureDate',
  terms: 'p2p-orders:validation.terms',
  noLines: 'p2p-orders:validation.noLines',
  nothingReceived: 'p2p-orders:validation.nothingReceived',
  mismatch: 'p2p-orders:validation.mismatch',
  rejectionReason: 'p2p-orders:validation.rejectionReason',
  tooLong: 'p2p-orders:validation.tooLong',
  order: 'p2p-orders:validation.order',
  amount: 'p2p-orders:validation.amount',
  percent: 'p2p-orders:validation.percent',
  absolute: 'p2p-orders:validation.absolute',
  scope: 'p2p-orders:validation.scope',
  duplicateOverride: 'p2p-orders:validation.duplicateOverride',
} as const;
export type FormMessage = (typeof FORM_MESSAGES)[keyof typeof FORM_MESSAGES];
