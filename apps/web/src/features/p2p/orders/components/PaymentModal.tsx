import '@mantine/dates/styles.css';
import { Alert, Button, Group, Modal, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { DateInput, DatesProvider } from '@mantine/dates';
import { PAYMENT_METHODS } from '@zabuni/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../../lib/toast.ts';
import { ApiError } from '../../../../lib/api-client.ts';
import { useDayjsLocale } from '../../../../lib/use-dayjs-locale.ts';
import { invoicesApi, type InvoiceView, type PaymentMethod } from '../api/invoices.ts';
import { todayInNairobi } from '../model/dates.ts';
import { FORM_MESSAGES, NS } from '../model/messages.ts';
import { messageText } from '../../../../lib/form-errors.ts';
import { formatAmount, toMinor } from '../../../../lib/money.ts';

type Field = 'reference' | 'paid_on' | 'amount' | 'method';

/**
 * Records a payment made outside Zabuni against an approved invoice: reference, date, amount (what is
 * still owed, unless paid in parts) and method. Zabuni records it; it moves no money.
 */
export function PaymentModal({
  invoice,
  opened,
  onClose,
  onRecorded,
}: {
  invoice: InvoiceView;
  opened: boolean;
  onClose(): void;
  onRecorded(): Promise<void> | void;
}) {
  const { t } = useTranslation(NS);
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('payments.record.title', { number: invoice.invoice_number })}
      centered
      closeButtonProps={{ 'aria-label': t('actions.close') }}
    >
      {opened && <PaymentForm invoice={invoice} onClose={onClose} onRecorded={onRecorded} />}
    </Modal>
  );
}

function PaymentForm({
  invoice,
  onClose,
  onRecorded,
}: {
  invoice: InvoiceView;
  onClose(): void;
  onRecorded(): Promise<void> | void;
}) {
  const { t, i18n } = useTranslation(NS);
  const language = i18n.resolvedLanguage ?? 'en';
  const datesLocale = useDayjsLocale(language);
  const today = todayInNairobi();
  const [reference, setReference] = useState('');
  const [paidOn, setPaidOn] = useState(today);
  const [amount, setAmount] = useState(invoice.outstanding);
  const [method, setMethod] = useState<PaymentMethod>('bank_transfer');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const message = (text: string | undefined) => messageText(text);
  const outstanding = toMinor(invoice.outstanding, invoice.currency) ?? 0;

  const submit = async () => {
    const found: Partial<Record<Field, string>> = {};
    if (!reference.trim()) found.reference = FORM_MESSAGES.required;
    if (!/^\d{4}-\d{2}-\d{2}$/.test(paidOn)) found.paid_on = FORM_MESSAGES.date;
    else if (paidOn > today) found.paid_on = FORM_MESSAGES.futureDate;
    const minor = toMinor(amount, invoice.currency);
    if (minor === null || minor <= 0 || minor > outstanding) found.amount = FORM_MESSAGES.amount;
    setErrors(found);
    setProblem(null);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      await invoicesApi.pay({
        invoice_id: invoice.id,
        reference: reference.trim(),
        paid_on: paidOn,
        amount: amount.trim().replace(/,/g, ''),
        method,
      });
      toast.success(t('payments.record.done', { number: invoice.invoice_number }));
      await onRecorded();
      onClose();
    } catch (failure) {
      const placed: Partial<Record<Field, string>> = {};
      for (const field of ['reference', 'paid_on', 'amount', 'method'] as const) {
        // In the interface language when the error's code concerns this field.
        const value = failure instanceof ApiError ? failure.messageFor(field) : undefined;
        if (value) placed[field] = value;
      }
      if (Object.keys(placed).length > 0) setErrors(placed);
      else setProblem(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <DatesProvider settings={{ locale: datesLocale, firstDayOfWeek: 1 }}>
      <Stack gap="sm" data-testid="payment-form">
        <Text size="sm" c="dimmed">
          {t('payments.record.hint', {
            outstanding: formatAmount(invoice.outstanding, invoice.currency, language),
          })}
        </Text>
        <TextInput
          label={t('payments.fields.reference')}
          required
          maxLength={80}
          value={reference}
          onChange={(event) => setReference(event.currentTarget.value)}
          error={message(errors.reference)}
          data-autofocus
          data-testid="payment-reference"
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <DateInput
            label={t('payments.fields.paidOn')}
            valueFormat="DD MMM YYYY"
            value={paidOn}
            onChange={(value) => setPaidOn(value ?? '')}
            maxDate={today}
            required
            error={message(errors.paid_on)}
            popoverProps={{ withinPortal: true }}
            data-testid="payment-date"
          />
          <TextInput
            label={t('payments.fields.amount', { currency: invoice.currency })}
            required
            inputMode="decimal"
            value={amount}
            onChange={(event) => setAmount(event.currentTarget.value)}
            error={message(errors.amount)}
            styles={{ input: { textAlign: 'right' } }}
            data-testid="payment-amount"
          />
        </SimpleGrid>
        <Select
          label={t('payments.fields.method')}
          data={PAYMENT_METHODS.map((m) => ({ value: m, label: t(`payments.methods.${m}`) }))}
          value={method}
          onChange={(value) => setMethod((value as PaymentMethod | null) ?? 'bank_transfer')}
          allowDeselect={false}
          error={message(errors.method)}
          comboboxProps={{ withinPortal: true }}
          data-testid="payment-method"
        />
        {problem && (
          <Alert color="red" variant="light" role="alert">
            {message(problem)}
          </Alert>
        )}
        <Group justify="flex-end" mt="xs">
          <Button variant="default" onClick={onClose} disabled={busy}>
            {t('actions.cancel')}
          </Button>
          <Button loading={busy} onClick={() => void submit()} data-testid="payment-submit">
            {t('payments.record.submit')}
          </Button>
        </Group>
      </Stack>
    </DatesProvider>
  );
}
