import '@mantine/dates/styles.css';
import {
  Alert,
  Button,
  Fieldset,
  Flex,
  Grid,
  Group,
  NumberInput,
  Paper,
  Select,
  Stack,
  Text,
  Textarea,
} from '@mantine/core';
import { DateInput, DatesProvider } from '@mantine/dates';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, useFieldArray, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { toast } from '../../../../lib/toast.ts';
import { useDayjsLocale } from '../../../../lib/use-dayjs-locale.ts';
import { ordersKey } from '../api/keys.ts';
import { activeDepartmentsQuery, taxRatesQuery, type RequisitionView } from '../api/lookups.ts';
import { orderQuery, ordersApi, saveOrder, type PurchaseOrderView } from '../api/purchase-orders.ts';
import { NS } from '../model/messages.ts';
import { messageText } from '../../../../lib/form-errors.ts';
import { formatMinorAmount } from '../../../../lib/money.ts';
import {
  emptyOrderLine,
  isDirect,
  lineFromRequisition,
  MAX_LINES,
  ORDER_FIELDS,
  orderResolver,
  orderTotals,
  serverFormErrors,
  type OrderFormValues,
  type OrderPayload,
} from '../model/order-form.ts';
import { OrderLine } from './OrderLine.tsx';
import { RequisitionLinesPicker } from './RequisitionLinesPicker.tsx';
import { SupplierPicker } from './SupplierPicker.tsx';

const CURRENCIES = ['KES', 'UGX', 'TZS', 'RWF', 'BIF', 'ETB', 'SSP', 'SOS', 'CDF', 'USD', 'EUR', 'GBP'];

interface Props {
  organisationId: number;
  initial: OrderFormValues;
  /** The draft being edited; absent for a new order. */
  order?: PurchaseOrderView;
  /** Requisitions shown as chosen at once (a new order started from a requisition's "Create order"). */
  initialRequisitions?: number[];
}

/**
 * The purchase order form: supplier (its payment terms come with it), delivery, lines with their tax rates
 * and exact live totals; saved as a draft, or saved and sent for approval at once.
 */
export function OrderForm({ organisationId, initial, order, initialRequisitions = [] }: Props) {
  const { t, i18n } = useTranslation(NS);
  const language = i18n.resolvedLanguage ?? 'en';
  const datesLocale = useDayjsLocale(language);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const departments = useQuery(activeDepartmentsQuery(organisationId));
  const rates = useQuery(taxRatesQuery(organisationId));
  const id = order?.id ?? null;
  const form = useForm<OrderFormValues, unknown, OrderPayload>({
    resolver: orderResolver,
    defaultValues: initial,
  });
  const lines = useFieldArray({ control: form.control, name: 'lines', keyName: 'fieldKey' });
  const values = useWatch({ control: form.control }) as OrderFormValues;
  const currency = (values.currency ?? 'KES').toUpperCase();
  const { errors, isSubmitting } = form.formState;
  const [chosenRequisitions, setChosenRequisitions] = useState<number[]>(initialRequisitions);
  const [lineProblems, setLineProblems] = useState<Record<number, string>>({});
  const [generalProblems, setGeneralProblems] = useState<string[]>([]);
  const [action, setAction] = useState<'draft' | 'submit' | null>(null);
  const [submitProblem, setSubmitProblem] = useState<string | null>(null);
  const totals = orderTotals(values, rates.data);
  const direct = isDirect(values);
  const fromRequisitions = values.source === 'requisition';
  const activeDepartments = departments.data?.results.filter((d) => d.active);
  const chosenLines = new Set(
    (values.lines ?? []).flatMap((l) => (l.requisition_line_id === null ? [] : [l.requisition_line_id])),
  );
  const message = (text: string | undefined) => messageText(text);
  const fieldError = (field: (typeof ORDER_FIELDS)[number]) => message(errors[field]?.message);

  const toggleLine = (
    requisition: RequisitionView,
    line: RequisitionView['lines'][number],
    chosen: boolean,
  ) => {
    if (chosen) {
      if (lines.fields.length === 0 || isDirect(form.getValues()))
        form.setValue('currency', requisition.currency);
      lines.append(lineFromRequisition(requisition, line), { shouldFocus: false });
    } else {
      const index = form.getValues('lines').findIndex((l) => l.requisition_line_id === line.id);
      if (index >= 0) lines.remove(index);
    }
  };

  const remember = (saved: PurchaseOrderView) => {
    queryClient.setQueryData(orderQuery(organisationId, saved.id).queryKey, saved);
    void queryClient.invalidateQueries({ queryKey: ordersKey(organisationId, 'orders', 'list') });
    void queryClient.invalidateQueries({ queryKey: ordersKey(organisationId, 'requisitions') });
  };

  const save = (submit: boolean) =>
    form.handleSubmit(async (payload) => {
      setAction(submit ? 'submit' : 'draft');
      setLineProblems({});
      setGeneralProblems([]);
      setSubmitProblem(null);
      let saved: PurchaseOrderView;
      try {
        saved = await saveOrder(id, payload);
      } catch (failure) {
        const placed = serverFormErrors(failure, ORDER_FIELDS);
        for (const [field, text] of Object.entries(placed.fields)) {
          form.setError(field as (typeof ORDER_FIELDS)[number], { type: 'server', message: String(text) });
        }
        setLineProblems(placed.lines);
        setGeneralProblems(placed.general);
        toast.error(t('orders.form.fixErrors'));
        setAction(null);
        return;
      }
      remember(saved);
      if (!submit) {
        toast.success(t('orders.form.saved', { number: saved.number }));
        void navigate(`/app/p2p/purchase-orders/${saved.id}`);
        return;
      }
      try {
        const submitted = await ordersApi.act(saved.id, 'submit');
        remember(submitted);
        toast.success(t('orders.detail.done.submit', { number: submitted.number }));
        void navigate(`/app/p2p/purchase-orders/${submitted.id}`);
      } catch (failure) {
        // Saved, not sent for approval: the draft stays and says why.
        const text = failure instanceof Error ? failure.message : String(failure);
        toast.error(t('orders.form.submitFailed'));
        if (id === null) {
          void navigate(`/app/p2p/purchase-orders/${saved.id}`, { state: { problem: text } });
        } else {
          setSubmitProblem(text);
          setAction(null);
        }
      }
    })();

  // "Add at least one line": on the array itself (no line left) or on its root (beside the lines' errors).
  const linesError = errors.lines as { message?: string; root?: { message?: string } } | undefined;
  const linesRoot = linesError?.root?.message ?? linesError?.message;

  return (
    <DatesProvider settings={{ locale: datesLocale, firstDayOfWeek: 1 }}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void save(false);
        }}
        noValidate
        data-testid="order-form"
      >
        <Stack gap="lg">
          {submitProblem && (
            <Alert
              color="red"
              variant="light"
              title={t('orders.form.submitFailed')}
              data-testid="submit-error"
            >
              {message(submitProblem)}
            </Alert>
          )}
          {fromRequisitions && id === null && (
            <Fieldset legend={t('orders.form.sections.requisitions')} radius="md">
              <RequisitionLinesPicker
                organisationId={organisationId}
                chosenRequisitions={chosenRequisitions}
                onChooseRequisitions={setChosenRequisitions}
                chosenLines={chosenLines}
                onToggleLine={toggleLine}
              />
            </Fieldset>
          )}
          <Fieldset legend={t('orders.form.sections.supplier')} radius="md">
            <Stack gap="sm">
              <Grid gap="sm">
                <Grid.Col span={{ base: 12, sm: 6 }}>
                  <Controller
                    control={form.control}
                    name="supplier_id"
                    render={({ field }) => (
                      <SupplierPicker
                        onlyActive
                        label={t('orders.form.supplier')}
                        value={field.value}
                        selectedName={values.supplier_name}
                        onChange={(supplierId, supplier) => {
                          field.onChange(supplierId);
                          form.setValue('supplier_name', supplier?.name);
                          // The supplier's terms with this organisation are the order's default.
                          if (supplier) {
                            form.setValue('payment_terms_days', String(supplier.payment_terms_days), {
                              shouldDirty: true,
                            });
                          }
                        }}
                        error={fieldError('supplier_id')}
                        required
                        testId="order-supplier"
                      />
                    )}
                  />
                </Grid.Col>
                <Grid.Col span={{ base: 6, sm: 3 }}>
                  <Controller
                    control={form.control}
                    name="payment_terms_days"
                    render={({ field }) => (
                      <NumberInput
                        label={t('orders.form.paymentTerms')}
                        placeholder={t('orders.form.paymentTermsHint')}
                        min={0}
                        max={365}
                        allowDecimal={false}
                        allowNegative={false}
                        value={field.value === '' ? '' : Number(field.value)}
                        onChange={(value) => field.onChange(value === '' ? '' : String(value))}
                        error={fieldError('payment_terms_days')}
                        data-testid="order-terms"
                      />
                    )}
                  />
                </Grid.Col>
                <Grid.Col span={{ base: 6, sm: 3 }}>
                  <Select
                    label={t('orders.form.currency')}
                    data={CURRENCIES.includes(currency) ? CURRENCIES : [currency, ...CURRENCIES]}
                    value={currency}
                    onChange={(value) => form.setValue('currency', value ?? 'KES', { shouldDirty: true })}
                    allowDeselect={false}
                    searchable
                    required
                    disabled={!direct}
                    error={fieldError('currency')}
                    comboboxProps={{ shadow: 'md' }}
                    data-testid="order-currency"
                  />
                </Grid.Col>
              </Grid>
              <Grid gap="sm">
                <Grid.Col span={{ base: 12, sm: 8 }}>
                  <Textarea
                    label={t('orders.form.deliveryAddress')}
                    required
                    autosize
                    minRows={2}
                    maxRows={5}
                    maxLength={500}
                    error={fieldError('delivery_address')}
                    {...form.register('delivery_address')}
                    data-testid="order-delivery-address"
                  />
                </Grid.Col>
                <Grid.Col span={{ base: 12, sm: 4 }}>
                  <Controller
                    control={form.control}
                    name="delivery_date"
                    render={({ field }) => (
                      <DateInput
                        label={t('orders.form.deliveryDate')}
                        placeholder={t('orders.form.deliveryDatePlaceholder')}
                        valueFormat="DD MMM YYYY"
                        value={field.value}
                        onChange={(value) => field.onChange(value || null)}
                        onBlur={field.onBlur}
                        clearable
                        error={fieldError('delivery_date')}
                        popoverProps={{ withinPortal: true }}
                        data-testid="order-delivery-date"
                      />
                    )}
                  />
                </Grid.Col>
              </Grid>
              <Textarea
                label={t('orders.form.justification')}
                description={
                  direct ? t('orders.form.justificationDirect') : t('orders.form.justificationOptional')
                }
                required={direct}
                autosize
                minRows={2}
                maxRows={8}
                maxLength={2000}
                error={fieldError('justification')}
                {...form.register('justification')}
                data-testid="order-justification"
              />
            </Stack>
          </Fieldset>

          <Stack gap="sm" component="section" aria-labelledby="order-lines">
            <Group justify="space-between" gap="xs">
              <Text fw={700} fz="lg" id="order-lines" component="h2" m={0}>
                {t('orders.form.sections.lines')}
              </Text>
              <Text size="sm" c="dimmed">
                {t('orders.form.lineCount', { count: lines.fields.length })}
              </Text>
            </Group>
            <Text size="sm" c="dimmed" mt={-8}>
              {t('orders.form.pricesHint')}
            </Text>
            {(linesRoot || generalProblems.length > 0) && (
              <Alert color="red" variant="light" role="alert" data-testid="lines-error">
                <Stack gap={4}>
                  {linesRoot && <Text size="sm">{message(linesRoot)}</Text>}
                  {generalProblems.map((text) => (
                    <Text size="sm" key={text}>
                      {message(text)}
                    </Text>
                  ))}
                </Stack>
              </Alert>
            )}
            {lines.fields.length === 0 && fromRequisitions && (
              <Paper withBorder radius="md" p="md" data-testid="no-lines-yet">
                <Text size="sm" c="dimmed">
                  {t('orders.form.chooseLines')}
                </Text>
              </Paper>
            )}
            {lines.fields.map((field, index) => (
              <OrderLine
                key={field.fieldKey}
                control={form.control}
                index={index}
                count={lines.fields.length}
                currency={currency}
                departments={activeDepartments}
                rates={rates.data}
                errors={errors.lines}
                serverError={lineProblems[index]}
                disabled={isSubmitting}
                onRemove={() => lines.remove(index)}
              />
            ))}
            <Group justify="space-between" align="flex-start" gap="sm" wrap="wrap">
              <Button
                variant="light"
                onClick={() => {
                  const last = form.getValues('lines').at(-1);
                  lines.append(
                    emptyOrderLine(last?.requisition_line_id === null ? last.department_id : undefined),
                    {
                      shouldFocus: false,
                    },
                  );
                }}
                disabled={lines.fields.length >= MAX_LINES || isSubmitting}
                data-testid="add-line"
              >
                {fromRequisitions ? t('orders.form.addExtraLine') : t('orders.form.addLine')}
              </Button>
              <Paper
                withBorder
                radius="md"
                px="md"
                py="sm"
                miw={0}
                style={{ flex: '0 1 360px', marginLeft: 'auto' }}
              >
                <Stack gap={4} aria-live="polite" data-testid="order-totals">
                  <Group justify="space-between" gap="md" wrap="nowrap">
                    <Text size="sm">{t('totals.net')}</Text>
                    <Text
                      size="sm"
                      fw={600}
                      data-testid="order-net"
                      style={{ fontVariantNumeric: 'tabular-nums' }}
                    >
                      {formatMinorAmount(totals.net, currency, language)}
                    </Text>
                  </Group>
                  <Group justify="space-between" gap="md" wrap="nowrap">
                    <Text size="sm">{t('totals.tax')}</Text>
                    <Text
                      size="sm"
                      fw={600}
                      data-testid="order-tax"
                      style={{ fontVariantNumeric: 'tabular-nums' }}
                    >
                      {formatMinorAmount(totals.tax, currency, language)}
                    </Text>
                  </Group>
                  <Group justify="space-between" gap="md" wrap="nowrap">
                    <Text fw={700}>{t('totals.total')}</Text>
                    <Text
                      fw={800}
                      fz="xl"
                      ta="right"
                      data-testid="order-total"
                      style={{ fontVariantNumeric: 'tabular-nums', overflowWrap: 'anywhere' }}
                    >
                      {formatMinorAmount(totals.total, currency, language)}
                    </Text>
                  </Group>
                  {totals.incomplete > 0 && (
                    <Text size="xs" c="dimmed" ta="right" data-testid="totals-incomplete">
                      {t('totals.incomplete', { count: totals.incomplete })}
                    </Text>
                  )}
                </Stack>
              </Paper>
            </Group>
          </Stack>

          <Flex direction={{ base: 'column-reverse', xs: 'row' }} justify="flex-end" gap="sm">
            <Button
              variant="default"
              component={Link}
              to={id === null ? '/app/p2p/purchase-orders' : `/app/p2p/purchase-orders/${id}`}
              data-testid="form-cancel"
            >
              {t('actions.back')}
            </Button>
            <Button
              type="submit"
              variant="light"
              loading={action === 'draft'}
              disabled={isSubmitting && action !== 'draft'}
              data-testid="save-draft"
            >
              {t('orders.form.saveDraft')}
            </Button>
            <Button
              onClick={() => void save(true)}
              loading={action === 'submit'}
              disabled={isSubmitting && action !== 'submit'}
              data-testid="save-submit"
            >
              {t('orders.form.saveSubmit')}
            </Button>
          </Flex>
        </Stack>
      </form>
    </DatesProvider>
  );
}
