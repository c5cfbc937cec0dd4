import { describe, expect, it } from 'vitest';
import { MAIL_LANGUAGES, renderMail, type TemplateName, type TemplateParams } from './mail.templates.ts';

/** Every template: the type makes this list fail to compile when a template is added without it. */
const TEMPLATES = Object.keys({
  activation: true,
  password_reset: true,
  sign_in_code: true,
  existing_account: true,
  password_changed: true,
  two_factor_enabled: true,
  tender_received: true,
  tender_approved: true,
  tender_rejected: true,
  payment_receipt: true,
  payment_flagged: true,
  subscription_received: true,
  approval_requested: true,
  requisition_approved: true,
  requisition_rejected: true,
  requisition_returned: true,
  member_invited: true,
  member_invitation: true,
  supplier_invited: true,
  supplier_added: true,
  purchase_order_approval_requested: true,
  invoice_approval_requested: true,
  purchase_order_sent: true,
  purchase_order_acknowledged: true,
  purchase_order_declined: true,
  invoice_exception: true,
  invoice_approved: true,
  invoice_rejected: true,
  credit_note_requested: true,
  payment_recorded: true,
} satisfies Record<TemplateName, true>) as TemplateName[];

const ALL_PARAMS: Required<TemplateParams> = {
  name: 'Wanjiru',
  link: 'https://zabuni.test/link',
  code: '123456',
  hours: 48,
  minutes: 10,
  title: 'Office desks',
  reference: 'REQ-2026-00042',
  reason: 'Over budget',
  item: 'Otieno Ouma',
  amount: 'KES 120,000',
  method: 'M-PESA',
  receipt: 'QWE123',
  paidAt: '5 January 2026, 10:00',
  plan: 'annual',
};

const PLACEHOLDER = /\{(\w+)\}/g;

/** The placeholders a template uses, found by rendering it with nothing but the name: unfilled ones stay as they are. */
function placeholders(template: TemplateName, language: string): string[] {
  const mail = renderMail(template, language, { name: 'Wanjiru' });
  return [...new Set([...`${mail.subject}\n${mail.text}`.matchAll(PLACEHOLDER)].map((m) => m[1]!))].sort();
}

describe('renderMail', () => {
  for (const template of TEMPLATES) {
    describe(template, () => {
      const english = renderMail(template, 'en', ALL_PARAMS);

      it.each(MAIL_LANGUAGES)('%s uses the same placeholders as English and fills them all', (language) => {
        expect(placeholders(template, language)).toEqual(placeholders(template, 'en'));
        const mail = renderMail(template, language, ALL_PARAMS);
        expect(mail.subject).not.toMatch(PLACEHOLDER);
        expect(mail.text).not.toMatch(PLACEHOLDER);
        expect(mail.html).not.toMatch(PLACEHOLDER);
        expect(mail.text).toContain('Wanjiru');
        expect(mail.html).toContain(`lang="${language}"`);
        // Same number of lines, the same action (or none) and the same footer as English.
        expect(mail.text.split('\n')).toHaveLength(english.text.split('\n').length);
        expect(mail.text.includes(ALL_PARAMS.link)).toBe(english.text.includes(ALL_PARAMS.link));
      });

      it.each(['sw', 'fr', 'pt', 'am'])('%s is translated', (language) => {
        const mail = renderMail(template, language, ALL_PARAMS);
        expect(mail.subject).not.toBe(english.subject);
        expect(mail.text).not.toBe(english.text);
      });
    });
  }

  it('asks invited newcomers and invited account holders to ignore the mail if they did not expect it', () => {
    expect(renderMail('member_invited', 'en', ALL_PARAMS).text).toContain('If you did not ask for this');
    expect(renderMail('member_invitation', 'en', ALL_PARAMS).text).toContain('If you did not ask for this');
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
      'payment_recorded',
    ];
    for (const language of MAIL_LANGUAGES) {
      // The footer line just above the signature of a mail that keeps it.
      const ignore = renderMail('member_invited', language, ALL_PARAMS).text.split('\n').at(-2)!;
      expect(renderMail('supplier_invited', language, ALL_PARAMS).text).toContain(ignore);
      for (const template of expected) {
        expect(renderMail(template, language, ALL_PARAMS).text, `${template} (${language})`).not.toContain(
          ignore,
        );
      }
    }
  });

  it('fills a purchase order sent to a supplier', () => {
    const mail = renderMail('purchase_order_sent', 'en', {
      ...ALL_PARAMS,
      title: 'Acme Bank',
      reference: 'PO-2026-00007',
    });
    expect(mail.subject).toBe('New purchase order PO-2026-00007 from Acme Bank');
    expect(mail.text).toContain('Acme Bank has sent you purchase order PO-2026-00007 for KES 120,000.');
    expect(mail.text).toContain('Open the purchase order: https://zabuni.test/link');
  });

  it('shows the reason of an invoice exception on a line of its own', () => {
    const mail = renderMail('invoice_exception', 'sw', {
      ...ALL_PARAMS,
      reason: 'Quantity invoiced exceeds quantity received.',
    });
    expect(mail.text.split('\n')).toContain('Quantity invoiced exceeds quantity received.');
  });

  it('fills an approval request', () => {
    const mail = renderMail('approval_requested', 'en', ALL_PARAMS);
    expect(mail.subject).toBe('Approval needed: REQ-2026-00042 Office desks');
    expect(mail.text).toContain(
      'Otieno Ouma asks for your approval of requisition REQ-2026-00042 "Office desks" for KES 120,000.',
    );
    expect(mail.text).toContain('Review the requisition: https://zabuni.test/link');
  });

  it('falls back to English for an unknown language', () => {
    expect(renderMail('requisition_returned', 'de', ALL_PARAMS)).toEqual(
      renderMail('requisition_returned', 'en', ALL_PARAMS),
    );
  });
});
