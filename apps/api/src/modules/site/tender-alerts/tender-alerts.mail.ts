/**
 * The tender-alert mails (weekly digest, empty week, renewal reminders), rendered here because a digest lists
 * rows no generic template holds. Texts: the `mail` part of apps/web/src/locales/<lng>/tender-alerts.json
 * (i18next `{{placeholders}}`), in the subscriber's language; dates in East Africa Time with its label.
 */
import { digestOrder, formatEat } from '@zabuni/domain';
import am from '../../../../../web/src/locales/am/tender-alerts.json' with { type: 'json' };
import en from '../../../../../web/src/locales/en/tender-alerts.json' with { type: 'json' };
import fr from '../../../../../web/src/locales/fr/tender-alerts.json' with { type: 'json' };
import pt from '../../../../../web/src/locales/pt/tender-alerts.json' with { type: 'json' };
import sw from '../../../../../web/src/locales/sw/tender-alerts.json' with { type: 'json' };

export type AlertMailTexts = (typeof en)['mail'];
export const ALERT_MAIL_TEXTS: Record<string, AlertMailTexts> = {
  en: en.mail,
  fr: fr.mail,
  sw: sw.mail,
  pt: pt.mail,
  am: am.mail,
};
/** A digest shows this many notices; the rest are one link away. */
export const DIGEST_ITEM_LIMIT = 50;

export interface DigestMailItem {
  kind: 'tender' | 'job';
  id: number;
  title: string;
  buyer: string;
  category: string | null;
  closingAt: Date;
  link: string;
}

export interface AlertMailInput {
  kind: 'digest' | 'renewal_7' | 'renewal_1';
  language: string;
  name: string;
  periodStart: Date;
  endsAt: Date | null;
  items: readonly DigestMailItem[];
  links: { manage: string; unsubscribe: string; oneClick: string; all: string };
}

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!,
  );

const fill = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{\{(\w+)\}\}/g, (whole, key: string) =>
    Object.hasOwn(values, key) ? String(values[key]) : whole,
  );

/** "26 November 2026" on Nairobi's clock. */
const eatDate = (value: Date, language: string) =>
  formatEat(value, language)
    .replace(/,? [^ ]+ EAT$/, '')
    .replace(/ (at|à|saa|às|ላይ)$/, '');

export function renderAlertMail(input: AlertMailInput) {
  const language = Object.hasOwn(ALERT_MAIL_TEXTS, input.language) ? input.language : 'en';
  const t = ALERT_MAIL_TEXTS[language]!;
  const week = eatDate(input.periodStart, language);
  const end = input.endsAt ? formatEat(input.endsAt, language) : '';
  const items = digestOrder(input.items);
  const shown = items.slice(0, DIGEST_ITEM_LIMIT);
  let subject: string;
  let lines: string[];
  let action: { label: string; href: string } | null = null;
  if (input.kind === 'digest') {
    subject =
      items.length === 0
        ? fill(t.empty_subject, { week })
        : fill(t.digest_subject, { week, count: items.length });
    lines =
      items.length === 0 ? [t.empty_line, t.empty_hint] : [fill(t.digest_intro, { count: items.length })];
  } else {
    subject = input.kind === 'renewal_7' ? t.renewal_7_subject : t.renewal_1_subject;
    lines = [fill(t.renewal_line, { end })];
    action = { label: t.renew, href: `${input.links.manage}?renew=1` };
  }
  const greeting = fill(t.greeting, { name: input.name });
  const footer = [fill(t.footer, { end }), t.signature];
  const itemText = (item: DigestMailItem) =>
    [
      `• ${item.title}`,
      `  ${t.buyer}: ${item.buyer}${item.category ? ` · ${t.category}: ${item.category}` : ''}`,
      `  ${t.closing}: ${formatEat(item.closingAt, language)} · ${item.kind === 'job' ? t.kind_job : t.kind_tender}`,
      `  ${item.link}`,
    ].join('\n');
  const more = items.length > shown.length ? fill(t.more, { count: items.length - shown.length }) : null;

  const text = [
    greeting,
    '',
    ...lines,
    ...(shown.length ? ['', ...shown.map(itemText)] : []),
    ...(more ? ['', `${more}: ${input.links.all}`] : []),
    ...(action ? ['', `${action.label}: ${action.href}`] : []),
    '',
    `${t.manage}: ${input.links.manage}`,
    `${t.unsubscribe}: ${input.links.unsubscribe}`,
    '',
    ...footer,
  ].join('\n');

  const itemHtml = (item: DigestMailItem) => `<tr><td style="padding:12px 0;border-top:1px solid #e4e7eb">
<a href="${escapeHtml(item.link)}" style="color:#0b6e4f;font-weight:600;font-size:15px;text-decoration:none">${escapeHtml(item.title)}</a>
<div style="font-size:13px;color:#3e4c59;margin-top:4px">${escapeHtml(t.buyer)}: ${escapeHtml(item.buyer)}${item.category ? ` · ${escapeHtml(t.category)}: ${escapeHtml(item.category)}` : ''}</div>
<div style="font-size:13px;color:#3e4c59;margin-top:2px">${escapeHtml(t.closing)}: <b>${escapeHtml(formatEat(item.closingAt, language))}</b> · ${escapeHtml(item.kind === 'job' ? t.kind_job : t.kind_tender)}</div>
</td></tr>`;
  const html = `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;background:#f4f6f5;font-family:system-ui,-apple-system,'Segoe UI',Roboto,'Noto Sans Ethiopic',Arial,sans-serif;color:#1f2933">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;background:#ffffff;border-radius:10px;overflow:hidden">
<tr><td style="background:#0b6e4f;color:#ffffff;padding:18px 24px;font-size:20px;font-weight:700">Zabuni</td></tr>
<tr><td style="padding:24px;font-size:15px;line-height:1.55">
<p style="margin:0 0 14px">${escapeHtml(greeting)}</p>
${lines.map((line) => `<p style="margin:0 0 14px">${escapeHtml(line)}</p>`).join('\n')}
${shown.length ? `<table role="presentation" width="100%" cellpadding="0" cellspacing="0">${shown.map(itemHtml).join('\n')}</table>` : ''}
${more ? `<p style="margin:14px 0"><a href="${escapeHtml(input.links.all)}" style="color:#0b6e4f">${escapeHtml(more)}</a></p>` : ''}
${action ? `<p style="margin:22px 0"><a href="${escapeHtml(action.href)}" style="background:#0b6e4f;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:6px;display:inline-block;font-weight:600">${escapeHtml(action.label)}</a></p>` : ''}
<p style="margin:22px 0 0;font-size:13px;color:#52606d">${footer.map(escapeHtml).join('<br>')}</p>
<p style="margin:12px 0 0;font-size:13px"><a href="${escapeHtml(input.links.manage)}" style="color:#0b6e4f">${escapeHtml(t.manage)}</a> · <a href="${escapeHtml(input.links.unsubscribe)}" style="color:#52606d">${escapeHtml(t.unsubscribe)}</a></p>
</td></tr></table></td></tr></table></body></html>`;

  return {
    subject,
    text,
    html,
    // RFC 8058 one-click: a mail client POSTs "List-Unsubscribe=One-Click" to the https URL, no sign-in.
    headers: {
      'List-Unsubscribe': `<${input.links.oneClick}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}

const SAVED_TEXTS: Record<string, (typeof en)['saved']> = {
  en: en.saved,
  fr: fr.saved,
  sw: sw.saved,
  pt: pt.saved,
  am: am.saved,
};

/** A saved search's alert: its new tenders, with a one-click unsubscribe for this search. */
export function renderSavedSearchMail(input: {
  language: string;
  name: string;
  searchName: string;
  frequency: 'instant' | 'daily';
  items: readonly DigestMailItem[];
  unsubscribe: string;
  oneClick: string;
}) {
  const language = Object.hasOwn(ALERT_MAIL_TEXTS, input.language) ? input.language : 'en';
  const t = ALERT_MAIL_TEXTS[language]!;
  const s = SAVED_TEXTS[language]!;
  const items = digestOrder(input.items).slice(0, DIGEST_ITEM_LIMIT);
  const values = { name: input.searchName, count: input.items.length, frequency: s[input.frequency] };
  const subject = fill(s.subject, values);
  const greeting = fill(t.greeting, { name: input.name });
  const intro = fill(s.intro, values);
  const footer = [fill(s.footer, values), t.signature];
  const text = [
    greeting,
    '',
    intro,
    '',
    ...items.map((item) =>
      [
        `• ${item.title}`,
        `  ${t.buyer}: ${item.buyer}${item.category ? ` · ${t.category}: ${item.category}` : ''}`,
        `  ${t.closing}: ${formatEat(item.closingAt, language)}`,
        `  ${item.link}`,
      ].join('\n'),
    ),
    '',
    `${s.unsubscribe}: ${input.unsubscribe}`,
    '',
    ...footer,
  ].join('\n');
  const html = `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;background:#f4f6f5;font-family:system-ui,-apple-system,'Segoe UI',Roboto,'Noto Sans Ethiopic',Arial,sans-serif;color:#1f2933">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;background:#ffffff;border-radius:10px;overflow:hidden">
<tr><td style="background:#0b6e4f;color:#ffffff;padding:18px 24px;font-size:20px;font-weight:700">Zabuni</td></tr>
<tr><td style="padding:24px;font-size:15px;line-height:1.55">
<p style="margin:0 0 14px">${escapeHtml(greeting)}</p>
<p style="margin:0 0 14px">${escapeHtml(intro)}</p>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0">${items
    .map(
      (item) => `<tr><td style="padding:12px 0;border-top:1px solid #e4e7eb">
<a href="${escapeHtml(item.link)}" style="color:#0b6e4f;font-weight:600;font-size:15px;text-decoration:none">${escapeHtml(item.title)}</a>
<div style="font-size:13px;color:#3e4c59;margin-top:4px">${escapeHtml(t.buyer)}: ${escapeHtml(item.buyer)}${item.category ? ` · ${escapeHtml(t.category)}: ${escapeHtml(item.category)}` : ''}</div>
<div style="font-size:13px;color:#3e4c59;margin-top:2px">${escapeHtml(t.closing)}: <b>${escapeHtml(formatEat(item.closingAt, language))}</b></div>
</td></tr>`,
    )
    .join('\n')}</table>
<p style="margin:22px 0 0;font-size:13px;color:#52606d">${footer.map(escapeHtml).join('<br>')}</p>
<p style="margin:12px 0 0;font-size:13px"><a href="${escapeHtml(input.unsubscribe)}" style="color:#52606d">${escapeHtml(s.unsubscribe)}</a></p>
</td></tr></table></td></tr></table></body></html>`;
  return {
    subject,
    text,
    html,
    headers: {
      'List-Unsubscribe': `<${input.oneClick}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
