import '@mantine/dates/styles.css';
import {
  Alert,
  Button,
  Fieldset,
  Flex,
  Grid,
  Group,
  Paper,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useFieldArray, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { toast } from '../../../../lib/toast.ts';
import { ApiError } from '../../../../lib/api-client.ts';
import { failureText, fieldError, messageText } from '../../../../lib/form-errors.ts';
import { useDayjsLocale } from '../../../../lib/use-dayjs-locale.ts';
import {
  activeDepartmentsQuery,
  requisitionQuery,
  saveRequisition,
  submitRequisition,
  type RequisitionView,
} from '../api.ts';
import {
  budgetCheckPayload,
  duplicateLine,
  emptyLine,
  emptyRequisitionForm,
  formFromRequisition,
  formTotal,
  MAX_LINES,
  requisitionResolver,
  serverFormErrors,
  toPayload,
  type RequisitionFormValues,
  type RequisitionPayload,
} from '../requisition-form.ts';
import { formatMinorAmount } from '../../../../lib/money.ts';
import { useBudgetCheck } from '../use-budget-check.ts';
import { AttachmentsSection } from './AttachmentsSection.tsx';
import { BudgetPanel, stopping } from './BudgetPanel.tsx';
import { RequisitionLine } from './RequisitionLine.tsx';

/** Currencies offered first; the organisation's budgets are usually kept in Kenya shillings. */
const CURRENCIES = ['KES', 'UGX', 'TZS', 'RWF', 'BIF', 'ETB', 'SSP', 'SOS', 'CDF', 'USD', 'EUR', 'GBP'];

interface Props {
  /** The saved requisition being edited (draft or returned); absent for a new one. */
  requisition?: RequisitionView;
  /** A problem carried over from the page that saved the draft (its submission was refused). */
  initialProblem?: string | null;
}

export function RequisitionForm({ requisition, initialProblem = null }: Props) {
  const { t, i18n } = useTranslation('requisitions');
  const language = i18n.resolvedLanguage ?? 'en';
  const datesLocale = useDayjsLocale(language);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const departments = useQuery(activeDepartmentsQuery);
  const id = requisition?.id ?? null;
  const form = useForm<RequisitionFormValues, unknown, RequisitionPayload>({
    resolver: requisitionResolver,
    defaultValues: requisition ? formFromRequisition(requisition) : emptyRequisitionForm(),
  });
  const lines = useFieldArray({ control: form.control, name: 'lines' });
  const values = useWatch({ control: form.control }) as RequisitionFormValues;
  const currency = (values.currency ?? 'KES').toUpperCase();
  const { errors, isSubmitting } = form.formState;
  const [problem, setProblem] = useState<{ saved: boolean; message: string } | null>(
    initialProblem === null ? null : { saved: true, message: initialProblem },
  );
  const [lineProblems, setLineProblems] = useState<Record<number, string>>({});
  const [generalProblems, setGeneralProblems] = useState<string[]>([]);
  const [action, setAction] = useState<'draft' | 'submit' | null>(null);

  const total = formTotal(values.lines ?? [], currency);
  const checkable = values.lines ? budgetCheckPayload(values) : null;
  const budget = useBudgetCheck(
    checkable ? { ...checkable, ...(id === null ? {} : { requisition_id: id }) } : null,
  );
  const blocked = budget.current ? stopping(budget.checks) : [];
  const activeDepartments = departments.data?.results.filter((d) => d.active);
  const error = (field: 'title' | 'justification' | 'currency') => fieldError(errors[field]);

  const afterSave = (saved: RequisitionView) => {
    queryClient.setQueryData(requisitionQuery(saved.id).queryKey, saved);
    void queryClient.invalidateQueries({ queryKey: ['p2p', 'requisitions', 'list'] });
  };

  const save = (submit: boolean) =>
    form.handleSubmit(async (payload) => {
      setAction(submit ? 'submit' : 'draft');
      setProblem(null);
      setLineProblems({});
      setGeneralProblems([]);
      let saved: RequisitionView;
      try {
        // Submitting a saved draft nobody changed sends it as it is (no empty "changed" in its history).
        const unchanged =
          requisition !== undefined &&
          JSON.stringify(payload) === JSON.stringify(toPayload(formFromRequisition(requisition)));
        saved = submit && unchanged ? requisition : await saveRequisition(id, payload);
      } catch (failure) {
        setAction(null);
        if (failure instanceof ApiError && failure.status !== 400) {
          // Not the form's fault (changed or submitted meanwhile, no longer the requester's): say so on top.
          const message = failure.message;
          setProblem({ saved: false, message });
          toast.error(message);
          if (failure.status === 409 || failure.status === 403) {
            void queryClient.invalidateQueries({ queryKey: ['p2p', 'requisitions'] });
          }
          return;
        }
        const placed = serverFormErrors(failure);
        for (const [field, message] of Object.entries(placed.fields)) {
          form.setError(field as 'title', { type: 'server', message });
        }
        for (const [path, message] of Object.entries(placed.lineFields)) {
          form.setError(path as `lines.${number}.quantity`, { type: 'server', message });
        }
        setLineProblems(placed.lines);
        setGeneralProblems(placed.general);
        toast.error(t('form.fixErrors'));
        return;
      }
      afterSave(saved);
      if (!submit) {
        toast.success(t('form.saved', { number: saved.number }));
        if (id === null) void navigate(`/app/p2p/requisitions/${saved.id}/edit`, { replace: true });
        else form.reset(formFromRequisition(saved));
        setAction(null);
        return;
      }
      try {
        const submitted = await submitRequisition(saved.id);
        afterSave(submitted);
        toast.success(t('form.submitted', { number: submitted.number }));
        void navigate(`/app/p2p/requisitions/${submitted.id}`);
      } catch (failure) {
        // Saved, not sent: the draft stays, and the reason (over a stopping budget, no approver) is shown.
        const message = failureText(failure);
        toast.error(t('form.submitFailed'));
        if (id === null) {
          void navigate(`/app/p2p/requisitions/${saved.id}/edit`, {
            replace: true,
            state: { submitProblem: message },
          });
        } else {
          form.reset(formFromRequisition(saved));
          setProblem({ saved: true, message });
        }
      } finally {
        setAction(null);
      }
    })();

  // "Add at least one line": on the array itself (no line left) or on its root (beside the lines' errors).
  const linesError = errors.lines as { message?: string; root?: { message?: string } } | undefined;
  const lineErrorsRoot = messageText(linesError?.root?.message ?? linesError?.message);

  return (
    <DatesProvider settings={{ locale: datesLocale, firstDayOfWeek: 1 }}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void save(false);
        }}
        noValidate
        data-testid="requisition-form"
      >
        <Stack gap="lg">
          {problem && (
            <Alert
              color="red"
              variant="light"
              title={problem.saved ? t('form.submitFailed') : t('form.saveFailed')}
              withCloseButton
              onClose={() => setProblem(null)}
              data-testid="submit-error"
            >
              {problem.message}
            </Alert>
          )}
          <Fieldset legend={t('form.sections.details')} radius="md">
            <Stack gap="sm">
              <Grid gap="sm">
                <Grid.Col span={{ base: 12, sm: 9 }}>
                  <TextInput
                    label={t('form.title')}
                    placeholder={t('form.titlePlaceholder')}
                    required
                    maxLength={200}
                    error={error('title')}
                    {...form.register('title')}
                    data-testid="field-title"
                  />
                </Grid.Col>
                <Grid.Col span={{ base: 12, sm: 3 }}>
                  <Select
                    label={t('form.currency')}
                    data={CURRENCIES.includes(currency) ? CURRENCIES : [currency, ...CURRENCIES]}
                    value={currency}
                    onChange={(value) => form.setValue('currency', value ?? 'KES', { shouldDirty: true })}
                    allowDeselect={false}
                    searchable
                    required
                    error={error('currency')}
                    data-testid="field-currency"
                  />
                </Grid.Col>
              </Grid>
              <Textarea
                label={t('form.justification')}
                description={t('form.justificationHint')}
                autosize
                minRows={3}
                maxRows={10}
                maxLength={5000}
                error={error('justification')}
                {...form.register('justification')}
                data-testid="field-justification"
              />
            </Stack>
          </Fieldset>

          <Stack gap="sm" component="section" aria-labelledby="requisition-lines">
            <Group justify="space-between" gap="xs">
              <Text fw={700} fz="lg" id="requisition-lines" component="h2" m={0}>
                {t('form.sections.lines')}
              </Text>
              <Text size="sm" c="dimmed">
                {t('form.lineCount', { count: lines.fields.length })}
              </Text>
            </Group>
            <Text size="sm" c="dimmed" mt={-8}>
              {t('form.pricesHint')}
            </Text>
            {departments.data && activeDepartments?.length === 0 && (
              <Alert color="yellow" variant="light" data-testid="no-departments">
                {t('form.noDepartments')}
              </Alert>
            )}
            {(lineErrorsRoot || generalProblems.length > 0) && (
              <Alert color="red" variant="light" data-testid="lines-error">
                <Stack gap={4}>
                  {lineErrorsRoot && <Text size="sm">{lineErrorsRoot}</Text>}
                  {generalProblems.map((message) => (
                    <Text size="sm" key={message}>
                      {messageText(message)}
                    </Text>
                  ))}
                </Stack>
              </Alert>
            )}
            {lines.fields.map((field, index) => (
              <RequisitionLine
                key={field.id}
                control={form.control}
                index={index}
                count={lines.fields.length}
                currency={currency}
                departments={activeDepartments}
                errors={errors.lines}
                serverError={lineProblems[index]}
                disabled={isSubmitting}
                onRemove={() => lines.remove(index)}
                onDuplicate={() => {
                  const current = form.getValues(`lines.${index}`);
                  lines.insert(index + 1, duplicateLine(current));
                }}
              />
            ))}
            <Group justify="space-between" align="flex-start" gap="sm" wrap="wrap">
              <Button
                variant="light"
                onClick={() => {
                  const last = form.getValues('lines').at(-1);
                  lines.append(emptyLine(last?.department_id), { shouldFocus: false });
                }}
                disabled={lines.fields.length >= MAX_LINES || isSubmitting}
                data-testid="add-line"
              >
                {t('form.addLine')}
              </Button>
              <Paper
                withBorder
                radius="md"
                px="md"
                py="sm"
                miw={0}
                style={{ flex: '0 1 360px', marginLeft: 'auto' }}
              >
                <Group justify="space-between" gap="md" wrap="nowrap">
                  <Text fw={600}>{t('form.total')}</Text>
                  <Text
                    fw={800}
                    fz="xl"
                    ta="right"
                    aria-live="polite"
                    data-testid="requisition-total"
                    style={{ fontVariantNumeric: 'tabular-nums', overflowWrap: 'anywhere' }}
                  >
                    {total.minor === null ? '—' : formatMinorAmount(total.minor, currency, language)}
                  </Text>
                </Group>
                {total.incomplete > 0 && (
                  <Text size="xs" c="dimmed" ta="right" data-testid="total-incomplete">
                    {t('form.incompleteLines', { count: total.incomplete })}
                  </Text>
                )}
              </Paper>
            </Group>
          </Stack>

          <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
            <BudgetPanel
              state={budget.state}
              checks={budget.checks}
              refreshing={budget.refreshing}
              error={budget.error}
              context="form"
            />
          </Paper>

          <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
            {id === null ? (
              <Stack gap={4} data-testid="attachments-section">
                <Text fw={700} fz="lg">
                  {t('attachments.title')}
                </Text>
                <Text size="sm" c="dimmed" data-testid="attachments-after-save">
                  {t('attachments.afterSave')}
                </Text>
              </Stack>
            ) : (
              <AttachmentsSection requisitionId={id} editable />
            )}
          </Paper>

          {blocked.length > 0 && (
            <Alert color="red" variant="light" title={t('form.blockedTitle')} data-testid="submit-blocked">
              {t('form.blockedBody', {
                budgets: blocked.map((check) => check.label).join(', '),
              })}
            </Alert>
          )}
          <Flex direction={{ base: 'column-reverse', xs: 'row' }} justify="flex-end" gap="sm">
            <Button
              variant="default"
              component={Link}
              to={id === null ? '/app/p2p/requisitions' : `/app/p2p/requisitions/${id}`}
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
              {t('form.saveDraft')}
            </Button>
            <Button
              onClick={() => void save(true)}
              loading={action === 'submit'}
              disabled={(isSubmitting && action !== 'submit') || blocked.length > 0}
              data-testid="save-submit"
            >
              {t('form.saveSubmit')}
            </Button>
          </Flex>
        </Stack>
      </form>
    </DatesProvider>
  );
}
