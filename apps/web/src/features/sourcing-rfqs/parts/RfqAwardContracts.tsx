import {
  Anchor,
  Badge,
  Button,
  Group,
  Modal,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { rfqContractForm, type RfqContractForm } from '@zabuni/contracts';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Section } from '../../../components/PageFrame.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { contractResolver, failureText, messageText } from '../../../lib/form-errors.ts';
import { formatAmount } from '../../../lib/money.ts';
import { toast } from '../../../lib/toast.ts';
import { contractTemplatesQuery, NS, rfqsApi, rfqsKey, type RfqView } from '../api.ts';

interface Values {
  supplier_id: number;
  template_id: number | null;
  start_date: string;
  end_date: string;
}

/** Cents of a decimal text (the award's amounts), to add them exactly. */
const cents = (text: string) => {
  const [whole = '0', fraction = ''] = text.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0').slice(0, 2));
};

/**
 * Issue 22: per awarded supplier, the contract drafted from the award (linked) or, for a contract writer,
 * "Draft a contract": a template chosen, the term optional (from today for a year when left empty).
 */
export function RfqAwardContracts({ rfq, organisationId }: { rfq: RfqView; organisationId: number }) {
  const { t, i18n } = useTranslation(NS);
  const language = i18n.resolvedLanguage ?? 'en';
  const [supplier, setSupplier] = useState<{ id: number; name: string } | null>(null);
  const mayDraft = rfq.actions.includes('draft_contract');
  const winners = new Map<number, { name: string; cents: number }>();
  for (const line of rfq.award) {
    const entry = winners.get(line.supplier.id) ?? { name: line.supplier.name, cents: 0 };
    entry.cents += cents(line.net) + cents(line.tax);
    winners.set(line.supplier.id, entry);
  }
  if (rfq.status !== 'awarded' || winners.size === 0) return null;

  return (
    <Section title={t('contracts.title')} testId="rfq-award-contracts">
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t('contracts.lead')}
        </Text>
        {[...winners].map(([id, winner]) => {
          const contract = rfq.contracts.find((c) => c.supplier_id === id);
          return (
            <Paper key={id} withBorder radius="sm" p="sm" data-testid="rfq-award-contract-row">
              <Group justify="space-between" align="center" gap="sm" wrap="wrap">
                <Stack gap={2} style={{ minWidth: 0, flex: '1 1 200px' }}>
                  <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {winner.name}
                  </Text>
                  <Text size="sm" c="dimmed">
                    {t('contracts.value')}:{' '}
                    <Text span size="sm" c="dark" style={{ whiteSpace: 'nowrap' }}>
                      {formatAmount((winner.cents / 100).toFixed(2), rfq.currency, language)}
                    </Text>
                  </Text>
                </Stack>
                {contract ? (
                  <Group gap="xs" wrap="wrap">
                    <Text size="sm" c="dimmed">
                      {t('contracts.contract')}:
                    </Text>
                    <Anchor
                      component={Link}
                      to={`/app/contracts/${contract.id}`}
                      size="sm"
                      data-testid="rfq-award-contract"
                    >
                      {contract.number}
                    </Anchor>
                    <Badge variant="light" size="sm">
                      {t(`contracts.status.${contract.status}`, { defaultValue: contract.status })}
                    </Badge>
                  </Group>
                ) : mayDraft ? (
                  <Button
                    size="xs"
                    variant="light"
                    onClick={() => setSupplier({ id, name: winner.name })}
                    data-testid="rfq-draft-contract"
                  >
                    {t('contracts.draft')}
                  </Button>
                ) : (
                  <Text size="sm" c="dimmed">
                    {t('contracts.none')}
                  </Text>
                )}
              </Group>
            </Paper>
          );
        })}
      </Stack>
      {supplier && (
        <DraftContractDialog
          rfq={rfq}
          organisationId={organisationId}
          supplier={supplier}
          onClose={() => setSupplier(null)}
        />
      )}
    </Section>
  );
}

function DraftContractDialog({
  rfq,
  organisationId,
  supplier,
  onClose,
}: {
  rfq: RfqView;
  organisationId: number;
  supplier: { id: number; name: string };
  onClose: () => void;
}) {
  const { t } = useTranslation(NS);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const templates = useQuery(contractTemplatesQuery(organisationId));
  const [problem, setProblem] = useState<string | null>(null);
  const { control, register, handleSubmit, setError, formState } = useForm<Values, unknown, RfqContractForm>({
    resolver: contractResolver<Values, RfqContractForm>(rfqContractForm),
    defaultValues: { supplier_id: supplier.id, template_id: null, start_date: '', end_date: '' },
  });
  const errorOf = (name: keyof Values) => messageText(formState.errors[name]?.message);
  const active = (templates.data ?? []).filter((tpl) => tpl.active);

  const submit = handleSubmit(async (form) => {
    setProblem(null);
    try {
      const created = await rfqsApi.draftContract(rfq.id, {
        ...form,
        start_date: form.start_date || undefined,
        end_date: form.end_date || undefined,
      });
      await queryClient.invalidateQueries({ queryKey: rfqsKey(organisationId) });
      toast.success(t('contracts.drafted', { number: created.number }));
      void navigate(`/app/contracts/${created.id}`);
    } catch (failure) {
      const field =
        failure instanceof ApiError ? (failure.body as { field?: string } | null)?.field : undefined;
      if (field && ['template_id', 'start_date', 'end_date'].includes(field))
        setError(field as keyof Values, { message: failure instanceof Error ? failure.message : '' });
      else setProblem(failureText(failure));
    }
  });

  return (
    <Modal opened onClose={onClose} title={t('contracts.dialogTitle', { supplier: supplier.name })} centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {t('contracts.dialogLead')}
          </Text>
          <Controller
            control={control}
            name="template_id"
            render={({ field }) => (
              <Select
                label={t('contracts.template')}
                required
                data={active.map((tpl) => ({
                  value: String(tpl.id),
                  label: `${tpl.name} (${tpl.language})`,
                }))}
                value={field.value === null ? null : String(field.value)}
                onChange={(value) => field.onChange(value ? Number(value) : null)}
                error={errorOf('template_id')}
                nothingFoundMessage={t('contracts.noTemplates')}
                comboboxProps={{ withinPortal: true }}
                data-testid="rfq-contract-template"
              />
            )}
          />
          {templates.isSuccess && active.length === 0 && (
            <Text size="sm" c="red.8">
              {t('contracts.noTemplates')}
            </Text>
          )}
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <TextInput
              type="date"
              label={t('contracts.start')}
              description={t('contracts.startHelp')}
              {...register('start_date')}
              error={errorOf('start_date')}
              data-testid="rfq-contract-start"
            />
            <TextInput
              type="date"
              label={t('contracts.end')}
              description={t('contracts.endHelp')}
              {...register('end_date')}
              error={errorOf('end_date')}
              data-testid="rfq-contract-end"
            />
          </SimpleGrid>
          {problem && (
            <Text size="sm" c="red.8" role="alert" data-testid="rfq-contract-problem">
              {problem}
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('contracts.cancel')}
            </Button>
            <Button type="submit" loading={formState.isSubmitting} data-testid="rfq-contract-create">
              {t('contracts.create')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
