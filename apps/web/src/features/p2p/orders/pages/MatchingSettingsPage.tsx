import { Alert, Button, Group, Paper, SegmentedControl, Skeleton, Stack, Text } from '@mantine/core';
import { useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Category } from '@zabuni/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../../lib/toast.ts';
import { StatusMessage } from '../../../../components/StatusMessage.tsx';
import { RemotePicker } from '../../../../components/RemotePicker.tsx';
import { ApiError } from '../../../../lib/api-client.ts';
import { useCategories } from '../../../../lib/reference-data.ts';
import { fetchAllPages } from '../../../../lib/fetch-all.ts';
import { ordersKey } from '../api/keys.ts';
import {
  matchingSettingsQuery,
  saveMatchingSettings,
  type MatchingSettings,
} from '../api/matching-settings.ts';
import { supplierQuery } from '../api/suppliers.ts';
import { PageFrame, PageHeader, Section } from '../../../../components/PageFrame.tsx';
import { SettingsEditor } from '../components/SettingsEditor.tsx';
import { SupplierPicker } from '../components/SupplierPicker.tsx';
import {
  checkMatchingForm,
  matchingFormFrom,
  matchingHasProblems,
  newOverride,
  toMatchingPayload,
  type MatchingFormValues,
  type MatchingProblems,
  type OverrideValues,
} from '../model/matching-form.ts';
import { NS } from '../model/messages.ts';
import { messageText } from '../../../../lib/form-errors.ts';
import { useRoles } from '../model/roles.ts';

/** `/app/p2p/matching-settings`: how invoices are matched, and how far they may differ (administrators). */
export function Component() {
  const { t } = useTranslation(NS);
  const { organisationId, admin } = useRoles();
  const settings = useQuery({ ...matchingSettingsQuery(organisationId), enabled: admin });
  const title = t('screens.matchingSettings.name', { ns: 'platform' });

  let body;
  if (!admin) {
    body = <StatusMessage title={t('common.forbidden')} body={t('matching.onlyAdmins')} />;
  } else if (settings.isError) {
    const forbidden = settings.error instanceof ApiError && settings.error.status === 403;
    body = (
      <StatusMessage
        title={forbidden ? t('common.forbidden') : t('errors.loadFailed', { ns: 'common' })}
        body={forbidden ? t('matching.onlyAdmins') : settings.error.message}
        action={
          forbidden
            ? undefined
            : { label: t('retry', { ns: 'common' }), onClick: () => void settings.refetch() }
        }
      />
    );
  } else if (!settings.data) {
    body = (
      <Stack gap="md" aria-busy aria-label={t('loading', { ns: 'common' })}>
        <Skeleton height={240} radius="md" />
        <Skeleton height={320} radius="md" />
      </Stack>
    );
  } else {
    body = (
      <MatchingForm
        key={JSON.stringify(settings.data)}
        organisationId={organisationId}
        settings={settings.data}
      />
    );
  }
  return (
    <PageFrame testId="matching-settings-page">
      <PageHeader module="p2p" title={title} lead={t('matching.lead')} />
      {body}
    </PageFrame>
  );
}

function MatchingForm({ organisationId, settings }: { organisationId: number; settings: MatchingSettings }) {
  const { t } = useTranslation(NS);
  const queryClient = useQueryClient();
  const [values, setValues] = useState<MatchingFormValues>(() => matchingFormFrom(settings));
  const [problems, setProblems] = useState<MatchingProblems | null>(null);
  const [serverProblem, setServerProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [scope, setScope] = useState<'supplier' | 'category'>('supplier');
  const message = (text: string | undefined) => messageText(text);
  const hasCategories = values.overrides.some((o) => o.scope === 'category');
  const categories = useQuery({
    queryKey: ordersKey(organisationId, 'categories', 'all'),
    queryFn: ({ signal }) => fetchAllPages<Category>('/core/category-types/', {}, signal),
    staleTime: Infinity,
    enabled: hasCategories,
  });
  const suppliers = useQueries({
    queries: settings.overrides
      .filter((o) => o.scope === 'supplier')
      .map((o) => ({ ...supplierQuery(organisationId, o.scope_id), staleTime: 60_000 })),
  });
  const supplierName = (id: number | undefined) => suppliers.find((s) => s.data?.id === id)?.data?.name;
  const categoryName = (id: number | undefined) => categories.data?.find((c) => c.id === id)?.name;

  const update = (next: MatchingFormValues) => {
    setValues(next);
    if (problems) setProblems(checkMatchingForm(next));
  };
  const updateOverride = (index: number, next: OverrideValues) =>
    update({ ...values, overrides: values.overrides.map((o, i) => (i === index ? next : o)) });

  const save = async () => {
    const found = checkMatchingForm(values);
    setProblems(found);
    setServerProblem(null);
    if (matchingHasProblems(found)) {
      toast.error(t('orders.form.fixErrors'));
      return;
    }
    setBusy(true);
    try {
      const saved = await saveMatchingSettings(toMatchingPayload(values));
      queryClient.setQueryData(matchingSettingsQuery(organisationId).queryKey, saved);
      toast.success(t('matching.saved'));
    } catch (failure) {
      const body = failure instanceof ApiError ? failure.body : null;
      const named = body
        ? Object.entries(body)
            .filter(([key]) => key !== 'detail')
            .map(([key, value]) => `${key}: ${Array.isArray(value) ? value.join(' ') : value}`)
        : [];
      setServerProblem(
        named.length > 0
          ? named.join('\n')
          : (message(failure instanceof Error ? failure.message : String(failure)) ?? ''),
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="lg" data-testid="matching-form">
      <Section title={t('matching.organisationTitle')} testId="matching-organisation">
        <SettingsEditor
          value={values.organisation}
          onChange={(organisation) => update({ ...values, organisation })}
          problems={problems?.organisation}
          idPrefix="organisation"
        />
      </Section>
      <Section title={t('matching.overridesTitle')} testId="matching-overrides">
        <Text size="sm" c="dimmed">
          {t('matching.overridesLead')}
        </Text>
        {values.overrides.length === 0 && (
          <Text size="sm" c="dimmed" data-testid="no-overrides">
            {t('matching.noOverrides')}
          </Text>
        )}
        {values.overrides.map((override, index) => (
          <Paper key={override.key} withBorder radius="md" p="sm" data-testid="matching-override">
            <Stack gap="sm">
              <Group justify="space-between" gap="xs" wrap="wrap" align="flex-end">
                <div style={{ flex: '1 1 260px', minWidth: 0 }}>
                  {override.scope === 'supplier' ? (
                    <SupplierPicker
                      label={t('matching.forSupplier')}
                      value={override.scope_id}
                      selectedName={supplierName(override.scope_id)}
                      onChange={(id) => updateOverride(index, { ...override, scope_id: id })}
                      error={message(problems?.overrides[index]?.scope_id)}
                      required
                      testId="override-supplier"
                    />
                  ) : (
                    <RemotePicker<Category>
                      label={t('matching.forCategory')}
                      placeholder={t('orders.form.categoryPlaceholder')}
                      nothingFound={t('common.nothingFound')}
                      value={override.scope_id}
                      onChange={(id) => updateOverride(index, { ...override, scope_id: id })}
                      useOptions={useCategories}
                      toOption={(c) => ({ value: String(c.id), label: c.name })}
                      selectedOption={
                        override.scope_id !== undefined && categoryName(override.scope_id)
                          ? { value: String(override.scope_id), label: categoryName(override.scope_id)! }
                          : undefined
                      }
                      minSearchLength={2}
                      error={message(problems?.overrides[index]?.scope_id)}
                      required
                      testId="override-category"
                    />
                  )}
                </div>
                <Button
                  variant="subtle"
                  color="red"
                  onClick={() =>
                    update({ ...values, overrides: values.overrides.filter((_, i) => i !== index) })
                  }
                  data-testid="override-remove"
                >
                  {t('actions.remove')}
                </Button>
              </Group>
              <SettingsEditor
                value={override}
                onChange={(next) => updateOverride(index, { ...override, ...next })}
                problems={problems?.overrides[index]}
                idPrefix={`override-${index}`}
                compactLevel
              />
            </Stack>
          </Paper>
        ))}
        <Group gap="sm" wrap="wrap">
          <SegmentedControl
            value={scope}
            onChange={(value) => setScope(value as 'supplier' | 'category')}
            data={[
              { value: 'supplier', label: t('matching.scope.supplier') },
              { value: 'category', label: t('matching.scope.category') },
            ]}
            aria-label={t('matching.scope.label')}
          />
          <Button
            variant="light"
            onClick={() =>
              update({ ...values, overrides: [...values.overrides, newOverride(values.organisation, scope)] })
            }
            data-testid="override-add"
          >
            {t('matching.addOverride')}
          </Button>
        </Group>
      </Section>
      {serverProblem && (
        <Alert
          color="red"
          variant="light"
          role="alert"
          style={{ whiteSpace: 'pre-wrap' }}
          data-testid="matching-error"
        >
          {serverProblem}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button loading={busy} onClick={() => void save()} data-testid="matching-save">
          {t('actions.save')}
        </Button>
      </Group>
    </Stack>
  );
}
