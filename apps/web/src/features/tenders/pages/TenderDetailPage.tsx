import { Anchor, Badge, Container, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { TenderDetail } from '@zabuni/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { Countdown } from '../../../components/Countdown.tsx';
import { CountryFlag } from '../../../components/CountryFlag.tsx';
import { StatusMessage } from '../../../components/StatusMessage.tsx';
import { countryName, formatDate } from '../../../lib/format.ts';
import { useMetaDescription } from '../../../lib/use-meta-description.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { isNotFound, useTender } from '../api/available-tenders.ts';
import { AttachmentList } from '../../../components/AttachmentList.tsx';
import { ClosingDate } from '../../../components/ClosingDate.tsx';
import { TenderStatusBadge } from '../components/StatusBadges.tsx';
import { TenderContent } from '../components/TenderContent.tsx';
import { StatusIcon } from '../../../components/Icon.tsx';
import { PlainButton } from '../../../components/PlainButton.tsx';
import classes from './TenderDetailPage.module.css';

/** SPEC §2 tender detail: About content, an info sidebar, the attachments and a call to subscribe. */
export function Component() {
  const { t, i18n } = useTranslation('tenders');
  const language = i18n.resolvedLanguage ?? 'en';
  const navigate = useNavigate();
  const id = Number(useParams().id);
  const tender = useTender(id);
  const data = tender.data;
  const missing = !Number.isInteger(id) || id <= 0 || (tender.isError && isNotFound(tender.error));
  usePageTitle(missing ? t('detail.notFound.title') : (data?.title ?? t('detail.title')));
  useMetaDescription(
    data
      ? t('detail.metaDescription', {
          title: data.title,
          company: data.company,
          date: formatDate(data.closing_date, language, true),
        })
      : undefined,
  );

  if (missing) {
    return (
      <Container size="sm" py="xl">
        <StatusMessage
          icon={<StatusIcon name="document" />}
          title={t('detail.notFound.title')}
          body={t('detail.notFound.body')}
          action={{ label: t('detail.backToList'), onClick: () => navigate('/tenders') }}
        />
      </Container>
    );
  }
  if (tender.isError) {
    return (
      <Container size="sm" py="xl">
        <StatusMessage
          title={t('errors.loadFailed', { ns: 'common' })}
          body={tender.error.message}
          action={{ label: t('retry', { ns: 'common' }), onClick: () => void tender.refetch() }}
        />
      </Container>
    );
  }

  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <Anchor component={Link} to="/tenders" size="sm" w="fit-content">
          ← {t('detail.backToList')}
        </Anchor>
        {data ? <Header tender={data} /> : <Skeleton height={72} radius="md" />}
        <div className={classes.columns}>
          <Stack gap="lg">
            <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section">
              <Title order={2} fz="lg" mb="sm">
                {t('detail.about')}
              </Title>
              {data ? <TenderContent html={data.content} /> : <Skeleton height={220} />}
            </Paper>
            <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section">
              <Title order={2} fz="lg" mb="sm">
                {t('attachments.title')}
              </Title>
              {data ? <AttachmentList attachments={data.attachments} /> : <Skeleton height={48} />}
            </Paper>
          </Stack>
          <Stack gap="lg">
            {data ? <InfoSidebar tender={data} /> : <Skeleton height={360} radius="md" />}
            <SubscribeCall />
          </Stack>
        </div>
      </Stack>
    </Container>
  );
}

function Header({ tender }: { tender: TenderDetail }) {
  const { t } = useTranslation('tenders');
  return (
    <Stack gap={6}>
      <Group gap={6}>
        <Badge variant="light" color="brand" radius="sm" tt="none">
          {t(`jobType.${tender.job_type}`)}
        </Badge>
        {tender.published_by !== null && (
          <Badge variant="filled" color="orange" radius="sm" data-testid="sponsored">
            {t('card.sponsored')}
          </Badge>
        )}
        <TenderStatusBadge status={tender.status} />
      </Group>
      <Title order={1} fz={{ base: 24, sm: 30 }} lh={1.25} data-testid="tender-title">
        {tender.title}
      </Title>
      <Text c="dimmed" fw={500}>
        {tender.company}
      </Text>
    </Stack>
  );
}

function InfoRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text component="dt" size="xs" c="dimmed" tt="uppercase" fw={600} lts={0.3}>
        {label}
      </Text>
      <Text component="dd" size="sm" m={0} style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </div>
  );
}

function InfoSidebar({ tender }: { tender: TenderDetail }) {
  const { t, i18n } = useTranslation('tenders');
  const language = i18n.resolvedLanguage ?? 'en';
  const country = countryName(tender.country.iso2, tender.country.name, language);
  return (
    <Paper
      withBorder
      radius="md"
      p="lg"
      component="aside"
      aria-label={t('detail.info')}
      data-testid="tender-info"
    >
      <Stack gap="md">
        <Title order={2} fz="lg">
          {t('detail.info')}
        </Title>
        <Stack gap="sm" component="dl" m={0}>
          <InfoRow label={t('info.title')}>{tender.title}</InfoRow>
          <InfoRow label={t('info.company')}>{tender.company}</InfoRow>
          <InfoRow label={t('info.sector')}>
            {tender.sector ? t(`sector.${tender.sector}`, { defaultValue: tender.sector }) : '—'}
          </InfoRow>
          <InfoRow label={t('info.closingDate')}>
            <ClosingDate value={tender.closing_date} />
          </InfoRow>
          <InfoRow label={t('info.category')}>{tender.category?.name ?? '—'}</InfoRow>
          <InfoRow label={t('info.status')}>
            <TenderStatusBadge status={tender.status} />
          </InfoRow>
          <InfoRow label={t('info.country')}>
            <Group component="span" gap={6} wrap="nowrap">
              <CountryFlag src={tender.country.flag} name="" size={12} />
              {country}
            </Group>
          </InfoRow>
          <InfoRow label={t('info.jobType')}>{t(`jobType.${tender.job_type}`)}</InfoRow>
        </Stack>
        {tender.status !== 'cancelled' && (
          <div>
            <Text size="xs" c="dimmed" tt="uppercase" fw={600} lts={0.3} mb={6}>
              {t('info.timeLeft')}
            </Text>
            <Countdown closingAt={tender.closing_date} />
          </div>
        )}
      </Stack>
    </Paper>
  );
}

/** SPEC §2: a call to subscribe links to /tenders-subscribe. */
function SubscribeCall() {
  const { t } = useTranslation('tenders');
  return (
    <Paper radius="md" p="lg" bg="brand.0" data-testid="subscribe-call">
      <Stack gap="xs">
        <Title order={2} fz="md">
          {t('subscribe.title')}
        </Title>
        <Text size="sm">{t('subscribe.body')}</Text>
        <PlainButton to="/tenders-subscribe" style={{ marginTop: 'calc(0.25rem * var(--mantine-scale))' }}>
          {t('subscribe.button')}
        </PlainButton>
      </Stack>
    </Paper>
  );
}
