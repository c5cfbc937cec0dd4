/**
 * The data the document renderers take (issue 7): plain values, no database rows. Money is integer minor
 * units beside an ISO 4217 currency code, quantities are decimal text ("12.5"), dates are `YYYY-MM-DD`
 * (an approval's `decidedAt` or a statement's `generatedAt` may be a full ISO timestamp: its date part
 * is printed).
 */

export interface PurchaseOrderDocument {
  number: string;
  /** The order's lifecycle status (`draft`, `pending_approval`, `approved`, `sent`, ...). */
  status: string;
  issuedOn: string;
  currency: string;
  buyer: {
    name: string;
    address: string | null;
    email: string | null;
    phone: string | null;
    taxPin: string | null;
  };
  supplier: { name: string; email: string | null; phone: string | null; taxPin: string | null };
  deliveryAddress: string;
  deliveryDate: string | null;
  paymentTermsDays: number;
  /** Why a direct order (without requisition) was raised; empty when not needed. */
  justification: string;
  lines: Array<{
    lineNo: number;
    description: string;
    quantity: string;
    unit: string;
    unitPriceMinor: number;
    taxBasisPoints: number;
    netMinor: number;
    taxMinor: number;
    requisitionNumber: string | null;
  }>;
  subtotalMinor: number;
  taxMinor: number;
  totalMinor: number;
  approvals: Array<{ name: string; decidedAt: string }>;
}

export type StatementRowType = 'purchase_order' | 'invoice' | 'payment' | 'credit';

export interface SupplierStatement {
  supplier: { name: string; taxPin: string | null };
  buyer: { name: string };
  currency: string;
  from: string;
  to: string;
  generatedAt: string;
  openingBalanceMinor: number;
  closingBalanceMinor: number;
  rows: Array<{
    date: string;
    type: StatementRowType;
    reference: string;
    description: string;
    debitMinor: number;
    creditMinor: number;
    balanceMinor: number;
  }>;
  openInvoices: Array<{
    number: string;
    date: string;
    dueDate: string;
    totalMinor: number;
    paidMinor: number;
    outstandingMinor: number;
    status: string;
  }>;
}
