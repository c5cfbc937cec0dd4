// The front door of platform/p2p/invoices: other modules and the app import this module only from here.

export { invoiceApprovalAdapter } from './invoices.approval.ts';
export { invoicesRoutes } from './invoices.routes.ts';
export { MAX_INVOICE_FILE_BYTES, createInvoicesService } from './invoices.service.ts';
export type { InvoicesService } from './invoices.service.ts';
