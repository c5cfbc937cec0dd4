import { Badge, Button, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import {
  BackLink,
  Fact,
  LoadProblem,
  PageFrame,
  PageHeader,
  PageSkeleton,
  Section,
} from '../../../components/PageFrame.tsx';
import { ContractText } from '../../../components/ContractText.tsx';
import { SignatureCodeDialog } from '../../../components/SignatureCodeDialog.tsx';
import { formatDate, formatDay, formatMoney } from '../../../lib/format.ts';
import { toast } from '../../../lib/toast.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { PORTAL_KEY } from '../api.ts';
import { contractQuery, NS_CONTRACTS, portalContractsApi } from '../contracts-api.ts';

/** `/portal/contracts/:id`: the contract sent to the supplier; its signer signs it with a one-time code. */
export function Component() {
  const { t, i18n } = useTranslation(NS_CONTRACTS);
  const language = i18n.resolvedLanguage ?? 'en';
  const id = Number(useParams().id);
  const queryClient = useQueryClient();
  const detail = useQuery(contractQuery(id));
  const [signing, setSigning] = useState(false);
  usePageTitle(detail.data?.title ?? t('list.title'));
  if (detail.error)
    return (
      <LoadProblem
        error={detail.error}
        onRetry={() => void detail.refetch()}
        back={{ to: '/portal/contracts', label: t('detail.back') }}
        notFound={{ title: t('detail.notFound.title'), body: t('detail.notFound.body') }}
      />
    );
  if (!detail.data) return <PageSkeleton />;
  const c = detail.data;
  return (
    <PageFrame testId="portal-contract-page">
      <BackLink to="/portal/contracts" label={t('detail.back')} />
      <PageHeader
        title={c.title}
        badge={<Badge variant="light">{t(`status.${c.status}`)}</Badge>}
        lead={`${c.number} · ${c.buyer.name}`}
        actions={
          <Group gap="xs">
            {c.actions.includes('sign') && (
              <Button onClick={() => setSigning(true)} data-testid="portal-contract-sign">
                {t('detail.sign')}
              </Button>
            )}
            {c.pdf_sha256 && (
              <Button
                component="a"
                href={`/api/v1/portal/contracts/${id}/pdf/`}
                variant="default"
                data-testid="portal-contract-pdf"
              >
                {t('detail.pdf')}
              </Button>
            )}
          </Group>
        }
      />
      <Section title={t('detail.terms')}>
        <SimpleGrid cols={{ base: 1, xs: 3 }}>
          <Fact label={t('detail.buyer')}>{c.buyer.name}</Fact>
          <Fact label={t('detail.value')}>{formatMoney(c.value_minor / 100, c.currency, language)}</Fact>
          <Fact label={t('detail.period')}>
            {formatDay(c.start_date, language)} – {formatDay(c.end_date, language)}
          </Fact>
        </SimpleGrid>
      </Section>
      {c.signatures.length > 0 && (
        <Section title={t('detail.signatures')} testId="portal-contract-signatures">
          <Stack gap="xs">
            {c.signatures.map((s) => (
              <Group key={s.side} gap="xs" wrap="wrap">
                <Badge variant="light">{t(`side.${s.side}`)}</Badge>
                <Text size="sm" fw={600}>
                  {s.signer}
                </Text>
                <Text size="sm" c="dimmed">
                  {s.party} · {formatDate(s.signed_at, language, true)} · {t(`method.${s.method}`)}
                </Text>
              </Group>
            ))}
            {c.pdf_sha256 && (
              <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                SHA-256 (PDF): {c.pdf_sha256}
              </Text>
            )}
          </Stack>
        </Section>
      )}
      <Section title={t('detail.text')}>
        <ContractText html={c.body_html} />
      </Section>
      <SignatureCodeDialog
        opened={signing}
        onClose={() => setSigning(false)}
        requestCode={() => portalContractsApi.requestCode(id)}
        sign={async (code) => {
          await portalContractsApi.sign(id, code);
          await queryClient.invalidateQueries({ queryKey: [PORTAL_KEY, 'contracts'] });
          toast.success(t('detail.signed'));
        }}
        labels={{
          title: t('sign.title'),
          mailed: t('sign.mailed'),
          authenticator: t('sign.authenticator'),
          send: t('sign.send'),
          sign: t('sign.sign'),
          cancel: t('cancel'),
          codeLabel: t('sign.code'),
        }}
      />
    </PageFrame>
  );
}
