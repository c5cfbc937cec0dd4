import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { Tender } from '@zabuni/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Countdown } from '../../../components/Countdown.tsx';
import { CountryFlag } from '../../../components/CountryFlag.tsx';
import { countryName } from '../../../lib/format.ts';
import { ClosingDate } from '../../../components/ClosingDate.tsx';
import classes from './TenderCard.module.css';

/** SPEC §2 tender card: links to /tenders/show/{id}; "Sponsored" when an advertiser paid to publish it. */
export function TenderCard({ tender }: { tender: Tender }) {
  const { t, i18n } = useTranslation('tenders');
  const language = i18n.resolvedLanguage ?? 'en';
  const country = countryName(tender.country.iso2, tender.country.name, language);
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      className={classes.card}
      component="article"
      data-testid="tender-card"
    >
      <Stack gap="sm" h="100%">
        <Group gap={6} justify="space-between">
          <Badge variant="light" color="brand" radius="sm" size="sm" tt="none">
            {t(`jobType.${tender.job_type}`)}
          </Badge>
          {tender.published_by !== null && (
            <Badge variant="filled" color="orange" radius="sm" size="sm" data-testid="sponsored">
              {t('card.sponsored')}
            </Badge>
          )}
        </Group>
        {/* The whole subject: tenders of one buyer often share a long opening and differ only at the end. */}
        <Title order={2} fz="md" fw={600} lh={1.35} style={{ overflowWrap: 'anywhere' }}>
          <Link to={`/tenders/show/${tender.id}`} className={classes.title} data-testid="tender-title">
            {tender.title}
          </Link>
        </Title>
        <Stack gap={2}>
          <Text size="sm" fw={500} lineClamp={1} data-testid="tender-company">
            {tender.company}
          </Text>
          <Group gap={6} wrap="nowrap">
            <CountryFlag src={tender.country.flag} name={country} size={12} />
            <Text size="xs" c="dimmed">
              {country}
            </Text>
          </Group>
        </Stack>
        <dl className={classes.meta}>
          <dt>{t('info.sector')}</dt>
          <dd>{tender.sector ? t(`sector.${tender.sector}`, { defaultValue: tender.sector }) : '—'}</dd>
          <dt>{t('info.category')}</dt>
          <dd>{tender.category?.name ?? '—'}</dd>
          <dt>{t('card.closes')}</dt>
          <dd data-testid="tender-closing">
            <ClosingDate value={tender.closing_date} />
          </dd>
        </dl>
        <Stack gap={6} mt="auto">
          {tender.status === 'cancelled' ? (
            <Text size="sm" fw={600} c="red.7">
              {t('status.cancelled')}
            </Text>
          ) : (
            <Countdown closingAt={tender.closing_date} />
          )}
        </Stack>
      </Stack>
    </Paper>
  );
}
