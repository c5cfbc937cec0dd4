/**
 * The mails Zabuni sends, in the recipient's language, as HTML and plain text. The texts live with the web's
 * translations, in the `mail` namespace (apps/web/src/locales/<lng>/mail.json, i18next's JSON with
 * `{{placeholders}}`); the build bundles them into the API. Each template declares its parameters below:
 * a mail sent with a missing or unknown parameter does not compile, and mail.templates.test.ts checks that
 * every language's placeholders are exactly the declared ones.
 */
import am from '../../../../../web/src/locales/am/mail.json' with { type: 'json' };
import en from '../../../../../web/src/locales/en/mail.json' with { type: 'json' };
import fr from '../../../../../web/src/locales/fr/mail.json' with { type: 'json' };
import pt from '../../../../../web/src/locales/pt/mail.json' with { type: 'json' };
import sw from '../../../../../web/src/locales/sw/mail.json' with { type: 'json' };

export const MAIL_LANGUAGES = ['en', 'sw', 'fr', 'pt', 'am'] as const;
export type MailLanguage = (typeof MAIL_LANGUAGES)[number];

/** Every mail greets its recipient by `name`; `link` is the mail's button (only templates with an action have one). */
interface Greeted {
  name: string;
}
interface WithAction extends Greeted {
  link: string;
}

/** An approval request, as the approvals engine fills it: `title` is a requisition's title, an order's or invoice's supplier. */
interface ApprovalRequest extends WithAction {
  reference: string;
  title: string;
  amount: string;
}

/** Each template's parameters (placeholder → value). */
export interface MailTemplates {
  activation: WithAction & { hours: number };
  password_reset: WithAction & { hours: number };
  sign_in_code: Greeted & { code: string; minutes: number };
  existing_account: WithAction;
  password_changed: Greeted;
  two_factor_enabled: Greeted;
  /** `closing` is the closing time in East Africa Time with its label (domain `formatEat`). */
  tender_received: WithAction & { title: string; reference: string; closing: string };
  /** `closing` is the closing time in East Africa Time with its label (domain `formatEat`). */
  tender_approved: WithAction & { title: string; reference: string; closing: string };
  tender_rejected: WithAction & { title: string; reference: string; reason: string };
  /** `item`: what was paid for (the order's description). */
  payment_receipt: WithAction & {
    reference: string;
    item: string;
    receipt: string;
    method: string;
    paidAt: string;
    amount: string;
  };
  payment_flagged: Greeted & {
    reference: string;
    item: string;
    reason: string;
    method: string;
    receipt: string;
    amount: string;
  };
  subscription_received: WithAction & { reference: string; plan: string; amount: string };
  approval_requested: ApprovalRequest & { requester: string };
  requisition_approved: WithAction & { reference: string; title: string; amount: string };
  /** `reason`: the approver's comment. */
  requisition_rejected: WithAction & { reference: string; title: string; approver: string; reason: string };
  requisition_returned: WithAction & { reference: string; title: string; approver: string; reason: string };
  /** `roles`: the roles granted, as a list in words. */
  member_invited: WithAction & { inviter: string; organisation: string; roles: string; hours: number };
  member_invitation: WithAction & { inviter: string; organisation: string; roles: string; hours: number };
  supplier_invited: WithAction & { inviter: string; buyer: string; supplier: string; hours: number };
  supplier_added: WithAction & { inviter: string; buyer: string; supplier: string };
  purchase_order_approval_requested: ApprovalRequest & { requester: string };
  invoice_approval_requested: ApprovalRequest;
  purchase_order_sent: WithAction & { buyer: string; reference: string; amount: string };
  purchase_order_acknowledged: WithAction & { supplier: string; reference: string };
  purchase_order_declined: WithAction & { supplier: string; reference: string; reason: string };
  /** `reason`: the blocking variances, explained. */
  invoice_exception: WithAction & { supplier: string; reference: string; amount: string; reason: string };
  invoice_approved: WithAction & { buyer: string; reference: string; amount: string };
  invoice_rejected: WithAction & { buyer: string; reference: string; reason: string };
  credit_note_requested: WithAction & { buyer: string; reference: string; reason: string };
  /** To finance: a supplier's credit note brought the invoice inside tolerance (it goes to approval). */
  credit_note_matched: WithAction & { supplier: string; reference: string; invoice: string; amount: string };
  /** To finance: a supplier's credit note was recorded (the invoice still needs a decision, or is lowered). */
  credit_note_received: WithAction & { supplier: string; reference: string; invoice: string; amount: string };
  /** To support: an inquiry from the contact form; `link` opens it in the operator's area. */
  inquiry_received: WithAction & {
    contact: string;
    company: string;
    email: string;
    phone: string;
    message: string;
  };
  /** To the sender of an inquiry. */
  inquiry_acknowledged: Greeted & { message: string };
  /** The operator's answer to an inquiry. */
  inquiry_answered: Greeted & { answer: string; message: string };
  /** Webinar registration (with the calendar invite); `link` is where the webinar is held, `date` in EAT. */
  webinar_registered: WithAction & { title: string; organizer: string; date: string };
  webinar_reminder: WithAction & { title: string; date: string };
  webinar_cancelled: Greeted & { title: string; date: string };
  /** Risk acceptance above appetite, asked of the workflow's deciders (`title`: the risk). */
  risk_acceptance_requested: Omit<ApprovalRequest, 'amount'> & { requester: string };
  /** To a supplier's users: a buyer asks for financial statements or due diligence in the portal. */
  risk_questionnaire_sent: WithAction & { buyer: string; due: string };
  /** To the arrangement's owner (or the risk officers): its periodic review falls due on `date`. */
  outsourcing_review_due: WithAction & { service: string; supplier: string; date: string };
  /** To a treatment's owner (or the risk's, or the risk officers): the treatment was due on `date`, not done. */
  risk_treatment_overdue: WithAction & { action: string; risk: string; date: string };
  /** Supplier self-registration approved (automatically or by an operator); `link` is the sign-in page. */
  supplier_registration_approved: WithAction & { company: string };
  /** Supplier self-registration confirmed by mail but left to an operator's review. */
  supplier_registration_review: Greeted & { company: string };
  supplier_registration_rejected: Greeted & { company: string; reason: string };
  /** A paid supplier directory: `link` downloads the XLSX, `csv` the CSV, until `expires` (EAT). */
  directory_delivered: WithAction & {
    reference: string;
    directory: string;
    count: number;
    amount: string;
    expires: string;
    csv: string;
  };
  /**
   * A paid prequalified-supplier list: `link` downloads the XLSX, `csv` the CSV, until `expires` (EAT); `page`
   * shows the list on the site.
   */
  /** `closing` in East Africa Time with its label. */
  prequalification_invited: WithAction & { buyer: string; title: string; closing: string };
  prequalification_approved: WithAction & {
    buyer: string;
    title: string;
    category: string;
    valid_until: string;
  };
  prequalification_rejected: WithAction & { buyer: string; title: string; category: string; reason: string };
  /** To the supplier's users and the buyer who ran the exercise. */
  prequalification_document_expiring: WithAction & {
    title: string;
    document: string;
    supplier: string;
    expires: string;
  };
  prequalified_list_ready: WithAction & {
    reference: string;
    suppliers: number;
    expires: string;
    csv: string;
    page: string;
  };
  payment_recorded: WithAction & {
    buyer: string;
    reference: string;
    amount: string;
    paymentReference: string;
  };
  // Contracts (issue 22).
  contract_approval_requested: ApprovalRequest & { requester: string };
  contract_rejected: WithAction & { reference: string; title: string; approver: string; reason: string };
  contract_ready_to_sign: WithAction & { buyer: string; reference: string; title: string };
  contract_signature_code: Greeted & { code: string; minutes: number; reference: string; title: string };
  contract_signed: WithAction & { reference: string; title: string };
  contract_expiry_alert: WithAction & {
    reference: string;
    title: string;
    supplier: string;
    date: string;
    days: number;
  };
  contract_notice_alert: WithAction & {
    reference: string;
    title: string;
    supplier: string;
    date: string;
    days: number;
  };
  contract_obligation_reminder: WithAction & { reference: string; obligation: string; date: string };
  /** Issue 20: an invited supplier hears of an RFQ, of its addenda and answers, and of the outcome. `closing` in EAT. */
  rfq_invited: WithAction & { buyer: string; reference: string; title: string; closing: string };
  rfq_updated: WithAction & { buyer: string; reference: string; title: string; closing: string };
  rfq_awarded: WithAction & { buyer: string; reference: string; title: string };
  rfq_regret: WithAction & { buyer: string; reference: string; title: string };
  /** To the opening committee when the closing job finds an RFQ closed: `quotes` sealed, `quorum` needed. */
  rfq_closed: WithAction & { reference: string; title: string; quotes: number; quorum: number };
  /** Issue 21: an invited bidder hears of a published eAuction (`starts` in EAT) and of its outcome. */
  auction_invited: WithAction & { buyer: string; title: string; starts: string };
  auction_awarded: WithAction & { buyer: string; title: string; amount: string };
  auction_regret: WithAction & { buyer: string; title: string };
  /** Issue 21: a tender's answered clarification and its addenda, to its bidders and interested suppliers (never the asker's name). */
  tender_clarified: WithAction & {
    buyer: string;
    reference: string;
    title: string;
    question: string;
    answer: string;
    closing: string;
  };
  tender_addendum: WithAction & {
    buyer: string;
    reference: string;
    title: string;
    note: string;
    closing: string;
  };
  tender_awarded: WithAction & { buyer: string; reference: string; title: string; standstill: string };
  tender_regret: WithAction & {
    buyer: string;
    reference: string;
    title: string;
    standstill: string;
    reason: string;
  };
}
export type TemplateName = keyof MailTemplates;
/** The mails by which the approvals engine asks a step's deciders; it fills them all the same way. */
export type ApprovalRequestTemplate =
  | 'approval_requested'
  | 'risk_acceptance_requested'
  | 'purchase_order_approval_requested'
  | 'invoice_approval_requested'
  | 'contract_approval_requested';
export type TemplateParams<T extends TemplateName> = MailTemplates[T];

/**
 * Mails about something the recipient did on purpose (or expects as part of their work) end with the
 * signature only; the others add "if you did not ask for this, you can ignore this email".
 */
export const EXPECTED: Record<TemplateName, boolean> = {
  contract_approval_requested: true,
  contract_rejected: true,
  contract_ready_to_sign: true,
  contract_signature_code: false,
  contract_signed: true,
  contract_expiry_alert: true,
  contract_notice_alert: true,
  contract_obligation_reminder: true,
  activation: false,
  password_reset: false,
  sign_in_code: false,
  existing_account: false,
  password_changed: false,
  two_factor_enabled: false,
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
  member_invited: false,
  member_invitation: false,
  supplier_invited: false,
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
  credit_note_matched: true,
  credit_note_received: true,
  payment_recorded: true,
  supplier_registration_approved: true,
  supplier_registration_review: true,
  supplier_registration_rejected: true,
  directory_delivered: true,
  prequalified_list_ready: true,
  prequalification_invited: true,
  prequalification_approved: true,
  prequalification_rejected: true,
  prequalification_document_expiring: true,
  inquiry_received: true,
  inquiry_acknowledged: true,
  inquiry_answered: true,
  webinar_registered: true,
  webinar_reminder: true,
  webinar_cancelled: true,
  risk_acceptance_requested: true,
  risk_questionnaire_sent: true,
  outsourcing_review_due: true,
  risk_treatment_overdue: true,
  rfq_invited: true,
  rfq_updated: true,
  rfq_awarded: true,
  rfq_regret: true,
  rfq_closed: true,
  auction_invited: true,
  auction_awarded: true,
  auction_regret: true,
  tender_clarified: true,
  tender_addendum: true,
  tender_awarded: true,
  tender_regret: true,
};

interface Texts {
  subject: string;
  lines: string[];
  action?: string;
}
export type MailCatalogue = Record<TemplateName, Texts> & {
  greeting: string;
  signature: string;
  ignore: string;
};

/** A language whose file lacks a template does not compile here. */
export const CATALOGUES: Record<MailLanguage, MailCatalogue> = { en, sw, fr, pt, am };

/** i18next's interpolation, the only syntax the mail texts use: `{{name}}`. */
export const PLACEHOLDER = /\{\{(\w+)\}\}/g;

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!,
  );

type Values = Readonly<Record<string, string | number | undefined>>;

/** Fills the placeholders; one without a value stays visible (the unit test makes sure none is left). */
function fill(text: string, params: Values): string {
  return text.replace(PLACEHOLDER, (whole, key: string) => {
    const value = Object.hasOwn(params, key) ? params[key] : undefined;
    return value === undefined ? whole : String(value);
  });
}

export function normaliseMailLanguage(language: string | null | undefined): MailLanguage {
  return (MAIL_LANGUAGES as readonly string[]).includes(language ?? '') ? (language as MailLanguage) : 'en';
}

export function renderMail<T extends TemplateName>(
  template: T,
  language: string,
  params: MailTemplates[T],
): RenderedMail {
  const values: Values = params as unknown as Values;
  const catalogue = CATALOGUES[normaliseMailLanguage(language)];
  const texts = catalogue[template];
  const subject = fill(texts.subject, values);
  const greeting = fill(catalogue.greeting, values);
  const lines = texts.lines.map((line) => fill(line, values));
  const link = values.link;
  const action = texts.action && link ? { label: texts.action, href: String(link) } : null;
  const footer = EXPECTED[template] ? [catalogue.signature] : [catalogue.ignore, catalogue.signature];

  const text = [
    greeting,
    '',
    ...lines,
    ...(action ? ['', `${action.label}: ${action.href}`] : []),
    '',
    ...footer,
  ].join('\n');
  const html = `<!doctype html><html lang="${normaliseMailLanguage(language)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;background:#f4f6f5;font-family:system-ui,-apple-system,'Segoe UI',Roboto,'Noto Sans Ethiopic',Arial,sans-serif;color:#1f2933">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:10px;overflow:hidden">
<tr><td style="background:#0b6e4f;color:#ffffff;padding:18px 24px;font-size:20px;font-weight:700">Zabuni</td></tr>
<tr><td style="padding:24px;font-size:15px;line-height:1.55">
<p style="margin:0 0 14px">${escapeHtml(greeting)}</p>
${lines.map((line) => `<p style="margin:0 0 14px">${escapeHtml(line)}</p>`).join('\n')}
${action ? `<p style="margin:22px 0"><a href="${escapeHtml(action.href)}" style="background:#0b6e4f;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:6px;display:inline-block;font-weight:600">${escapeHtml(action.label)}</a></p><p style="margin:0 0 14px;font-size:12px;color:#52606d;word-break:break-all">${escapeHtml(action.href)}</p>` : ''}
<p style="margin:18px 0 0;font-size:13px;color:#52606d">${footer.map(escapeHtml).join('<br>')}</p>
</td></tr></table></td></tr></table></body></html>`;
  return { subject, text, html };
}
