import { Card, Stack, Switch, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../../lib/toast.ts';
import {
  organisationSettingsApi,
  organisationSettingsQuery,
  useOrganisationSettings,
} from '../api/organisation-settings.ts';
import { errorText, NS, useIsOrgAdmin, useMessage } from './shared.tsx';

/**
 * Segregation of duties, as the organisation runs it: the rules that always hold, and the one switch an
 * administrator may turn off (one person decides at most one step of the same document).
 */
export function ApprovalSettingsCard({ organisationId }: { organisationId: number }) {
  const { t } = useTranslation(NS);
  const message = useMessage();
  const isAdmin = useIsOrgAdmin();
  const queryClient = useQueryClient();
  const settings = useOrganisationSettings(organisationId);
  const [busy, setBusy] = useState(false);
  if (!settings.data) return null;

  const change = async (checked: boolean) => {
    setBusy(true);
    try {
      const saved = await organisationSettingsApi.update({ sod_one_step_per_person: checked });
      queryClient.setQueryData(organisationSettingsQuery(organisationId).queryKey, saved);
      toast.success(t(checked ? 'approvalSettings.turnedOn' : 'approvalSettings.turnedOff'));
    } catch (failure) {
      toast.error(message(errorText(failure)));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card withBorder padding="md" radius="md" data-testid="approval-settings">
      <Stack gap="xs">
        <Text fw={600}>{t('approvalSettings.title')}</Text>
        <Text size="sm" c="dimmed" maw={760}>
          {t('approvalSettings.rules')}
        </Text>
        <Switch
          label={t('approvalSettings.oneStepPerPerson')}
          description={isAdmin ? t('approvalSettings.oneStepPerPersonHint') : t('approvalSettings.adminOnly')}
          checked={settings.data.sod_one_step_per_person}
          disabled={!isAdmin || busy}
          onChange={(event) => void change(event.currentTarget.checked)}
          data-testid="sod-one-step-per-person"
        />
      </Stack>
    </Card>
  );
}
