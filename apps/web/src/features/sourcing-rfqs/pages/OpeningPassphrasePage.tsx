import { Alert, Button, PasswordInput, Stack, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageFrame, PageHeader, PageSkeleton, Section } from '../../../components/PageFrame.tsx';
import { failureText } from '../../../lib/form-errors.ts';
import { toast } from '../../../lib/toast.ts';
import { NS, openingKeyQuery, rfqsApi } from '../api.ts';
import { useRfqRoles } from '../roles.ts';

/** `/app/sourcing/opening-passphrase`: a committee member's opening passphrase (never stored by the server). */
export function Component() {
  const { t } = useTranslation(NS);
  const { organisationId } = useRfqRoles();
  const queryClient = useQueryClient();
  const status = useQuery(openingKeyQuery(organisationId));
  const [current, setCurrent] = useState('');
  const [passphrase, setPassphrase] = useState('');
  const [again, setAgain] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (!status.data)
    return (
      <PageFrame>
        <PageSkeleton />
      </PageFrame>
    );
  const hasKey = status.data.has_key;
  const save = async () => {
    setProblem(null);
    if (passphrase !== again) return setProblem(t('passphrase.mismatch'));
    setBusy(true);
    try {
      const saved = await rfqsApi.setOpeningKey({
        passphrase,
        ...(hasKey ? { current_passphrase: current } : {}),
      });
      queryClient.setQueryData(openingKeyQuery(organisationId).queryKey, saved);
      setCurrent('');
      setPassphrase('');
      setAgain('');
      toast.success(t('passphrase.saved'));
    } catch (failure) {
      setProblem(failureText(failure));
    } finally {
      setBusy(false);
    }
  };
  return (
    <PageFrame testId="opening-passphrase-page">
      <PageHeader module="sourcing" title={t('title.passphrase')} lead={t('passphrase.lead')} />
      <Section title={hasKey ? t('passphrase.change') : t('passphrase.set')}>
        <Stack gap="sm" maw={420}>
          {hasKey && (
            <Text size="sm" c="teal" data-testid="passphrase-set">
              {t('passphrase.hasKey')}
            </Text>
          )}
          <Alert color="yellow">{t('passphrase.warning')}</Alert>
          {problem && (
            <Alert color="red" data-testid="passphrase-problem">
              {problem}
            </Alert>
          )}
          {hasKey && (
            <PasswordInput
              label={t('passphrase.current')}
              value={current}
              onChange={(e) => setCurrent(e.currentTarget.value)}
              data-testid="passphrase-current"
            />
          )}
          <PasswordInput
            label={t('passphrase.new')}
            description={t('passphrase.rule')}
            value={passphrase}
            onChange={(e) => setPassphrase(e.currentTarget.value)}
            data-testid="passphrase-new"
          />
          <PasswordInput
            label={t('passphrase.again')}
            value={again}
            onChange={(e) => setAgain(e.currentTarget.value)}
            data-testid="passphrase-again"
          />
          <Button
            loading={busy}
            disabled={!passphrase}
            onClick={() => void save()}
            data-testid="passphrase-save"
          >
            {t('passphrase.save')}
          </Button>
        </Stack>
      </Section>
    </PageFrame>
  );
}
