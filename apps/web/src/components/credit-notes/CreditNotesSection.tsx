import {
  Alert,
  Badge,
  Button,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import {
  CREDIT_NOTE_MESSAGES,
  creditNoteForm,
  type CreditNoteFormInput,
  type CreditNoteView,
  type InvoiceCreditNotesView,
  type MessageKey,
} from '@zabuni/contracts';
import { creditLine, nairobiDate, quantityToThousandths } from '@zabuni/domain';
import { useMemo, useState } from 'react';
import { useFieldArray, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ApiError } from '../../lib/api-client.ts';
import { formatDate } from '../../lib/format.ts';
import { applyServerErrors, contractResolver, failureText, fieldError } from '../../lib/form-errors.ts';
import {
  formatAmount,
  formatMinorAmount,
  formatQuantity,
  rateToBasisPoints,
  toMinor,
} from '../../lib/money.ts';

/** The invoice as the credit note form needs it (the portal's and finance's invoice views both fit). */
export interface CreditableInvoice {
  id: number;
  invoice_number: string;
  status: string;
  currency: string;
  lines: ReadonlyArray<{
    line_no: number;
    description: string;
    quantity: string;
    unit_price: string;
    tax_rate: string;
    net: string;
  }>;
}

export type IssuedCreditNote = CreditNoteView & { invoice_after: InvoiceCreditNotesView['invoice'] };

interface LineValues {
  invoice_line_no: number;
  quantity: string;
  unit_price_reduction: string;
  amount: string;
}
interface FormValues {
  number: string;
  credit_note_date: string;
  reason: string;
  lines: LineValues[];
}

const blank = (text: string) => text.trim() === '';
const chosen = (line: LineValues) =>
  !blank(line.quantity) || !blank(line.unit_price_reduction) || !blank(line.amount);

/**
 * The form's schema: the API's `creditNoteForm` on the lines with something to credit, each line's checks
 * placed on the row the user typed in (the API's lines are only the chosen ones), amounts in the invoice's
 * currency's decimals.
 */
function formSchema(currency: string) {
  const line = creditNoteForm.shape.lines.element;
  return z
    .object({
      number: creditNoteForm.shape.number,
      credit_note_date: creditNoteForm.shape.credit_note_date,
      reason: creditNoteForm.shape.reason,
      lines: z.array(z.custom<LineValues>(() => true)),
    })
    .superRefine((values, ctx) => {
      const issue = (index: number, field: keyof LineValues, message: MessageKey) =>
        ctx.addIssue({ code: 'custom', path: ['lines', index, field], message });
      if (!values.lines.some(chosen))
        ctx.addIssue({
          code: 'custom',
          path: ['lines', 0, 'quantity'],
          message: CREDIT_NOTE_MESSAGES.lineEmpty,
        });
      values.lines.forEach((row, index) => {
        if (!chosen(row)) return;
        const parsed = line.safeParse(row);
        if (!parsed.success) {
          for (const problem of parsed.error.issues)
            issue(index, (problem.path[0] as keyof LineValues) ?? 'quantity', problem.message as MessageKey);
          return;
        }
        for (const field of ['unit_price_reduction', 'amount'] as const) {
          if (!blank(row[field]) && toMinor(row[field], currency) === null)
            issue(index, field, CREDIT_NOTE_MESSAGES.value);
        }
        if (!blank(row.amount) && (!blank(row.quantity) || !blank(row.unit_price_reduction)))
          issue(index, 'amount', CREDIT_NOTE_MESSAGES.lineMixed);
      });
    })
    .transform((values): CreditNoteFormInput => ({
      number: values.number,
      credit_note_date: values.credit_note_date,
      reason: values.reason,
      lines: values.lines.filter(chosen).map((row) => ({
        invoice_line_no: row.invoice_line_no,
        quantity: blank(row.quantity) ? null : row.quantity.trim(),
        unit_price_reduction: blank(row.unit_price_reduction) ? null : row.unit_price_reduction.trim(),
        amount: blank(row.amount) ? null : row.amount.trim(),
      })),
    }));
}

/** What each invoice line already had credited, from the invoice's credit notes. */
function creditedPerLine(notes: readonly CreditNoteView[], currency: string) {
  const credited = new Map<number, { quantity: number; net: number }>();
  for (const note of notes) {
    for (const line of note.lines) {
      const sum = credited.get(line.invoice_line_no) ?? { quantity: 0, net: 0 };
      sum.quantity += quantityToThousandths(line.quantity) ?? 0;
      sum.net += toMinor(line.net, currency) ?? 0;
      credited.set(line.invoice_line_no, sum);
    }
  }
  return credited;
}

function CreditNoteForm({
  ns,
  invoice,
  notes,
  openMinor,
  submitLabel,
  issue,
  onIssued,
  onCancel,
}: {
  ns: string;
  invoice: CreditableInvoice;
  notes: readonly CreditNoteView[];
  openMinor: number;
  submitLabel: string;
  issue(payload: CreditNoteFormInput): Promise<IssuedCreditNote>;
  onIssued(issued: IssuedCreditNote): Promise<void> | void;
  onCancel(): void;
}) {
  const { t, i18n } = useTranslation(ns);
  const language = i18n.resolvedLanguage ?? 'en';
  const currency = invoice.currency;
  const money = (text: string) => formatAmount(text, currency, language);
  const schema = useMemo(() => formSchema(currency), [currency]);
  const [problem, setProblem] = useState<string | null>(null);
  const form = useForm<FormValues, unknown, CreditNoteFormInput>({
    resolver: contractResolver<FormValues, CreditNoteFormInput>(schema),
    defaultValues: {
      number: '',
      credit_note_date: nairobiDate(new Date()),
      reason: '',
      // Every line of the invoice, nothing credited yet: the supplier fills in the lines concerned.
      lines: invoice.lines.map((line) => ({
        invoice_line_no: line.line_no,
        quantity: '',
        unit_price_reduction: '',
        amount: '',
      })),
    },
  });
  const { fields } = useFieldArray({ control: form.control, name: 'lines' });
  const rows = useWatch({ control: form.control, name: 'lines' });
  const credited = useMemo(() => creditedPerLine(notes, currency), [notes, currency]);

  // The total as the server will compute it (the domain's own rule), shown while typing.
  const preview = rows.map((row, index) => {
    const line = invoice.lines[index]!;
    if (!chosen(row)) return 0;
    const before = credited.get(line.line_no) ?? { quantity: 0, net: 0 };
    const result = creditLine(
      {
        quantityThousandths: quantityToThousandths(line.quantity) ?? 0,
        netMinor: toMinor(line.net, currency) ?? 0,
        taxBasisPoints: rateToBasisPoints(line.tax_rate) ?? 0,
        creditedQuantityThousandths: before.quantity,
        creditedNetMinor: before.net,
      },
      {
        quantityThousandths: blank(row.quantity) ? null : quantityToThousandths(row.quantity),
        unitPriceReductionMinor: blank(row.unit_price_reduction)
          ? null
          : toMinor(row.unit_price_reduction, currency),
        amountMinor: blank(row.amount) ? null : toMinor(row.amount, currency),
      },
    );
    return result.ok ? result.netMinor + result.taxMinor : 0;
  });
  const totalMinor = preview.reduce((sum, value) => sum + value, 0);

  const submit = form.handleSubmit(async (payload) => {
    setProblem(null);
    try {
      await onIssued(await issue(payload));
    } catch (failure) {
      const placed = applyServerErrors(failure, form.setError, ['number', 'credit_note_date', 'reason']);
      if (failure instanceof ApiError && failure.line !== undefined) {
        // The API counts the lines it was sent: find the row the user typed in.
        const typed = rows.map((row, index) => (chosen(row) ? index : -1)).filter((index) => index >= 0);
        const row = typed[failure.line];
        if (row !== undefined) {
          form.setError(`lines.${row}.quantity`, { type: 'server', message: failure.message });
          return;
        }
      }
      if (!placed) setProblem(failureText(failure));
    }
  });

  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} data-testid="credit-note-form">
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="md">
          <Title order={3} fz="md">
            {t('creditNotes.form.title', { number: invoice.invoice_number })}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput
              label={t('creditNotes.form.number')}
              required
              maxLength={60}
              {...form.register('number')}
              error={fieldError(form.formState.errors.number)}
              data-testid="credit-note-number"
            />
            <TextInput
              type="date"
              label={t('creditNotes.form.date')}
              required
              max={nairobiDate(new Date())}
              {...form.register('credit_note_date')}
              error={fieldError(form.formState.errors.credit_note_date)}
              data-testid="credit-note-date"
            />
          </SimpleGrid>
          <Textarea
            label={t('creditNotes.form.reason')}
            required
            autosize
            minRows={2}
            maxLength={2000}
            {...form.register('reason')}
            error={fieldError(form.formState.errors.reason)}
            data-testid="credit-note-reason"
          />
          <Stack gap={4}>
            <Text fw={600} size="sm">
              {t('creditNotes.form.linesTitle')}
            </Text>
            <Text size="xs" c="dimmed">
              {t('creditNotes.form.linesHint')}
            </Text>
          </Stack>
          <Stack gap="sm">
            {fields.map((field, index) => {
              const line = invoice.lines[index]!;
              const errors = form.formState.errors.lines?.[index];
              return (
                <Paper key={field.id} withBorder radius="sm" p="sm" data-testid="credit-note-line">
                  <Stack gap="xs">
                    <Group justify="space-between" gap="xs" wrap="wrap" align="flex-start">
                      <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere', flex: '1 1 200px' }}>
                        {line.line_no}. {line.description}
                      </Text>
                      <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                        {t('creditNotes.form.invoiced', {
                          quantity: formatQuantity(line.quantity, language),
                          price: money(line.unit_price),
                        })}
                      </Text>
                    </Group>
                    <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="xs">
                      <TextInput
                        label={t('creditNotes.form.quantity')}
                        inputMode="decimal"
                        size="sm"
                        {...form.register(`lines.${index}.quantity`)}
                        error={fieldError(errors?.quantity)}
                        data-testid={`credit-note-line-${index}-quantity`}
                      />
                      <TextInput
                        label={t('creditNotes.form.reduction')}
                        inputMode="decimal"
                        size="sm"
                        {...form.register(`lines.${index}.unit_price_reduction`)}
                        error={fieldError(errors?.unit_price_reduction)}
                        data-testid={`credit-note-line-${index}-reduction`}
                      />
                      <TextInput
                        label={t('creditNotes.form.amount')}
                        inputMode="decimal"
                        size="sm"
                        {...form.register(`lines.${index}.amount`)}
                        error={fieldError(errors?.amount)}
                        data-testid={`credit-note-line-${index}-amount`}
                      />
                    </SimpleGrid>
                  </Stack>
                </Paper>
              );
            })}
          </Stack>
          <Stack gap={2} align="flex-end">
            <Group gap="md" wrap="nowrap">
              <Text size="sm">{t('creditNotes.form.total')}</Text>
              <Text fw={800} style={{ fontVariantNumeric: 'tabular-nums' }} data-testid="credit-note-total">
                {formatMinorAmount(totalMinor, currency, language)}
              </Text>
            </Group>
            <Group gap="md" wrap="nowrap">
              <Text size="sm" c="dimmed">
                {t('creditNotes.form.openAfter')}
              </Text>
              <Text
                size="sm"
                c={totalMinor > openMinor ? 'red' : undefined}
                style={{ fontVariantNumeric: 'tabular-nums' }}
              >
                {formatMinorAmount(openMinor - totalMinor, currency, language)}
              </Text>
            </Group>
          </Stack>
          {problem && (
            <Alert color="red" variant="light" role="alert" data-testid="credit-note-problem">
              {problem}
            </Alert>
          )}
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={onCancel} disabled={form.formState.isSubmitting}>
              {t('creditNotes.form.cancel')}
            </Button>
            <Button type="submit" loading={form.formState.isSubmitting} data-testid="credit-note-submit">
              {submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

/**
 * An invoice's credit notes (issue 16 point 8), on the supplier's portal and on finance's invoice: what is
 * still open, each credit note with its lines, and the form to issue (supplier) or enter (finance) one.
 * The feature fetches and sends; this shows. Texts come from the feature's namespace (`creditNotes.*`).
 */
export function CreditNotesSection({
  ns,
  side,
  invoice,
  data,
  isPending,
  error,
  onRetry,
  issue,
  onIssued,
  mayIssue,
}: {
  ns: string;
  side: 'supplier' | 'finance';
  invoice: CreditableInvoice;
  data: InvoiceCreditNotesView | undefined;
  isPending: boolean;
  error: Error | null;
  onRetry(): void;
  issue(payload: CreditNoteFormInput): Promise<IssuedCreditNote>;
  onIssued(issued: IssuedCreditNote): Promise<void> | void;
  /** The caller may add one (finance on the buyer's side; any supplier user). */
  mayIssue: boolean;
}) {
  const { t, i18n } = useTranslation(ns);
  const language = i18n.resolvedLanguage ?? 'en';
  const [open, setOpen] = useState(false);
  const money = (text: string) => formatAmount(text, invoice.currency, language);
  const actionLabel = side === 'supplier' ? t('creditNotes.issue') : t('creditNotes.enter');
  const requested = invoice.status === 'awaiting_credit_note';

  let body;
  if (isPending) {
    body = (
      <Stack gap="xs" data-testid="credit-notes-loading">
        <Skeleton height={18} />
        <Skeleton height={18} width="60%" />
      </Stack>
    );
  } else if (error || !data) {
    body = (
      <Alert color="red" variant="light" role="alert">
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Text size="sm">{t('creditNotes.loadFailed')}</Text>
          <Button size="xs" variant="light" color="red" onClick={onRetry}>
            {t('creditNotes.retry')}
          </Button>
        </Group>
      </Alert>
    );
  } else {
    const summary = data.invoice;
    body = (
      <Stack gap="md">
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
          {(
            [
              ['total', summary.total],
              ['credited', summary.credited],
              ['paid', summary.paid],
              ['open', summary.open],
            ] as const
          ).map(([figure, value]) => (
            <Stack key={figure} gap={0}>
              <Text size="xs" c="dimmed">
                {t(`creditNotes.figures.${figure}`)}
              </Text>
              <Text
                fw={figure === 'open' ? 800 : 600}
                style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}
                data-testid={`credit-notes-${figure}`}
              >
                {money(value)}
              </Text>
            </Stack>
          ))}
        </SimpleGrid>
        {data.results.length === 0 ? (
          <Text size="sm" c="dimmed" data-testid="credit-notes-empty">
            {t('creditNotes.none')}
          </Text>
        ) : (
          <Stack gap="xs" data-testid="credit-notes-list">
            {data.results.map((note) => (
              <Paper key={note.id} withBorder radius="sm" p="sm" data-testid="credit-note">
                <Stack gap={6}>
                  <Group justify="space-between" gap="xs" wrap="wrap">
                    <Group gap="xs" wrap="wrap">
                      <Text size="sm" fw={700} style={{ overflowWrap: 'anywhere' }}>
                        {note.number}
                      </Text>
                      <Badge
                        size="sm"
                        variant="light"
                        color={note.entered_by === 'supplier' ? 'blue' : 'grape'}
                        tt="none"
                      >
                        {t(`creditNotes.enteredBy.${note.entered_by}`)}
                      </Badge>
                    </Group>
                    <Text
                      size="sm"
                      fw={700}
                      style={{ whiteSpace: 'nowrap' }}
                      data-testid="credit-note-amount"
                    >
                      −{money(note.total)}
                    </Text>
                  </Group>
                  <Text size="xs" c="dimmed">
                    {formatDate(`${note.credit_note_date}T12:00:00+03:00`, language)} ·{' '}
                    {note.entered_by_user.name}
                  </Text>
                  <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                    {note.reason}
                  </Text>
                  <Table.ScrollContainer minWidth={0} type="native">
                    <Table fz="xs" verticalSpacing={2}>
                      <Table.Tbody>
                        {note.lines.map((line) => (
                          <Table.Tr key={line.line_no}>
                            <Table.Td style={{ overflowWrap: 'anywhere' }}>
                              {t('creditNotes.lineLabel', {
                                line: line.invoice_line_no,
                                description: line.description,
                              })}
                            </Table.Td>
                            <Table.Td>
                              {[
                                line.quantity !== '0' &&
                                  t('creditNotes.lineQuantity', {
                                    quantity: formatQuantity(line.quantity, language),
                                  }),
                                line.unit_price_reduction &&
                                  t('creditNotes.lineReduction', {
                                    amount: money(line.unit_price_reduction),
                                  }),
                                line.amount && t('creditNotes.lineAmount', { amount: money(line.amount) }),
                              ]
                                .filter(Boolean)
                                .join(' · ')}
                            </Table.Td>
                            <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                              {money(line.net)}
                            </Table.Td>
                          </Table.Tr>
                        ))}
                      </Table.Tbody>
                    </Table>
                  </Table.ScrollContainer>
                </Stack>
              </Paper>
            ))}
          </Stack>
        )}
        {open && (
          <CreditNoteForm
            ns={ns}
            invoice={invoice}
            notes={data.results}
            openMinor={toMinor(summary.open, invoice.currency) ?? 0}
            submitLabel={actionLabel}
            issue={issue}
            onIssued={async (issued) => {
              setOpen(false);
              await onIssued(issued);
            }}
            onCancel={() => setOpen(false)}
          />
        )}
        {!summary.creditable && (
          <Text size="sm" c="dimmed" data-testid="credit-notes-closed">
            {t('creditNotes.notCreditable')}
          </Text>
        )}
      </Stack>
    );
  }

  const canOpen = mayIssue && !open && data?.invoice.creditable === true;
  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'sm', sm: 'md' }}
      component="section"
      data-testid="credit-notes"
      miw={0}
    >
      <Stack gap="sm">
        <Group justify="space-between" align="center" gap="xs" wrap="wrap">
          <Title order={2} fz="lg">
            {t('creditNotes.title')}
          </Title>
          {canOpen && (
            <Button
              variant={requested ? 'filled' : 'light'}
              color={requested ? 'orange' : undefined}
              onClick={() => setOpen(true)}
              data-testid="credit-note-open"
            >
              {actionLabel}
            </Button>
          )}
        </Group>
        {requested && side === 'supplier' && (
          <Alert color="orange" variant="light" data-testid="credit-note-requested">
            {t('creditNotes.requested')}
          </Alert>
        )}
        {body}
      </Stack>
    </Paper>
  );
}
