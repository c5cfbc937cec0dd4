import { Anchor, Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { AvailableJob } from '@zabuni/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CompanyLogo } from '../../../components/CompanyLogo.tsx';
import { ClosingDate } from '../../../components/ClosingDate.tsx';
import { Countdown } from '../../../components/Countdown.tsx';
import { CountryFlag } from '../../../components/CountryFlag.tsx';
import { countryName } from '../../../lib/format.ts';
import classes from './JobCard.module.css';

interface Props {
  job: AvailableJob;
  onShowInstructions(job: AvailableJob): void;
  onShowCategories(job: AvailableJob): void;
}

export function JobCard({ job, onShowInstructions, onShowCategories }: Props) {
  const { t, i18n } = useTranslation('jobs');
  const language = i18n.resolvedLanguage ?? 'en';
  const { company } = job;
  const country = countryName(job.country.iso2, job.country.name, language);
  return (
    <Paper withBorder radius="md" p="md" className={classes.card} data-testid="job-card" component="article">
      <Stack gap="sm" h="100%">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <CompanyLogo src={company.public_company_logo_url} name={company.company_name} />
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Text size="sm" fw={600} lineClamp={1} data-testid="job-company">
              {company.company_name}
            </Text>
            <Group gap={6} wrap="nowrap">
              <CountryFlag src={job.country.flag} name={country} size={12} />
              <Text size="xs" c="dimmed" data-testid="job-country" data-iso2={job.country.iso2}>
                {country}
              </Text>
              {company.company_website && (
                <Anchor href={company.company_website} target="_blank" rel="noopener noreferrer" size="xs">
                  {t('card.website')}
                </Anchor>
              )}
            </Group>
          </Stack>
        </Group>
        <Badge variant="light" color="brand" radius="sm" size="sm" w="fit-content">
          {t(`jobType.${job.job_type}`)}
        </Badge>
        <Title order={2} fz="md" fw={600} lh={1.35} lineClamp={3}>
          <Anchor component={Link} to={`/jobs/${job.id}`} inherit c="inherit" data-testid="job-title">
            {job.title}
          </Anchor>
        </Title>
        {job.advert && (
          <Text size="sm" c="dimmed" lineClamp={2}>
            {job.advert}
          </Text>
        )}
        <Stack gap={6} mt="auto">
          <Text size="xs" c="dimmed" data-testid="job-closing">
            {t('card.closes')}: <ClosingDate value={job.closing_date} />
          </Text>
          <Countdown closingAt={job.closing_date} />
          <Group gap="md" mt={4}>
            {job.instructions && (
              <Anchor component="button" type="button" size="sm" onClick={() => onShowInstructions(job)}>
                {t('card.instructions')}
              </Anchor>
            )}
            <Anchor component="button" type="button" size="sm" onClick={() => onShowCategories(job)}>
              {t('card.categories')}
            </Anchor>
          </Group>
        </Stack>
      </Stack>
    </Paper>
  );
}
