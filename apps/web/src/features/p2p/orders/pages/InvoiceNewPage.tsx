import '@mantine/dates/styles.css';
import {
  Alert,
  Button,
  Fieldset,
  Flex,
  Grid,
  Group,
  Paper,
  Skeleton,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { DateInput, DatesProvider } from '@mantine/dates';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from '../../../../lib/toast.ts';
import { StatusMessage } from '../../../../components/StatusMessage.tsx';
import { RemotePicker } from '../../../../components/RemotePicker.tsx';
import { usePlatform } from '../../../../lib/platform-context.ts';
import { useDayjsLocale } from '../../../../lib/use-dayjs-locale.ts';
import { invoiceQuery, invoicesApi } from '../api/invoices.ts';
import { ordersKey } from '../api/keys.ts';
import {
  orderQuery,
  orderSearchQuery,
  type PurchaseOrderSummary,
  type PurchaseOrderView,
} from '../api/purchase-orders.ts';
import { BackLink, PageFrame, PageHeader } from '../../../../components/PageFrame.tsx';
import { todayInNairobi } from '../model/dates.ts';
import {
  emptyInvoiceForm,
  extraInvoiceLine,
  invoiceLinesFromOrder,
  invoiceResolver,
  invoiceTotals,
  isInvoiceable,
  type InvoiceContext,
  type InvoiceFormValues,
  type InvoiceLineValues,
  type InvoiceRequest,
} from '../model/invoice-form.ts';
import { NS } from '../model/messages.ts';
import { messageText } from '../../../../lib/form-errors.ts';
import { formatMinorAmount, formatQuantity } from '../../../../lib/money.ts';
import { positiveInt } from '../model/list-filters.ts';
import { serverFormErrors } from '../model/order-form.ts';
import { useRoles } from '../model/roles.ts';

const INVOICE_FIELDS = ['purchase_order_id', 'invoice_number', 'invoice_date'] as const;

function useOrderOptions(search: string) {
  const { current } = usePlatform();
  return useQuery(orderSearchQuery(current.organisation.id, search));
}

/** `/app/p2p/invoices/new?purchase_order=…`: finance enters a supplier's invoice against a sent order. */
export function Component() {
  const { t, i18n } = useTranslation(NS);
  const language = i18n.resolvedLanguage ?? 'en';
  const datesLocale = useDayjsLocale(language);
  const { organisationId, finance } = useRoles();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const today = todayInNairobi();
  const [currency, setCurrency] = useState('KES');
  const form = useForm<InvoiceFormValues, InvoiceContext, InvoiceRequest>({
    resolver: invoiceResolver,
    // The order's currency decides the prices' decimals.
    context: { currency, today },
    defaultValues: {
      ...emptyInvoiceForm(today),
      purchase_order_id: positiveInt(params.get('purchase_order')),
    },
  });
  const values = useWatch({ control: form.control }) as InvoiceFormValues;
  const { errors, isSubmitted } = form.formState;
  const [prefilledFor, setPrefilledFor] = useState<number | null>(null);
  const [serverLines, setServerLines] = useState<Record<number, string>>({});
  const [general, setGeneral] = useState<string[]>([]);
  const [serverFields, setServerFields] = useState<Partial<Record<(typeof INVOICE_FIELDS)[number], string>>>(
    {},
  );
  const [busy, setBusy] = useState(false);
  const orderId = values.purchase_order_id;
  const order = useQuery({ ...orderQuery(organisationId, orderId ?? 0), enabled: orderId !== undefined });
  const chosen = orderId !== undefined ? order.data : undefined;
  if ((chosen?.currency ?? 'KES') !== currency) setCurrency(chosen?.currency ?? 'KES');
  const message = (text: string | undefined) => messageText(text);

  // The chosen order's lines come in once it has loaded (and again when another order is chosen).
  if (chosen && prefilledFor !== chosen.id) {
    setPrefilledFor(chosen.id);
    form.setValue('lines', invoiceLinesFromOrder(chosen));
  }

  const update = (next: InvoiceFormValues) => {
    // Once a check was shown, it follows the typing.
    const options = { shouldDirty: true, shouldValidate: isSubmitted };
    for (const name of ['purchase_order_id', 'invoice_number', 'invoice_date', 'lines'] as const) {
      if (next[name] !== values[name]) form.setValue(name, next[name], options);
    }
  };
  const updateLine = (index: number, change: Partial<InvoiceLineValues>) =>
    update({
      ...values,
      lines: values.lines.map((line, i) => (i === index ? { ...line, ...change } : line)),
    });

  const submit = form.handleSubmit(async (payload) => {
    setServerLines({});
    setGeneral([]);
    setServerFields({});
    if (chosen && !isInvoiceable(chosen.status)) return;
    setBusy(true);
    try {
      const invoice = await invoicesApi.enter(payload);
      queryClient.setQueryData(invoiceQuery(organisationId, invoice.id).queryKey, invoice);
      await queryClient.invalidateQueries({ queryKey: ordersKey(organisationId, 'invoices') });
      toast.success(
        t(invoice.match.within_tolerance ? 'invoices.new.doneMatched' : 'invoices.new.doneException', {
          number: invoice.invoice_number,
        }),
      );
      void navigate(`/app/p2p/invoices/${invoice.id}`);
    } catch (failure) {
      const placed = serverFormErrors(failure, INVOICE_FIELDS);
      setServerFields(placed.fields);
      setServerLines(placed.lines);
      setGeneral(placed.general);
      toast.error(t('orders.form.fixErrors'));
    } finally {
      setBusy(false);
    }
  });

  if (!finance) {
    return (
      <PageFrame>
        <BackLink to="/app/p2p/invoices" label={t('screens.invoices.name', { ns: 'platform' })} />
        <StatusMessage title={t('common.forbidden')} body={t('invoices.onlyFinance')} />
      </PageFrame>
    );
  }

  const totals = invoiceTotals(values, currency);
  const field = (name: (typeof INVOICE_FIELDS)[number]) =>
    message(serverFields[name] ?? errors[name]?.message);
  const lineErrors = Array.isArray(errors.lines) ? errors.lines : [];
  const lineError = (index: number, name: 'description' | 'quantity' | 'unit_price') =>
    message(lineErrors[index]?.[name]?.message);
  // "Add at least one line": on the lines as a whole.
  const linesProblem = (errors.lines as { message?: string } | undefined)?.message;
  const orderLabel = (o: PurchaseOrderSummary | PurchaseOrderView) =>
    `${o.number} · ${o.supplier.name} · ${t(`orderStatus.${o.status}`)}`;

  return (
    <PageFrame testId="invoice-new-page">
      <BackLink to="/app/p2p/invoices" label={t('screens.invoices.name', { ns: 'platform' })} />
      <PageHeader module="p2p" title={t('invoices.new.title')} lead={t('invoices.new.lead')} />
      <DatesProvider settings={{ locale: datesLocale, firstDayOfWeek: 1 }}>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
          noValidate
          data-testid="invoice-form"
        >
          <Stack gap="lg">
            <Fieldset legend={t('invoices.new.details')} radius="md">
              <Grid gap="sm">
                <Grid.Col span={{ base: 12, md: 6 }}>
                  <RemotePicker<PurchaseOrderSummary>
                    label={t('invoices.new.order')}
                    placeholder={t('invoices.new.orderPlaceholder')}
                    nothingFound={t('common.nothingFound')}
                    value={orderId}
                    onChange={(id) => update({ ...values, purchase_order_id: id, lines: [] })}
                    useOptions={useOrderOptions}
                    toOption={(o) => ({ value: String(o.id), label: orderLabel(o) })}
                    selectedOption={
                      chosen ? { value: String(chosen.id), label: orderLabel(chosen) } : undefined
                    }
                    error={field('purchase_order_id')}
                    required
                    testId="invoice-order"
                  />
                </Grid.Col>
                <Grid.Col span={{ base: 12, sm: 6, md: 3 }}>
                  <TextInput
                    label={t('invoices.new.number')}
                    required
                    maxLength={60}
                    value={values.invoice_number}
                    onChange={(event) => update({ ...values, invoice_number: event.currentTarget.value })}
                    error={field('invoice_number')}
                    data-testid="invoice-number"
                  />
                </Grid.Col>
                <Grid.Col span={{ base: 12, sm: 6, md: 3 }}>
                  <DateInput
                    label={t('invoices.new.date')}
                    valueFormat="DD MMM YYYY"
                    value={values.invoice_date}
                    onChange={(value) => update({ ...values, invoice_date: value ?? '' })}
                    maxDate={today}
                    required
                    error={field('invoice_date')}
                    popoverProps={{ withinPortal: true }}
                    data-testid="invoice-date"
                  />
                </Grid.Col>
              </Grid>
            </Fieldset>

            {chosen && !isInvoiceable(chosen.status) && (
              <Alert color="orange" variant="light" data-testid="order-not-invoiceable">
                {t('invoices.new.notInvoiceable', { status: t(`orderStatus.${chosen.status}`) })}
              </Alert>
            )}
            {orderId !== undefined && order.isPending && <Skeleton height={160} radius="md" />}
            {order.isError && (
              <Alert color="red" variant="light" role="alert">
                {order.error.message}
              </Alert>
            )}
            {(linesProblem || general.length > 0) && (
              <Alert color="red" variant="light" role="alert" data-testid="invoice-lines-error">
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

            {chosen && (
              <Stack gap="sm" component="section" aria-labelledby="invoice-lines">
                <Text fw={700} fz="lg" id="invoice-lines" component="h2" m={0}>
                  {t('invoices.new.lines')}
                </Text>
                <Text size="sm" c="dimmed" mt={-8}>
                  {t('invoices.new.linesHint')}
                </Text>
                {values.lines.map((line, index) => {
                  const orderLine = chosen.lines.find((l) => l.id === line.purchase_order_line_id);
                  return (
                    <Paper
                      key={line.key}
                      withBorder
                      radius="md"
                      p="sm"
                      component="fieldset"
                      aria-label={t('orders.form.lineName', { number: index + 1 })}
                      style={{ minWidth: 0, margin: 0 }}
                      data-testid="invoice-line"
                    >
                      <Stack gap="xs">
                        <Group justify="space-between" gap="xs" wrap="wrap">
                          <Text size="sm" fw={700} component="legend" p={0}>
                            {orderLine
                              ? t('invoices.new.orderLine', { number: orderLine.line_no })
                              : t('invoices.new.extraLine')}
                          </Text>
                          <Button
                            variant="subtle"
                            color="red"
                            size="compact-sm"
                            onClick={() =>
                              update({ ...values, lines: values.lines.filter((_, i) => i !== index) })
                            }
                            aria-label={t('orders.form.removeLine', { number: index + 1 })}
                            data-testid="invoice-line-remove"
                          >
                            {t('actions.remove')}
                          </Button>
                        </Group>
                        {orderLine && (
                          <Text size="xs" c="dimmed">
                            {t('invoices.new.orderLineFacts', {
                              ordered: formatQuantity(orderLine.quantity, language),
                              accepted: formatQuantity(orderLine.accepted_quantity, language),
                              invoiced: formatQuantity(orderLine.invoiced_quantity, language),
                              unit: orderLine.unit,
                            })}
                          </Text>
                        )}
                        {serverLines[index] && (
                          <Alert color="red" variant="light" p="xs" role="alert">
                            {message(serverLines[index])}
                          </Alert>
                        )}
                        <Grid gap="sm">
                          <Grid.Col span={{ base: 12, sm: 6 }}>
                            <TextInput
                              label={t('orders.form.description')}
                              required
                              maxLength={500}
                              value={line.description}
                              onChange={(event) =>
                                updateLine(index, { description: event.currentTarget.value })
                              }
                              error={lineError(index, 'description')}
                              data-testid="invoice-line-description"
                            />
                          </Grid.Col>
                          <Grid.Col span={{ base: 6, sm: 2 }}>
                            <TextInput
                              label={t('orders.form.quantity')}
                              required
                              inputMode="decimal"
                              value={line.quantity}
                              onChange={(event) => updateLine(index, { quantity: event.currentTarget.value })}
                              error={lineError(index, 'quantity')}
                              styles={{ input: { textAlign: 'right' } }}
                              data-testid="invoice-line-quantity"
                            />
                          </Grid.Col>
                          <Grid.Col span={{ base: 6, sm: 4 }}>
                            <TextInput
                              label={t('orders.form.unitPrice', { currency })}
                              required
                              inputMode="decimal"
                              value={line.unit_price}
                              onChange={(event) =>
                                updateLine(index, { unit_price: event.currentTarget.value })
                              }
                              error={lineError(index, 'unit_price')}
                              styles={{ input: { textAlign: 'right' } }}
                              data-testid="invoice-line-price"
                            />
                          </Grid.Col>
                        </Grid>
                      </Stack>
                    </Paper>
                  );
                })}
                <Group justify="space-between" align="flex-start" gap="sm" wrap="wrap">
                  <Group gap="xs">
                    <Button
                      variant="light"
                      onClick={() =>
                        update({ ...values, lines: [...values.lines, extraInvoiceLine(chosen)] })
                      }
                      data-testid="invoice-add-line"
                    >
                      {t('invoices.new.addExtra')}
                    </Button>
                    <Button
                      variant="subtle"
                      onClick={() => update({ ...values, lines: invoiceLinesFromOrder(chosen) })}
                      data-testid="invoice-reset-lines"
                    >
                      {t('invoices.new.resetLines')}
                    </Button>
                  </Group>
                  <Paper
                    withBorder
                    radius="md"
                    px="md"
                    py="sm"
                    style={{ flex: '0 1 360px', marginLeft: 'auto' }}
                  >
                    <Stack gap={4} aria-live="polite" data-testid="invoice-totals">
                      <Group justify="space-between" wrap="nowrap">
                        <Text size="sm">{t('totals.net')}</Text>
                        <Text size="sm" fw={600}>
                          {formatMinorAmount(totals.net, currency, language)}
                        </Text>
                      </Group>
                      <Group justify="space-between" wrap="nowrap">
                        <Text size="sm">{t('totals.tax')}</Text>
                        <Text size="sm" fw={600}>
                          {formatMinorAmount(totals.tax, currency, language)}
                        </Text>
                      </Group>
                      <Group justify="space-between" wrap="nowrap">
                        <Text fw={700}>{t('totals.total')}</Text>
                        <Text fw={800} fz="lg" data-testid="invoice-total">
                          {formatMinorAmount(totals.total, currency, language)}
                        </Text>
                      </Group>
                    </Stack>
                  </Paper>
                </Group>
              </Stack>
            )}

            <Flex direction={{ base: 'column-reverse', xs: 'row' }} justify="flex-end" gap="sm">
              <Button variant="default" component={Link} to="/app/p2p/invoices">
                {t('actions.back')}
              </Button>
              <Button type="submit" loading={busy} data-testid="invoice-submit">
                {t('invoices.new.submit')}
              </Button>
            </Flex>
          </Stack>
        </form>
      </DatesProvider>
    </PageFrame>
  );
}
