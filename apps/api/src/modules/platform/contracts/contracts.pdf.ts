import { htmlToParagraphs } from '@zabuni/domain';
import {
  BOLD,
  COLOURS,
  contentWidth,
  createPdf,
  ensureSpace,
  finish,
  footerAllPages,
  rule,
  sectionHeading,
  textLines,
  write,
} from '../../../infra/documents/pdf-layout.ts';

export interface SignedContractDocument {
  number: string;
  title: string;
  buyer: string;
  supplier: string;
  value: string;
  period: string;
  renewal: string;
  paymentTerms: string;
  bodyHtml: string;
  /** SHA-256 of the text both sides signed (hex). */
  contentSha256: string;
  signatures: Array<{
    side: 'buyer' | 'supplier';
    party: string;
    signer: string;
    email: string;
    signedAt: string;
    ip: string | null;
    method: string;
  }>;
}

/**
 * The signed contract as a PDF: its terms and text, then a signature page listing each signer, the time,
 * the address they signed from, how they confirmed (a one-time code by mail or their authenticator) and the
 * SHA-256 of the text they signed. The file's own SHA-256 cannot be printed inside it; it is kept with the
 * contract and checked by POST /api/v1/contracts/verify/.
 */
export async function renderSignedContractPdf(document: SignedContractDocument): Promise<Buffer> {
  const doc = createPdf(`${document.number} ${document.title}`);
  const left = doc.page.margins.left;
  const width = contentWidth(doc);

  doc.font(BOLD).fontSize(16);
  write(doc, document.title, left, doc.page.margins.top, { width }, true);
  let y = textLines(
    doc,
    [{ text: `Contract ${document.number}`, muted: true, size: 10 }],
    left,
    doc.y + 4,
    width,
  );
  rule(doc, y + 4);
  y = sectionHeading(doc, 'Parties and terms', left, y + 12, width);
  y = textLines(
    doc,
    [
      { text: `Buyer: ${document.buyer}` },
      { text: `Supplier: ${document.supplier}` },
      { text: `Value: ${document.value}` },
      { text: `Period: ${document.period}` },
      { text: `Renewal: ${document.renewal}` },
      { text: document.paymentTerms ? `Payment terms: ${document.paymentTerms}` : null },
    ],
    left,
    y,
    width,
  );
  rule(doc, y + 6);
  doc.y = y + 16;
  for (const paragraph of htmlToParagraphs(document.bodyHtml)) {
    doc.fontSize(10);
    const height = doc.heightOfString(paragraph, { width }) + 6;
    ensureSpace(doc, height);
    write(doc, paragraph, left, doc.y, { width, align: 'left' });
    doc.y += 6;
  }

  doc.addPage();
  doc.font(BOLD).fontSize(14).fillColor(COLOURS.text);
  write(doc, 'Signature page', left, doc.page.margins.top, { width }, true);
  y = textLines(
    doc,
    [
      { text: `Contract ${document.number}: ${document.title}`, size: 10 },
      { text: 'SHA-256 of the signed text:', muted: true, size: 8 },
      { text: document.contentSha256, size: 8 },
    ],
    left,
    doc.y + 6,
    width,
  );
  for (const signature of document.signatures) {
    rule(doc, y + 6);
    y = sectionHeading(
      doc,
      signature.side === 'buyer' ? 'For the buyer' : 'For the supplier',
      left,
      y + 14,
      width,
    );
    y = textLines(
      doc,
      [
        { text: signature.party, bold: true, size: 11 },
        { text: `Signed by: ${signature.signer} <${signature.email}>` },
        { text: `Time (UTC): ${signature.signedAt}` },
        { text: `IP address: ${signature.ip ?? 'not recorded'}` },
        {
          text: `Method: ${signature.method === 'authenticator' ? 'authenticator app code' : 'one-time code sent by email'}`,
        },
      ],
      left,
      y,
      width,
    );
  }
  rule(doc, y + 6);
  textLines(
    doc,
    [
      {
        text: 'Check this file at /api/v1/contracts/verify/: its SHA-256 is kept with the contract, and any change to the file makes the check fail.',
        muted: true,
        size: 8,
      },
    ],
    left,
    y + 14,
    width,
  );
  footerAllPages(doc, `Contract ${document.number}`);
  return finish(doc);
}
