import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useInvoice, type PortalInvoice, type PortalInvoiceSummary } from '../api.ts';
import { formatDay } from '../format.ts';
import { formatAmount } from '../../../lib/money.ts';
import { EXPLAINED_STATUSES, invoiceOutcome, type Outcome } from '../portal-model.ts';

export const TONE_COLOR: Record<Outcome['tone'], string> = {
  neutral: 'dimmed',
  good: 'teal.8',
  waiting: 'blue.8',
  attention: 'orange.9',
  bad: 'red.8',
};

/** An outcome's sentence in the viewer's language (dates and amounts formatted for them). */
export function useOutcomeText() {
  const { t, i18n } = useTranslation('portal');
  const language = i18n.resolvedLanguage ?? 'en';
  return (invoice: PortalInvoiceSummary, detail?: PortalInvoice | null) => {
    const outcome = invoiceOutcome(invoice, detail, (amount) =>
      formatAmount(amount, invoice.currency, language),
    );
    const values = { ...outcome.values };
    if (typeof values.date === 'string') values.date = formatDay(values.date, language);
    return { outcome, text: t(outcome.key, values) };
  };
}

/**
 * An invoice's outcome in plain words, in a list: for the few statuses the summary cannot explain
 * (exception, credit note, rejected) the invoice itself is read, to name the problem or the buyer's reason.
 */
export function OutcomeText({ invoice, lineClamp }: { invoice: PortalInvoiceSummary; lineClamp?: number }) {
  const explain = EXPLAINED_STATUSES.has(invoice.status);
  const detail = useInvoice(invoice.id, explain);
  const describe = useOutcomeText();
  const { outcome, text } = describe(invoice, explain ? detail.data : null);
  return (
    <Text
      size="sm"
      c={TONE_COLOR[outcome.tone]}
      lineClamp={lineClamp}
      style={{ overflowWrap: 'anywhere' }}
      data-testid="invoice-outcome"
      data-outcome={outcome.key}
      title={lineClamp ? text : undefined}
    >
      {text}
    </Text>
  );
}
