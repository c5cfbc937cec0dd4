import { Anchor, Badge, Container, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { CompanyLogo } from '../../../components/CompanyLogo.tsx';
import type { AvailableJobDetail } from '@zabuni/contracts';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { ClosingDate } from '../../../components/ClosingDate.tsx';
import { Countdown } from '../../../components/Countdown.tsx';
import { CountryFlag } from '../../../components/CountryFlag.tsx';
import { StatusMessage } from '../../../components/StatusMessage.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { countryName, formatDate } from '../../../lib/format.ts';
import { useMetaDescription } from '../../../lib/use-meta-description.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { availableJobQuery } from '../api/available-jobs.ts';

/**
 * One job's own page (issue 16): the whole advert, the instructions, the categories, the buyer and the
 * closing countdown, at a shareable address rendered by the server with the job's title in the page's meta.
 */
export function Component() {
  const { t, i18n } = useTranslation('jobs');
  const language = i18n.resolvedLanguage ?? 'en';
  const navigate = useNavigate();
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const job = useQuery({ ...availableJobQuery(id), enabled: valid });
  const data = job.data;
  const missing = !valid || (job.isError && job.error instanceof ApiError && job.error.status === 404);
  usePageTitle(missing ? t('detail.notFound.title') : (data?.title ?? t('title')));
  useMetaDescription(
    data
      ? t('detail.metaDescription', {
          title: data.title,
          company: data.company.company_name,
          date: formatDate(data.closing_date, language, true),
        })
      : undefined,
  );

  if (missing) {
    return (
      <Container size="sm" py="xl">
        <StatusMessage
          title={t('detail.notFound.title')}
          body={t('detail.notFound.body')}
          action={{ label: t('detail.backToList'), onClick: () => navigate('/jobs') }}
        />
      </Container>
    );
  }
  if (job.isError) {
    return (
      <Container size="sm" py="xl">
        <StatusMessage
          title={t('errors.loadFailed', { ns: 'common' })}
          body={job.error.message}
          action={{ label: t('retry', { ns: 'common' }), onClick: () => void job.refetch() }}
        />
      </Container>
    );
  }

  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <Anchor component={Link} to="/jobs" size="sm" w="fit-content">
          ← {t('detail.backToList')}
        </Anchor>
        {data ? <JobDetail job={data} /> : <Skeleton height={360} radius="md" />}
      </Stack>
    </Container>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section">
      <Title order={2} fz="lg" mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

function JobDetail({ job }: { job: AvailableJobDetail }) {
  const { t, i18n } = useTranslation('jobs');
  const language = i18n.resolvedLanguage ?? 'en';
  const { company } = job;
  const country = countryName(job.country.iso2, job.country.name, language);
  return (
    <Stack gap="lg">
      <Stack gap="sm">
        <Badge variant="light" color="brand" radius="sm" w="fit-content" tt="none">
          {t(`jobType.${job.job_type}`)}
        </Badge>
        <Title order={1} fz={{ base: 'h3', sm: 'h2' }} data-testid="job-detail-title">
          {job.title}
        </Title>
        <Group gap="sm" wrap="nowrap">
          <CompanyLogo src={company.public_company_logo_url} name={company.company_name} />
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Text fw={600} size="sm">
              {company.company_name}
            </Text>
            <Group gap={6}>
              <CountryFlag src={job.country.flag} name={country} size={12} />
              <Text size="xs" c="dimmed">
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
        <Paper withBorder radius="md" p="md">
          <Stack gap={6}>
            <Text size="sm">
              {t('card.closes')}: <ClosingDate value={job.closing_date} />
            </Text>
            <Countdown closingAt={job.closing_date} />
          </Stack>
        </Paper>
      </Stack>
      <Section title={t('detail.advert')}>
        <Text size="sm" style={{ whiteSpace: 'pre-line' }} data-testid="job-advert">
          {job.advert || t('detail.noAdvert')}
        </Text>
      </Section>
      <Section title={t('detail.howToRespond')}>
        <Text size="sm" style={{ whiteSpace: 'pre-line' }} data-testid="job-instructions">
          {job.instructions || t('detail.noInstructions')}
        </Text>
      </Section>
      <Section title={t('card.categories')}>
        {job.categories.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('modal.noCategories')}
          </Text>
        ) : (
          <Group gap="xs" data-testid="job-categories">
            {job.categories.map((category) => (
              <Badge key={category.id} variant="outline" color="gray" radius="sm" tt="none" fw={500}>
                {category.name}
              </Badge>
            ))}
          </Group>
        )}
      </Section>
    </Stack>
  );
}
