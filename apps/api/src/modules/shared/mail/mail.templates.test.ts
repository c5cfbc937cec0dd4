import { describe, expect, it } from 'vitest';
import {
  CATALOGUES,
  EXPECTED,
  MAIL_LANGUAGES,
  PLACEHOLDER,
  renderMail,
  type MailTemplates,
  type TemplateName,
} from './mail.templates.ts';

const common = { name: 'Wanjiru', link: 'https://zabuni.test/link' };
const invite = { inviter: 'Otieno Ouma', hours: 48 };

/**
 * One mail of every template, with exactly its declared parameters: the type refuses a template left out,
 * a parameter missing or one the template does not declare.
 */
const SAMPLES: { [T in TemplateName]: MailTemplates[T] } = {
  contract_approval_requested: {
    ...common,
    requester: 'Akinyi Otieno',
    reference: 'CTR-2026-00001',
    title: 'Acme Supplies',
    amount: 'KES 1,200,000',
  },
  contract_rejected: {
    ...common,
    reference: 'CTR-2026-00001',
    title: 'Cleaning',
    approver: 'Baraka',
    reason: 'Too long',
  },
  contract_ready_to_sign: { ...common, buyer: 'Umoja Bank', reference: 'CTR-2026-00001', title: 'Cleaning' },
  contract_signature_code: {
    name: 'Wanjiru',
    code: '123456',
    minutes: 10,
    reference: 'CTR-2026-00001',
    title: 'Cleaning',
  },
  contract_signed: { ...common, reference: 'CTR-2026-00001', title: 'Cleaning' },
  contract_expiry_alert: {
    ...common,
    reference: 'CTR-2026-00001',
    title: 'Cleaning',
    supplier: 'Acme Supplies',
    date: '2026-12-31',
    days: 30,
  },
  contract_notice_alert: {
    ...common,
    reference: 'CTR-2026-00001',
    title: 'Cleaning',
    supplier: 'Acme Supplies',
    date: '2026-11-01',
    days: 14,
  },
  contract_obligation_reminder: {
    ...common,
    reference: 'CTR-2026-00001',
    obligation: 'Insurance renewal',
    date: '2026-12-01',
  },
  activation: { ...common, hours: 48 },
  password_reset: { ...common, hours: 1 },
  sign_in_code: { name: 'Wanjiru', code: '123456', minutes: 10 },
  existing_account: common,
  password_changed: { name: 'Wanjiru' },
  two_factor_enabled: { name: 'Wanjiru' },
  tender_received: {
    ...common,
    title: 'Office desks',
    reference: 'ZB-2026-00042',
    closing: '26 November 2026 at 01:30 EAT',
  },
  tender_approved: {
    ...common,
    title: 'Office desks',
    reference: 'ZB-2026-00042',
    closing: '26 November 2026 at 01:30 EAT',
  },
  tender_rejected: { ...common, title: 'Office desks', reference: 'ZB-2026-00042', reason: 'Incomplete' },
  payment_receipt: {
    ...common,
    reference: 'ZB-2026-00042',
    item: 'Tender advert',
    receipt: 'QWE123',
    method: 'M-PESA',
    paidAt: '5 January 2026, 10:00',
    amount: 'KES 120,000',
  },
  payment_flagged: {
    name: 'Zabuni support',
    reference: 'ZB-2026-00042',
    item: 'Tender advert',
    reason: 'the order was already paid',
    method: 'M-PESA',
    receipt: 'QWE123',
    amount: 'KES 120,000',
  },
  subscription_received: { ...common, reference: 'ZB-2026-00042', plan: 'annual', amount: 'KES 5,000' },
  approval_requested: {
    ...common,
    requester: 'Otieno Ouma',
    reference: 'REQ-2026-00042',
    title: 'Office desks',
    amount: 'KES 120,000',
  },
  requisition_approved: {
    ...common,
    reference: 'REQ-2026-00042',
    title: 'Office desks',
    amount: 'KES 120,000',
  },
  requisition_rejected: {
    ...common,
    reference: 'REQ-2026-00042',
    title: 'Office desks',
    approver: 'Otieno Ouma',
    reason: 'Over budget',
  },
  requisition_returned: {
    ...common,
    reference: 'REQ-2026-00042',
    title: 'Office desks',
    approver: 'Otieno Ouma',
    reason: 'Add a quote',
  },
  member_invited: { ...common, ...invite, organisation: 'Umoja Bank', roles: 'Requester, Approver' },
  member_invitation: { ...common, ...invite, organisation: 'Umoja Bank', roles: 'Requester, Approver' },
  supplier_invited: { ...common, ...invite, buyer: 'Umoja Bank', supplier: 'Acme Supplies' },
  supplier_added: { ...common, inviter: 'Otieno Ouma', buyer: 'Umoja Bank', supplier: 'Acme Supplies' },
  purchase_order_approval_requested: {
    ...common,
    requester: 'Otieno Ouma',
    reference: 'PO-2026-00007',
    title: 'Acme Supplies',
    amount: 'KES 120,000',
  },
  invoice_approval_requested: {
    ...common,
    reference: 'INV-77',
    title: 'Acme Supplies',
    amount: 'KES 120,000',
  },
  purchase_order_sent: { ...common, buyer: 'Acme Bank', reference: 'PO-2026-00007', amount: 'KES 120,000' },
  purchase_order_acknowledged: { ...common, supplier: 'Acme Supplies', reference: 'PO-2026-00007' },
  purchase_order_declined: {
    ...common,
    supplier: 'Acme Supplies',
    reference: 'PO-2026-00007',
    reason: 'Out of stock',
  },
  invoice_exception: {
    ...common,
    supplier: 'Acme Supplies',
    reference: 'INV-77',
    amount: 'KES 120,000',
    reason: 'Quantity invoiced exceeds quantity received.',
  },
  invoice_approved: { ...common, buyer: 'Umoja Bank', reference: 'INV-77', amount: 'KES 120,000' },
  invoice_rejected: { ...common, buyer: 'Umoja Bank', reference: 'INV-77', reason: 'Wrong prices' },
  credit_note_requested: { ...common, buyer: 'Umoja Bank', reference: 'INV-77', reason: 'Short delivery' },
  credit_note_matched: {
    ...common,
    supplier: 'Acme Office Supplies',
    reference: 'CN-12',
    invoice: 'INV-77',
    amount: 'KES 2,320',
  },
  credit_note_received: {
    ...common,
    supplier: 'Acme Office Supplies',
    reference: 'CN-12',
    invoice: 'INV-77',
    amount: 'KES 2,320',
  },
  payment_recorded: {
    ...common,
    buyer: 'Umoja Bank',
    reference: 'INV-77',
    amount: 'KES 60,000',
    paymentReference: 'EFT-123',
  },
  inquiry_received: {
    ...common,
    contact: 'Jane Wanjiru',
    company: 'Wanjiru Builders',
    email: 'jane@builders.example',
    phone: '+254712345678',
    message: 'Do you cover Uganda?',
  },
  inquiry_acknowledged: { name: 'Jane Wanjiru', message: 'Do you cover Uganda?' },
  inquiry_answered: { name: 'Jane Wanjiru', answer: 'Yes, we do.', message: 'Do you cover Uganda?' },
  supplier_registration_approved: { ...common, company: 'Acme Supplies' },
  supplier_registration_review: { name: 'Jane Wanjiru', company: 'Acme Supplies' },
  supplier_registration_rejected: { name: 'Jane Wanjiru', company: 'Acme Supplies', reason: 'PIN not found' },
  directory_delivered: {
    ...common,
    reference: 'ZD7K2M9Q4R8T',
    directory: 'Kenya Supplier Directory',
    count: 1240,
    amount: 'KES 5,000.00',
    expires: '3 December 2026 at 14:05 EAT',
    csv: 'https://zabuni.test/link.csv',
  },
  prequalified_list_ready: {
    ...common,
    reference: 'ZP7K2M9Q4RTX',
    suppliers: 12,
    expires: '3 Dec 2026, 10:00 EAT',
    csv: 'https://zabuni.example/api/v1/prequalified-suppliers/orders/x/download/?format=csv',
    page: 'https://zabuni.example/prequalified-suppliers/cart/x',
  },
  prequalification_invited: {
    ...common,
    buyer: 'Umoja Commercial Bank',
    title: 'Office supplies 2027',
    closing: '10 December 2026 at 17:00 EAT',
  },
  prequalification_approved: {
    ...common,
    buyer: 'Umoja Commercial Bank',
    title: 'Office supplies 2027',
    category: 'Stationery',
    valid_until: '2027-12-31',
  },
  prequalification_rejected: {
    ...common,
    buyer: 'Umoja Commercial Bank',
    title: 'Office supplies 2027',
    category: 'Stationery',
    reason: 'No valid tax compliance certificate',
  },
  prequalification_document_expiring: {
    ...common,
    title: 'Office supplies 2027',
    document: 'tax-compliance.pdf',
    supplier: 'Acme Office Supplies Ltd',
    expires: '2026-12-20',
  },
  webinar_registered: {
    ...common,
    title: 'eAuctions in practice',
    organizer: 'Zabuni',
    date: '1 Dec 2026, 10:00 EAT',
  },
  webinar_reminder: { ...common, title: 'eAuctions in practice', date: '1 Dec 2026, 10:00 EAT' },
  webinar_cancelled: { name: 'Jane Wanjiru', title: 'eAuctions in practice', date: '1 Dec 2026, 10:00 EAT' },
  risk_acceptance_requested: {
    ...common,
    requester: 'Wanjiru Kamau',
    reference: 'RSK-12',
    title: 'Single data centre provider',
  },
  risk_questionnaire_sent: { ...common, buyer: 'Umoja Commercial Bank', due: '2026-12-15' },
  outsourcing_review_due: {
    ...common,
    service: 'Core banking hosting',
    supplier: 'Acme Cloud Ltd',
    date: '2026-12-31',
  },
  risk_treatment_overdue: {
    ...common,
    action: 'Contract a secondary hosting site',
    risk: 'Single data centre provider',
    date: '2026-11-20',
  },
  rfq_invited: {
    ...common,
    buyer: 'Umoja Bank',
    reference: 'RFQ-2026-00001',
    title: 'Laptops',
    closing: '1 Dec 2026, 10:00 EAT',
  },
  rfq_updated: {
    ...common,
    buyer: 'Umoja Bank',
    reference: 'RFQ-2026-00001',
    title: 'Laptops',
    closing: '4 Dec 2026, 10:00 EAT',
  },
  rfq_awarded: {
    ...common,
    buyer: 'Umoja Bank',
    reference: 'RFQ-2026-00001',
    title: 'Laptops',
  },
  rfq_closed: {
    ...common,
    reference: 'RFQ-2026-00001',
    title: 'Laptops',
    quotes: 3,
    quorum: 2,
  },
  rfq_regret: {
    ...common,
    buyer: 'Umoja Bank',
    reference: 'RFQ-2026-00001',
    title: 'Laptops',
  },
  auction_invited: {
    ...common,
    buyer: 'Umoja Bank',
    title: 'Toner cartridges',
    starts: '26 Nov 2026, 10:00 EAT',
  },
  auction_awarded: { ...common, buyer: 'Umoja Bank', title: 'Toner cartridges', amount: 'KES 94,000.00' },
  auction_regret: { ...common, buyer: 'Umoja Bank', title: 'Toner cartridges' },
  tender_clarified: {
    ...common,
    buyer: 'Umoja Bank',
    reference: 'TND-2026-00001',
    title: 'Branch refurbishment',
    question: 'May the works run at weekends?',
    answer: 'Yes, from 8 am to 6 pm.',
    closing: '10 Dec 2026, 12:00 EAT',
  },
  tender_addendum: {
    ...common,
    buyer: 'Umoja Bank',
    reference: 'TND-2026-00001',
    title: 'Branch refurbishment',
    note: 'The bill of quantities adds 40 m² of partitions.',
    closing: '17 Dec 2026, 12:00 EAT',
  },
  tender_awarded: {
    ...common,
    buyer: 'Umoja Bank',
    reference: 'TND-2026-00001',
    title: 'Branch refurbishment',
    standstill: '10 Dec 2026, 12:00 EAT',
  },
  tender_regret: {
    ...common,
    buyer: 'Umoja Bank',
    reference: 'TND-2026-00001',
    title: 'Branch refurbishment',
    standstill: '10 Dec 2026, 12:00 EAT',
    reason: 'The technical score did not reach the pass mark.',
  },
};

const TEMPLATES = Object.keys(EXPECTED) as TemplateName[];
const render = <T extends TemplateName>(template: T, language: string) =>
  renderMail(template, language, SAMPLES[template]);

/**
 * The parameters a template's texts in one language ask for: its placeholders, the greeting's and, when it
 * has a button, the link.
 */
function asked(template: TemplateName, language: (typeof MAIL_LANGUAGES)[number]): string[] {
  const catalogue = CATALOGUES[language];
  const texts = catalogue[template];
  const all = [catalogue.greeting, texts.subject, ...texts.lines, texts.action ?? ''].join('\n');
  const names = new Set([...all.matchAll(PLACEHOLDER)].map((m) => m[1]!));
  if (texts.action !== undefined) names.add('link');
  return [...names].sort();
}

describe('mail texts (apps/web/src/locales/<lng>/mail.json)', () => {
  it.each(MAIL_LANGUAGES)('%s has every template and nothing else', (language) => {
    const keys = Object.keys(CATALOGUES[language]).sort();
    expect(keys).toEqual([...TEMPLATES, 'greeting', 'ignore', 'signature'].sort());
  });

  it.each(MAIL_LANGUAGES)('%s uses only `{{name}}` interpolation', (language) => {
    const json = JSON.stringify(CATALOGUES[language]);
    // Whatever looks like a placeholder (braces, i18next nesting or formats) must be a plain `{{name}}`.
    const suspects = json.replace(PLACEHOLDER, '').match(/\{|\}|\$t\(/g) ?? [];
    // The JSON's own braces: one per object, each opened and closed.
    const objects = 1 + TEMPLATES.length;
    expect(suspects.filter((s) => s === '{')).toHaveLength(objects);
    expect(suspects.filter((s) => s === '}')).toHaveLength(objects);
    expect(suspects).not.toContain('$t(');
  });

  for (const template of TEMPLATES) {
    it.each(MAIL_LANGUAGES)(`${template} in %s asks for exactly its declared parameters`, (language) => {
      expect(asked(template, language)).toEqual(Object.keys(SAMPLES[template]).sort());
    });
  }
});

describe('renderMail', () => {
  for (const template of TEMPLATES) {
    describe(template, () => {
      const english = render(template, 'en');

      it.each(MAIL_LANGUAGES)('%s fills every placeholder', (language) => {
        const mail = render(template, language);
        expect(mail.subject).not.toMatch(PLACEHOLDER);
        expect(mail.text).not.toMatch(PLACEHOLDER);
        expect(mail.html).not.toMatch(PLACEHOLDER);
        expect(mail.text).toContain(SAMPLES[template].name);
        expect(mail.html).toContain(`lang="${language}"`);
        // Same number of lines, the same action (or none) and the same footer as English.
        expect(mail.text.split('\n')).toHaveLength(english.text.split('\n').length);
        expect(mail.text.includes(common.link)).toBe(english.text.includes(common.link));
      });

      it.each(['sw', 'fr', 'pt', 'am'])('%s is translated', (language) => {
        const mail = render(template, language);
        expect(mail.subject).not.toBe(english.subject);
        expect(mail.text).not.toBe(english.text);
      });
    });
  }

  it('escapes parameters in the HTML body, not in the text', () => {
    const mail = renderMail('requisition_rejected', 'en', {
      ...SAMPLES.requisition_rejected,
      title: 'Desks & <b>"chairs"</b>',
      link: 'https://zabuni.test/r?a=1&b=2',
    });
    expect(mail.text).toContain('rejected your requisition REQ-2026-00042 "Desks & <b>"chairs"</b>".');
    expect(mail.html).toContain(
      'rejected your requisition REQ-2026-00042 &quot;Desks &amp; &lt;b&gt;&quot;chairs&quot;&lt;/b&gt;&quot;.',
    );
    expect(mail.html).toContain('href="https://zabuni.test/r?a=1&amp;b=2"');
    expect(mail.html).not.toContain('<b>');
  });

  it('asks invited newcomers and invited account holders to ignore the mail if they did not expect it', () => {
    expect(render('member_invited', 'en').text).toContain('If you did not ask for this');
    expect(render('member_invitation', 'en').text).toContain('If you did not ask for this');
  });

  it('asks invited suppliers to ignore the mail if they did not expect it, but not the recipients of other supplier mails', () => {
    const expected: TemplateName[] = [
      'supplier_added',
      'purchase_order_approval_requested',
      'purchase_order_sent',
      'purchase_order_acknowledged',
      'purchase_order_declined',
      'invoice_exception',
      'invoice_approved',
      'invoice_rejected',
      'credit_note_requested',
      'credit_note_matched',
      'credit_note_received',
      'payment_recorded',
    ];
    for (const language of MAIL_LANGUAGES) {
      // The footer line just above the signature of a mail that keeps it.
      const ignore = render('member_invited', language).text.split('\n').at(-2)!;
      expect(render('supplier_invited', language).text).toContain(ignore);
      for (const template of expected) {
        expect(render(template, language).text, `${template} (${language})`).not.toContain(ignore);
      }
    }
  });

  it('fills a purchase order sent to a supplier', () => {
    const mail = render('purchase_order_sent', 'en');
    expect(mail.subject).toBe('New purchase order PO-2026-00007 from Acme Bank');
    expect(mail.text).toContain('Acme Bank has sent you purchase order PO-2026-00007 for KES 120,000.');
    expect(mail.text).toContain('Open the purchase order: https://zabuni.test/link');
  });

  it('shows the reason of an invoice exception on a line of its own', () => {
    const mail = render('invoice_exception', 'sw');
    expect(mail.text.split('\n')).toContain('Quantity invoiced exceeds quantity received.');
  });

  it('fills an approval request', () => {
    const mail = render('approval_requested', 'en');
    expect(mail.subject).toBe('Approval needed: REQ-2026-00042 Office desks');
    expect(mail.text).toContain(
      'Otieno Ouma asks for your approval of requisition REQ-2026-00042 "Office desks" for KES 120,000.',
    );
    expect(mail.text).toContain('Review the requisition: https://zabuni.test/link');
  });

  it('names who invited a member, the organisation and the roles', () => {
    const mail = render('member_invited', 'en');
    expect(mail.subject).toBe('You are invited to Umoja Bank on Zabuni');
    expect(mail.text).toContain(
      'Otieno Ouma invited you to join Umoja Bank on Zabuni, the procurement platform, with these roles: Requester, Approver.',
    );
  });

  it('falls back to English for an unknown language', () => {
    expect(render('requisition_returned', 'de')).toEqual(render('requisition_returned', 'en'));
  });
});
