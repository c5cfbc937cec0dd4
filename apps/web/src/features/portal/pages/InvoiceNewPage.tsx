import '@mantine/dates/styles.css';
import {
  ActionIcon,
  Alert,
  Anchor,
  Button,
  Checkbox,
  FileInput,
  Grid,
  Group,
  Paper,
  Progress,
  Select,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { DateInput, DatesProvider } from '@mantine/dates';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { invoiceForm } from '@zabuni/contracts';
import { quantityToThousandths } from '@zabuni/domain';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from '../../../lib/toast.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { messageText } from '../../../lib/form-errors.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { fetchAllPages } from '../../../lib/fetch-all.ts';
import { useDayjsLocale } from '../../../lib/use-dayjs-locale.ts';
import {
  attachInvoiceFile,
  INVOICEABLE_STATUSES,
  orderInvoicesQuery,
  PORTAL_KEY,
  submitInvoice,
  useOrder,
  type PortalOrder,
  type PortalOrderSummary,
} from '../api.ts';
import { BackLink, PageFrame, PageHeader } from '../../../components/PageFrame.tsx';
import { formatDay, formatRate } from '../format.ts';
import { formatAmount, formatQuantity } from '../../../lib/money.ts';
import { usePortal } from '../portal-context.ts';
import {
  asText,
  extraLine,
  fileProblem,
  invoiceResolver,
  invoiceTotals,
  lineMoney,
  linesFromOrder,
  nairobiToday,
  nothingReceived,
  type InvoiceContext,
  type InvoiceFormValues,
  type InvoiceLineValues,
  type InvoiceRequest,
} from '../portal-model.ts';
import classes from './Portal.module.css';

const MAX_LINES = 200;

/** The supplier's orders that can be invoiced (every page; a supplier has tens with one buyer, not thousands). */
const invoiceableOrdersQuery = queryOptions({
  queryKey: [PORTAL_KEY, 'orders', 'invoiceable'],
  queryFn: ({ signal }) =>
    fetchAllPages<PortalOrderSummary>('/portal/purchase-orders/', { ordering: '-created_at' }, signal).then(
      (rows) => rows.filter((row) => (INVOICEABLE_STATUSES as readonly string[]).includes(row.status)),
    ),
});

/** Where the server's messages land: the form's fields, a line ("Line 2: …"), or above the form. */
interface ServerProblems {
  fields: Partial<Record<'purchase_order_id' | 'invoice_number' | 'invoice_date', string>>;
  lines: Record<string, string>;
  general: string[];
}

function serverProblems(error: unknown, sentLines: InvoiceLineValues[]): ServerProblems {
  const result: ServerProblems = { fields: {}, lines: {}, general: [] };
  if (!(error instanceof ApiError)) {
    result.general.push(error instanceof Error ? error.message : String(error));
    return result;
  }
  let placed = false;
  for (const [field, value] of Object.entries(error.body ?? {})) {
    if (field === 'detail') continue;
    const messages = Array.isArray(value) ? value.map(String) : [String(value)];
    if (messages.length === 0) continue;
    if (field === 'purchase_order_id' || field === 'invoice_number' || field === 'invoice_date') {
      result.fields[field] = error.messageFor(field) ?? messages[0];
      placed = true;
    } else if (field === 'lines' || field.startsWith('lines.')) {
      for (const message of messages) {
        // The body's `line` is the index of the line as sent; its `code` gives the message in this language.
        const line = error.line !== undefined && error.field === field ? sentLines[error.line] : undefined;
        if (line) result.lines[line.key] = error.messageFor(field) ?? message;
        else result.general.push(message);
      }
      placed = true;
    }
  }
  if (!placed) result.general.push(error.message);
  return result;
}

function TrashIcon() {
  return (
    <svg
      width="18"
      height="18"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      aria-hidden
    >
      <path d="M4 7h16M9 7V4h6v3M6 7l1 13h10l1-13" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

interface LineProps {
  line: InvoiceLineValues;
  index: number;
  currency: string;
  /** The resolver's messages for the line's fields (shown once the form was sent). */
  problems: Partial<Record<'description' | 'quantity' | 'unit_price', { message?: string }>> | undefined;
  serverProblem: string | undefined;
  onChange(next: InvoiceLineValues): void;
  onRemove(): void;
  disabled: boolean;
  /** Nothing of the order is received yet (the form says so once, not on every line). */
  beforeDelivery: boolean;
}

/** One invoice line: an order line (included or not) or an extra charge. */
function InvoiceLine({
  line,
  index,
  currency,
  problems,
  serverProblem,
  onChange,
  onRemove,
  disabled,
  beforeDelivery,
}: LineProps) {
  const { t, i18n } = useTranslation('portal');
  const language = i18n.resolvedLanguage ?? 'en';
  const money = lineMoney(line, currency);
  const order = line.order;
  const error = (field: 'description' | 'quantity' | 'unit_price') => messageText(problems?.[field]?.message);
  const set = (change: Partial<InvoiceLineValues>) => onChange({ ...line, ...change });
  const accepted = order ? (quantityToThousandths(order.accepted) ?? 0) : 0;
  const invoiced = order ? (quantityToThousandths(order.invoiced) ?? 0) : 0;
  const quantity = quantityToThousandths(line.quantity) ?? 0;
  const overAccepted = order && line.include && !beforeDelivery && quantity + invoiced > accepted;
  const priceChanged = order && line.include && line.unit_price.trim() !== order.unit_price && money !== null;
  const label = order
    ? t('invoiceForm.line.orderLine', { line: order.line_no })
    : t('invoiceForm.line.extraLine', { line: index + 1 });

  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      data-testid="invoice-line"
      data-included={line.include || undefined}
      data-order-line={line.purchase_order_line_id ?? undefined}
      style={{ opacity: line.include ? 1 : 0.75 }}
      role="group"
      aria-label={label}
    >
      <Grid gap="sm" align="flex-start">
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap={6}>
            <Group gap="xs" wrap="nowrap" justify="space-between">
              {order ? (
                <Checkbox
                  checked={line.include}
                  onChange={(event) => set({ include: event.currentTarget.checked })}
                  label={
                    <Text size="sm" fw={600}>
                      {label}
                    </Text>
                  }
                  disabled={disabled}
                  data-testid="line-include"
                />
              ) : (
                <Text size="sm" fw={600}>
                  {label}
                </Text>
              )}
              {!order && (
                <ActionIcon
                  variant="subtle"
                  color="red"
                  onClick={onRemove}
                  aria-label={t('invoiceForm.line.remove', { line: index + 1 })}
                  disabled={disabled}
                  data-testid="line-remove"
                >
                  <TrashIcon />
                </ActionIcon>
              )}
            </Group>
            <TextInput
              label={t('invoiceForm.line.description')}
              value={line.description}
              onChange={(event) => set({ description: event.currentTarget.value })}
              error={error('description')}
              disabled={disabled || !line.include}
              maxLength={500}
              data-testid="line-description"
            />
            {order && (
              <Text size="xs" c="dimmed" data-testid="line-order-facts">
                {t('invoiceForm.line.orderFacts', {
                  ordered: formatQuantity(order.ordered, language),
                  unit: order.unit,
                  accepted: formatQuantity(order.accepted, language),
                  invoiced: formatQuantity(order.invoiced, language),
                  price: formatAmount(order.unit_price, currency, language),
                })}
              </Text>
            )}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 6, md: 2 }}>
          <TextInput
            label={t('invoiceForm.line.quantity')}
            inputMode="decimal"
            value={line.quantity}
            onChange={(event) => set({ quantity: event.currentTarget.value })}
            error={error('quantity')}
            disabled={disabled || !line.include}
            styles={{ input: { textAlign: 'right' } }}
            data-testid="line-quantity"
          />
        </Grid.Col>
        <Grid.Col span={{ base: 6, md: 2 }}>
          <TextInput
            label={t('invoiceForm.line.unitPrice')}
            inputMode="decimal"
            placeholder="0.00"
            value={line.unit_price}
            onChange={(event) => set({ unit_price: event.currentTarget.value })}
            error={error('unit_price')}
            disabled={disabled || !line.include}
            styles={{ input: { textAlign: 'right' } }}
            data-testid="line-unit-price"
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 3 }}>
          <Stack gap={0} align="flex-end">
            <Text size="sm" c="dimmed">
              {t('invoiceForm.line.amount')}
            </Text>
            <Text fw={700} className={classes.amount} data-testid="line-amount">
              {line.include && money ? formatAmount(asText(money.net, currency), currency, language) : '—'}
            </Text>
            <Text size="xs" c="dimmed" className={classes.amount}>
              {line.include && money
                ? t('invoiceForm.line.taxAmount', {
                    rate: formatRate(line.tax_rate),
                    amount: formatAmount(asText(money.tax, currency), currency, language),
                  })
                : t('common.taxAt', { rate: formatRate(line.tax_rate) })}
            </Text>
          </Stack>
        </Grid.Col>
      </Grid>
      {(overAccepted || priceChanged || serverProblem) && (
        <Stack gap={4} mt="xs">
          {overAccepted && (
            <Text size="xs" c="orange.9" data-testid="line-over-accepted">
              {accepted === 0 ? t('invoiceForm.line.nothingAccepted') : t('invoiceForm.line.overAccepted')}
            </Text>
          )}
          {priceChanged && (
            <Text size="xs" c="orange.9" data-testid="line-price-changed">
              {t('invoiceForm.line.priceChanged')}
            </Text>
          )}
          {serverProblem && (
            <Text size="xs" c="red.7" role="alert">
              {serverProblem}
            </Text>
          )}
        </Stack>
      )}
    </Paper>
  );
}

function Totals({ lines, currency }: { lines: InvoiceLineValues[]; currency: string }) {
  const { t, i18n } = useTranslation('portal');
  const language = i18n.resolvedLanguage ?? 'en';
  const totals = invoiceTotals(lines, currency);
  const money = (minor: number) => formatAmount(asText(minor, currency), currency, language);
  return (
    <Stack gap={4} ml="auto" w={{ base: '100%', sm: 340 }} aria-live="polite" data-testid="invoice-totals">
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          {t('common.subtotal')}
        </Text>
        <Text size="sm" className={classes.amount} data-testid="invoice-subtotal">
          {money(totals.subtotal)}
        </Text>
      </Group>
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          {t('common.tax')}
        </Text>
        <Text size="sm" className={classes.amount} data-testid="invoice-tax">
          {money(totals.tax)}
        </Text>
      </Group>
      <Group justify="space-between">
        <Text fw={700}>{t('common.total')}</Text>
        <Text fw={800} size="lg" className={classes.amount} data-testid="invoice-total">
          {money(totals.total)}
        </Text>
      </Group>
      {totals.incomplete > 0 && (
        <Text size="xs" c="dimmed" ta="right">
          {t('invoiceForm.incomplete', { count: totals.incomplete })}
        </Text>
      )}
    </Stack>
  );
}

/** `/portal/invoices/new` (`?order=ID` preselects): an invoice against one of my orders, then its PDF. */
export function Component() {
  const { t, i18n } = useTranslation('portal');
  const language = i18n.resolvedLanguage ?? 'en';
  const datesLocale = useDayjsLocale(language);
  usePageTitle(t('invoiceForm.title'));
  const { buyer } = usePortal();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const today = nairobiToday();
  const [linesFor, setLinesFor] = useState<number | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [server, setServer] = useState<ServerProblems | null>(null);
  const [busy, setBusy] = useState<'send' | 'upload' | null>(null);
  const [progress, setProgress] = useState(0);

  const orders = useQuery(invoiceableOrdersQuery);
  const [currency, setCurrency] = useState('KES');
  // The API's own schema (invoiceForm) over the included lines; the order's currency decides the prices' decimals.
  const form = useForm<InvoiceFormValues, InvoiceContext, InvoiceRequest>({
    resolver: invoiceResolver,
    context: { currency, today },
    defaultValues: {
      purchase_order_id: Number(params.get('order')) || null,
      invoice_number: '',
      invoice_date: today,
      lines: [],
    },
  });
  const values = useWatch({ control: form.control }) as InvoiceFormValues;
  const { errors, isSubmitted } = form.formState;
  const orderId = values.purchase_order_id;
  const lines = values.lines;
  const order = useOrder(orderId ?? 0);
  const earlier = useQuery(orderInvoicesQuery(orderId ?? 0));
  const chosen: PortalOrder | null = orderId !== null && order.data?.id === orderId ? order.data : null;
  if ((chosen?.currency ?? 'KES') !== currency) setCurrency(chosen?.currency ?? 'KES');

  // Once a check was shown, it follows the typing.
  const change = <K extends keyof InvoiceFormValues>(name: K, value: InvoiceFormValues[K]) =>
    form.setValue(name, value as never, { shouldDirty: true, shouldValidate: isSubmitted });
  const setLines = (next: (all: InvoiceLineValues[]) => InvoiceLineValues[]) =>
    change('lines', next(form.getValues('lines')));

  // Once the order and my earlier invoices for it are known, its lines fill the form (once per order).
  if (chosen && linesFor !== chosen.id && (earlier.isSuccess || earlier.isError)) {
    setLinesFor(chosen.id);
    form.setValue('lines', linesFromOrder(chosen, earlier.data ?? null));
  }

  // The resolver's messages are already in the interface language (a catalogue key with its values filled in).
  const shown = (error: { message?: string } | undefined) => messageText(error?.message);
  // Each line's messages by its index in the form (included or not); "Add at least one line" on the lines as a whole.
  const lineErrors = (errors.lines ?? {}) as Record<number, LineProps['problems']>;
  const linesProblem = shown(errors.lines as { message?: string } | undefined);
  const fileError = fileProblem(file);

  const orderOptions = (orders.data ?? []).map((row) => ({
    value: String(row.id),
    label: `${row.number} · ${t(`orderStatus.${row.status}`)} · ${formatAmount(row.total, row.currency, language)}`,
  }));
  const preselectedMissing =
    orderId !== null && orders.isSuccess && !orders.data.some((row) => row.id === orderId) && order.isSuccess;

  const chooseOrder = (value: string | null) => {
    change('purchase_order_id', value ? Number(value) : null);
    form.setValue('lines', []);
    setLinesFor(null);
    setServer(null);
  };

  const submit = form.handleSubmit(
    async (payload) => {
      setServer(null);
      if (fileError || !chosen) return;
      const sentLines = form.getValues('lines').filter((line) => line.include);
      setBusy('send');
      let created;
      try {
        created = await submitInvoice(payload);
      } catch (failure) {
        setServer(serverProblems(failure, sentLines));
        setBusy(null);
        return;
      }
      await queryClient.invalidateQueries({ queryKey: [PORTAL_KEY] });
      if (file) {
        setBusy('upload');
        try {
          await attachInvoiceFile(created.id, file, ({ loaded, total }) =>
            setProgress(total > 0 ? Math.round((loaded / total) * 100) : 0),
          );
        } catch (failure) {
          const message = failure instanceof Error ? failure.message : String(failure);
          toast.error(t('invoiceForm.uploadFailed', { number: created.invoice_number, message }), {
            toastId: 'invoice-upload-failed',
            autoClose: 10_000,
          });
        }
      }
      toast.success(t('invoiceForm.sent', { number: created.invoice_number }), { toastId: 'invoice-sent' });
      setBusy(null);
      void navigate(`/portal/invoices/${created.id}`);
    },
    () => setServer(null),
  );

  const orderError = server?.fields.purchase_order_id ?? shown(errors.purchase_order_id);
  const lineCount = lines.length;

  return (
    <DatesProvider settings={{ locale: datesLocale, firstDayOfWeek: 1 }}>
      <PageFrame testId="portal-invoice-new-page">
        <BackLink to="/portal/invoices" label={t('invoices.title')} />
        <PageHeader title={t('invoiceForm.title')} lead={t('invoiceForm.lead', { buyer: buyer.name })} />
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
          data-testid="invoice-form"
        >
          <Stack gap="lg">
            {server && server.general.length > 0 && (
              <Alert
                color="red"
                variant="light"
                role="alert"
                title={t('invoiceForm.refused')}
                data-testid="invoice-form-error"
              >
                <Stack gap={4}>
                  {server.general.map((message) => (
                    <Text size="sm" key={message}>
                      {message}
                    </Text>
                  ))}
                </Stack>
              </Alert>
            )}
            <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
              <Grid gap="md" align="flex-end">
                <Grid.Col span={{ base: 12, md: 6 }}>
                  <Select
                    label={t('invoiceForm.order')}
                    description={t('invoiceForm.orderHint')}
                    placeholder={
                      orders.isPending ? t('loading', { ns: 'common' }) : t('invoiceForm.orderPlaceholder')
                    }
                    data={orderOptions}
                    value={
                      orderId !== null && orderOptions.some((o) => o.value === String(orderId))
                        ? String(orderId)
                        : null
                    }
                    onChange={chooseOrder}
                    searchable
                    required
                    nothingFoundMessage={t('invoiceForm.noOrders')}
                    error={orderError}
                    disabled={busy !== null}
                    comboboxProps={{ shadow: 'md' }}
                    data-testid="invoice-order"
                  />
                </Grid.Col>
                <Grid.Col span={{ base: 12, sm: 6, md: 3 }}>
                  <TextInput
                    label={t('invoiceForm.number')}
                    description={t('invoiceForm.numberHint')}
                    value={values.invoice_number}
                    onChange={(event) => {
                      change('invoice_number', event.currentTarget.value);
                      if (server?.fields.invoice_number)
                        setServer({ ...server, fields: { ...server.fields, invoice_number: undefined } });
                    }}
                    maxLength={invoiceForm.shape.invoice_number.maxLength ?? undefined}
                    required
                    error={server?.fields.invoice_number ?? shown(errors.invoice_number)}
                    disabled={busy !== null}
                    data-testid="invoice-number"
                  />
                </Grid.Col>
                <Grid.Col span={{ base: 12, sm: 6, md: 3 }}>
                  <DateInput
                    label={t('invoiceForm.date')}
                    description={t('invoiceForm.dateHint')}
                    valueFormat="DD MMM YYYY"
                    value={values.invoice_date || null}
                    onChange={(value) => change('invoice_date', value ?? '')}
                    maxDate={today}
                    required
                    error={server?.fields.invoice_date ?? shown(errors.invoice_date)}
                    disabled={busy !== null}
                    popoverProps={{ withinPortal: true }}
                    data-testid="invoice-date"
                  />
                </Grid.Col>
              </Grid>
              {preselectedMissing && chosen && (
                <Alert color="orange" variant="light" mt="md" data-testid="invoice-order-not-open">
                  {t('invoiceForm.orderNotOpen', {
                    number: chosen.number,
                    status: t(`orderStatus.${chosen.status}`),
                  })}
                </Alert>
              )}
              {orders.isSuccess && orders.data.length === 0 && (
                <Alert color="blue" variant="light" mt="md" data-testid="invoice-no-orders">
                  <Text size="sm">{t('invoiceForm.noOrdersBody', { buyer: buyer.name })}</Text>
                  <Anchor component={Link} to="/portal/purchase-orders" size="sm">
                    {t('orders.title')}
                  </Anchor>
                </Alert>
              )}
            </Paper>

            {orderId !== null && (
              <Stack gap="sm">
                <Group justify="space-between" align="flex-end" wrap="wrap" gap="xs">
                  <Stack gap={2}>
                    <Title order={2} fz="lg">
                      {t('invoiceForm.linesTitle')}
                    </Title>
                    {chosen && (
                      <Text size="sm" c="dimmed">
                        {t('invoiceForm.linesLead', {
                          number: chosen.number,
                          date: formatDay(chosen.delivery_date, language),
                        })}
                      </Text>
                    )}
                  </Stack>
                </Group>
                {order.isError ? (
                  <Alert color="red" variant="light" role="alert">
                    {order.error.message}
                  </Alert>
                ) : linesFor !== orderId ? (
                  <Stack gap="sm" aria-busy aria-label={t('loading', { ns: 'common' })}>
                    <Skeleton height={110} radius="md" />
                    <Skeleton height={110} radius="md" />
                  </Stack>
                ) : (
                  <>
                    {chosen && nothingReceived(chosen) && (
                      <Alert color="blue" variant="light" data-testid="invoice-nothing-received">
                        {t('invoiceForm.nothingReceived')}
                      </Alert>
                    )}
                    {linesProblem && (
                      <Text size="sm" c="red.7" role="alert" data-testid="invoice-lines-error">
                        {linesProblem}
                      </Text>
                    )}
                    {lines.map((line, index) => (
                      <InvoiceLine
                        key={line.key}
                        line={line}
                        index={index}
                        currency={currency}
                        problems={lineErrors[index]}
                        serverProblem={server?.lines[line.key]}
                        onChange={(next) =>
                          setLines((all) => all.map((l) => (l.key === next.key ? next : l)))
                        }
                        onRemove={() => setLines((all) => all.filter((l) => l.key !== line.key))}
                        disabled={busy !== null}
                        beforeDelivery={chosen !== null && nothingReceived(chosen)}
                      />
                    ))}
                    <Group justify="space-between" align="flex-start" wrap="wrap" gap="md">
                      <Button
                        variant="light"
                        onClick={() => setLines((all) => [...all, extraLine(chosen)])}
                        disabled={busy !== null || lineCount >= MAX_LINES}
                        data-testid="invoice-add-line"
                      >
                        {t('invoiceForm.addLine')}
                      </Button>
                      <Totals lines={lines} currency={currency} />
                    </Group>
                  </>
                )}
              </Stack>
            )}

            <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
              <FileInput
                label={t('invoiceForm.file')}
                description={t('invoiceForm.fileHint')}
                placeholder={t('invoiceForm.filePlaceholder')}
                accept="application/pdf,.pdf"
                value={file}
                onChange={setFile}
                clearable
                error={fileError ? t(fileError) : undefined}
                disabled={busy !== null}
                data-testid="invoice-file"
              />
              {busy === 'upload' && (
                <Progress value={progress} mt="sm" aria-label={t('invoiceForm.uploading')} animated />
              )}
            </Paper>

            <Group justify="flex-end" gap="sm">
              <Button component={Link} to="/portal/invoices" variant="default" disabled={busy !== null}>
                {t('common.cancel')}
              </Button>
              <Button type="submit" loading={busy !== null} data-testid="invoice-submit">
                {t('invoiceForm.submit')}
              </Button>
            </Group>
          </Stack>
        </form>
      </PageFrame>
    </DatesProvider>
  );
}
