/** Printable and downloadable documents (issue 7): pure renderers, data in, bytes out. */
export type { PurchaseOrderDocument, StatementRowType, SupplierStatement } from './types.ts';
export type { PdfRenderOptions } from './pdf-layout.ts';
export { renderPurchaseOrderPdf, purchaseOrderStatusMark } from './purchase-order-pdf.ts';
export { renderStatementPdf } from './statement-pdf.ts';
export { renderStatementXlsx } from './statement-xlsx.ts';
