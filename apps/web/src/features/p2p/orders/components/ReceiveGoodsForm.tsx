import '@mantine/dates/styles.css';
import { Alert, Button, Grid, Group, Paper, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { DateInput, DatesProvider } from '@mantine/dates';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../../lib/toast.ts';
import { useDayjsLocale } from '../../../../lib/use-dayjs-locale.ts';
import { ordersApi, type GoodsReceipt, type PurchaseOrderView } from '../api/purchase-orders.ts';
import { todayInNairobi } from '../model/dates.ts';
import { NS } from '../model/messages.ts';
import { messageText } from '../../../../lib/form-errors.ts';
import { formatQuantity } from '../../../../lib/money.ts';
import { serverFormErrors } from '../model/order-form.ts';
import {
  receiptFormFor,
  receiptResolver,
  receiveRemaining,
  remainingOf,
  toReceiptPayload,
  withReceived,
  type ReceiptFormValues,
  type ReceiptLineValues,
  type ReceiptPayload,
} from '../model/receipt-form.ts';

/**
 * Records a delivery (goods receipt note) against the order: per line what arrived, what was accepted and
 * what was sent back with the reason; what is still to come is shown beside each line.
 */
export function ReceiveGoodsForm({
  order,
  onDone,
  onCancel,
}: {
  order: PurchaseOrderView;
  onDone(receipt: GoodsReceipt): Promise<void> | void;
  onCancel(): void;
}) {
  const { t, i18n } = useTranslation(NS);
  const language = i18n.resolvedLanguage ?? 'en';
  const datesLocale = useDayjsLocale(language);
  const today = todayInNairobi();
  const form = useForm<ReceiptFormValues, unknown, ReceiptPayload>({
    resolver: receiptResolver(order.id, today),
    defaultValues: receiptFormFor(order.lines, today),
  });
  const values = useWatch({ control: form.control }) as ReceiptFormValues;
  const { errors, isSubmitted } = form.formState;
  const [serverLines, setServerLines] = useState<Record<number, string>>({});
  const [general, setGeneral] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const message = (text: string | undefined) => messageText(text);

  const change = (next: ReceiptFormValues) => {
    // Once a check was shown, it follows the typing.
    const options = { shouldDirty: true, shouldValidate: isSubmitted };
    if (next.received_on !== values.received_on) form.setValue('received_on', next.received_on, options);
    if (next.note !== values.note) form.setValue('note', next.note, options);
    if (next.lines !== values.lines) form.setValue('lines', next.lines, options);
  };
  const changeLine = (index: number, update: (line: ReceiptLineValues) => ReceiptLineValues) =>
    change({ ...values, lines: values.lines.map((line, i) => (i === index ? update(line) : line)) });

  const submit = form.handleSubmit(async (payload) => {
    setServerLines({});
    setGeneral([]);
    setBusy(true);
    try {
      const receipt = await ordersApi.receive(payload);
      toast.success(t('receipts.done', { number: receipt.number }));
      await onDone(receipt);
    } catch (failure) {
      const placed = serverFormErrors(failure, ['received_on', 'note'] as const);
      // The API numbers lines as sent: only those something arrived on.
      const sent = values.lines.filter(
        (line) => toReceiptPayload(order.id, { ...values, lines: [line] }).lines.length > 0,
      );
      const byOrderLine: Record<number, string> = {};
      for (const [index, text] of Object.entries(placed.lines)) {
        const line = sent[Number(index)];
        if (line) byOrderLine[line.purchase_order_line_id] = text;
        else placed.general.push(text);
      }
      setServerLines(byOrderLine);
      setGeneral([...Object.values(placed.fields).map(String), ...placed.general]);
      toast.error(t('receipts.failed'));
    } finally {
      setBusy(false);
    }
  });

  const lineErrors = Array.isArray(errors.lines) ? errors.lines : [];
  const lineProblem = (index: number, field: 'received' | 'accepted' | 'rejected' | 'rejection_reason') =>
    message(lineErrors[index]?.[field]?.message);
  // "Enter what arrived on at least one line": on the lines as a whole.
  const linesProblem = (errors.lines as { message?: string } | undefined)?.message;

  return (
    <DatesProvider settings={{ locale: datesLocale, firstDayOfWeek: 1 }}>
      <Stack gap="md" data-testid="receive-form">
        <Text size="sm" c="dimmed">
          {t('receipts.hint')}
        </Text>
        <Grid gap="sm">
          <Grid.Col span={{ base: 12, sm: 4 }}>
            <DateInput
              label={t('receipts.receivedOn')}
              valueFormat="DD MMM YYYY"
              value={values.received_on}
              onChange={(value) => change({ ...values, received_on: value ?? '' })}
              maxDate={today}
              required
              error={message(errors.received_on?.message)}
              popoverProps={{ withinPortal: true }}
              data-testid="receipt-date"
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 8 }}>
            <Textarea
              label={t('receipts.note')}
              placeholder={t('receipts.notePlaceholder')}
              autosize
              minRows={1}
              maxRows={4}
              maxLength={2000}
              value={values.note}
              onChange={(event) => change({ ...values, note: event.currentTarget.value })}
              data-testid="receipt-note"
            />
          </Grid.Col>
        </Grid>
        {(linesProblem || general.length > 0) && (
          <Alert color="red" variant="light" role="alert" data-testid="receipt-error">
            <Stack gap={4}>
              {linesProblem && <Text size="sm">{message(linesProblem)}</Text>}
              {general.map((text) => (
                <Text size="sm" key={text}>
                  {message(text)}
                </Text>
              ))}
            </Stack>
          </Alert>
        )}
        {values.lines.map((line, index) => {
          const remaining = remainingOf(line);
          return (
            <Paper
              key={line.purchase_order_line_id}
              withBorder
              radius="md"
              p="sm"
              component="fieldset"
              aria-label={t('receipts.lineName', { number: line.line_no, description: line.description })}
              style={{ minWidth: 0, margin: 0 }}
              data-testid="receipt-line"
            >
              <Stack gap="xs">
                <Group justify="space-between" gap="xs" wrap="wrap" align="flex-start">
                  <Stack gap={0} miw={0} style={{ flex: '1 1 220px' }}>
                    <Text size="sm" fw={700} component="legend" p={0} style={{ overflowWrap: 'anywhere' }}>
                      {line.line_no}. {line.description}
                    </Text>
                    <Text size="xs" c="dimmed" data-testid="receipt-line-remaining">
                      {t('receipts.remaining', {
                        ordered: formatQuantity(line.ordered, language),
                        accepted: formatQuantity(line.accepted_so_far, language),
                        remaining: formatQuantity(remaining, language),
                        unit: line.unit,
                      })}
                    </Text>
                  </Stack>
                  {remaining !== '0' && (
                    <Button
                      size="compact-sm"
                      variant="subtle"
                      onClick={() => changeLine(index, receiveRemaining)}
                      data-testid="receipt-line-all"
                    >
                      {t('receipts.allArrived')}
                    </Button>
                  )}
                </Group>
                {serverLines[line.purchase_order_line_id] && (
                  <Alert color="red" variant="light" p="xs" role="alert">
                    {message(serverLines[line.purchase_order_line_id])}
                  </Alert>
                )}
                <Grid gap="sm">
                  <Grid.Col span={{ base: 4, sm: 2 }}>
                    <TextInput
                      label={t('receipts.received')}
                      inputMode="decimal"
                      placeholder="0"
                      value={line.received}
                      onChange={(event) => {
                        const text = event.currentTarget.value;
                        changeLine(index, (l) => withReceived(l, 'received', text));
                      }}
                      error={lineProblem(index, 'received')}
                      styles={{ input: { textAlign: 'right' } }}
                      data-testid="receipt-received"
                    />
                  </Grid.Col>
                  <Grid.Col span={{ base: 4, sm: 2 }}>
                    <TextInput
                      label={t('receipts.accepted')}
                      inputMode="decimal"
                      placeholder="0"
                      value={line.accepted}
                      onChange={(event) => {
                        const text = event.currentTarget.value;
                        changeLine(index, (l) => ({ ...l, accepted: text }));
                      }}
                      error={lineProblem(index, 'accepted')}
                      styles={{ input: { textAlign: 'right' } }}
                      data-testid="receipt-accepted"
                    />
                  </Grid.Col>
                  <Grid.Col span={{ base: 4, sm: 2 }}>
                    <TextInput
                      label={t('receipts.rejected')}
                      inputMode="decimal"
                      placeholder="0"
                      value={line.rejected}
                      onChange={(event) => {
                        const text = event.currentTarget.value;
                        changeLine(index, (l) => withReceived(l, 'rejected', text));
                      }}
                      error={lineProblem(index, 'rejected')}
                      styles={{ input: { textAlign: 'right' } }}
                      data-testid="receipt-rejected"
                    />
                  </Grid.Col>
                  <Grid.Col span={{ base: 12, sm: 6 }}>
                    <TextInput
                      label={t('receipts.rejectionReason')}
                      maxLength={500}
                      value={line.rejection_reason}
                      onChange={(event) => {
                        const text = event.currentTarget.value;
                        changeLine(index, (l) => ({ ...l, rejection_reason: text }));
                      }}
                      required={(line.rejected.trim() || '0') !== '0'}
                      error={lineProblem(index, 'rejection_reason')}
                      data-testid="receipt-rejection-reason"
                    />
                  </Grid.Col>
                </Grid>
              </Stack>
            </Paper>
          );
        })}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={busy}>
            {t('actions.cancel')}
          </Button>
          <Button loading={busy} onClick={() => void submit()} data-testid="receipt-submit">
            {t('receipts.submit')}
          </Button>
        </Group>
      </Stack>
    </DatesProvider>
  );
}
