import {
  Alert,
  Badge,
  Button,
  Chip,
  Container,
  Group,
  MultiSelect,
  NativeSelect,
  Paper,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TenderAlertManage, TenderAlertProfileUpdate } from '@zabuni/contracts';
import { JOB_TYPES, SECTORS } from '@zabuni/contracts/constants';
import { KENYA_COUNTIES } from '@zabuni/domain';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { RemoteMultiPicker } from '../../../components/RemoteMultiPicker.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { formatDate } from '../../../lib/format.ts';
import { LANGUAGES } from '../../../lib/i18n.ts';
import { useCategories } from '../../../lib/reference-data.ts';
import { toast } from '../../../lib/toast.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { alertsApi, manageQuery } from '../api/tender-alerts.ts';

const failed = (error: unknown) => toast.error(error instanceof ApiError ? error.message : String(error));

/**
 * Issue 19: the manage link of every alert mail (no sign-in, by token): the paid period, categories,
 * mail language and optional filters, unsubscribe or subscribe again, and renew through the checkout.
 */
export function Component() {
  const { t } = useTranslation('tender-alerts');
  usePageTitle(t('manage.title'));
  const token = useParams().token ?? '';
  const view = useQuery(manageQuery(token));
  return (
    <Container size="sm" py="xl">
      <Stack gap="md">
        <Title order={1} size="h2">
          {t('manage.title')}
        </Title>
        {view.isPending && <Skeleton h={300} />}
        {view.isError && (
          <Alert color="red" data-testid="alerts-link-invalid">
            {t('unsubscribe.invalid')}
          </Alert>
        )}
        {view.data && <ManageForm token={token} data={view.data} />}
      </Stack>
    </Container>
  );
}

function ManageForm({ token, data }: { token: string; data: TenderAlertManage }) {
  const { t, i18n } = useTranslation('tender-alerts');
  const language = i18n.resolvedLanguage ?? 'en';
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const [categories, setCategories] = useState<number[]>(data.categories.map((c) => c.id));
  const [mailLanguage, setMailLanguage] = useState(data.language);
  const [keywords, setKeywords] = useState(data.keywords.join(', '));
  const [sectors, setSectors] = useState<string[]>(data.sectors);
  const [jobTypes, setJobTypes] = useState<string[]>(data.job_types);
  const [counties, setCounties] = useState<string[]>(data.counties);
  const update = useMutation({
    mutationFn: (body: TenderAlertProfileUpdate) => alertsApi.update(token, body),
    onSuccess: (next) => {
      queryClient.setQueryData(manageQuery(token).queryKey, next);
      toast.success(t('manage.saved'));
    },
    onError: failed,
  });
  const renew = useMutation({
    mutationFn: () => alertsApi.renew(token),
    onSuccess: ({ code }) => void navigate(`/tenders-checkout/${encodeURIComponent(code)}`),
    onError: failed,
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (categories.length === 0) return;
    update.mutate({
      categories,
      language: mailLanguage as TenderAlertProfileUpdate['language'],
      keywords: keywords
        .split(',')
        .map((word) => word.trim())
        .filter(Boolean),
      sectors: sectors as TenderAlertProfileUpdate['sectors'],
      job_types: jobTypes as TenderAlertProfileUpdate['job_types'],
      counties,
    });
  };
  const period = data.period;
  // A period that is not running (and not unsubscribed) has ended: a paid one starts at payment.
  const ended = !!period && !data.active && !data.unsubscribed_at;
  return (
    <>
      <Paper withBorder radius="md" p="md">
        <Stack gap={6}>
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Text fw={600} data-testid="alerts-email">
              {data.email}
            </Text>
            <Badge
              color={data.active ? 'green' : 'gray'}
              variant="light"
              tt="none"
              data-testid="alerts-state"
            >
              {data.unsubscribed_at
                ? t('manage.unsubscribed', { date: formatDate(data.unsubscribed_at, language) })
                : data.active
                  ? t('manage.active')
                  : ended
                    ? t('manage.ended', { end: formatDate(period!.ends_at, language) })
                    : t('manage.no_period')}
            </Badge>
          </Group>
          <Text size="sm">
            {t('manage.period')}:{' '}
            <span data-testid="alerts-period">
              {period
                ? t('manage.running', {
                    start: formatDate(period.starts_at, language),
                    end: formatDate(period.ends_at, language),
                  })
                : t('manage.no_period')}
            </span>
          </Text>
          <Text size="sm">
            {t('manage.country')}: {data.country.name}
          </Text>
          <Group gap="xs" mt="xs">
            <Button
              variant={search.get('renew') ? 'filled' : 'light'}
              loading={renew.isPending}
              onClick={() => renew.mutate()}
              data-testid="alerts-renew"
            >
              {t('manage.renew')}
            </Button>
            <Button
              variant="subtle"
              color={data.unsubscribed_at ? 'brand' : 'red'}
              loading={update.isPending && update.variables?.subscribed !== undefined}
              onClick={() => update.mutate({ subscribed: !!data.unsubscribed_at })}
              data-testid="alerts-toggle"
            >
              {data.unsubscribed_at ? t('manage.resubscribe') : t('manage.unsubscribe')}
            </Button>
          </Group>
        </Stack>
      </Paper>
      <Paper withBorder radius="md" p="md" component="form" onSubmit={submit} noValidate>
        <Stack gap="sm">
          <RemoteMultiPicker<{ id: number; name: string }>
            label={t('manage.categories')}
            placeholder={t('manage.categories')}
            nothingFound="—"
            value={categories}
            onChange={setCategories}
            useOptions={useCategories}
            toOption={(category) => ({ value: String(category.id), label: category.name })}
            initialOptions={data.categories.map((c) => ({ value: String(c.id), label: c.name }))}
            minSearchLength={2}
            maxValues={50}
            required
            error={categories.length === 0 ? t('manage.categories_required') : undefined}
            testId="alerts-categories"
          />
          <NativeSelect
            label={t('manage.language')}
            value={mailLanguage}
            onChange={(event) => setMailLanguage(event.currentTarget.value)}
            data={LANGUAGES.map((l) => ({ value: l.code, label: l.label }))}
            data-testid="alerts-language"
          />
          <TextInput
            label={t('manage.keywords')}
            description={t('manage.keywords_hint')}
            value={keywords}
            onChange={(event) => setKeywords(event.currentTarget.value)}
            data-testid="alerts-keywords"
          />
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              {t('manage.sectors')}
            </Text>
            <Chip.Group multiple value={sectors} onChange={setSectors}>
              <Group gap={6}>
                {SECTORS.map((sector) => (
                  <Chip key={sector} value={sector} size="sm">
                    {sector}
                  </Chip>
                ))}
              </Group>
            </Chip.Group>
          </Stack>
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              {t('manage.job_types')}
            </Text>
            <Chip.Group multiple value={jobTypes} onChange={setJobTypes}>
              <Group gap={6}>
                {JOB_TYPES.map((jobType) => (
                  <Chip key={jobType} value={jobType} size="sm">
                    {jobType}
                  </Chip>
                ))}
              </Group>
            </Chip.Group>
          </Stack>
          <MultiSelect
            label={t('manage.counties')}
            data={[...KENYA_COUNTIES]}
            value={counties}
            onChange={setCounties}
            searchable
            clearable
            data-testid="alerts-counties"
          />
          <Group>
            <Button
              type="submit"
              loading={update.isPending && update.variables?.subscribed === undefined}
              disabled={categories.length === 0}
              data-testid="alerts-save"
            >
              {t('manage.save')}
            </Button>
          </Group>
        </Stack>
      </Paper>
    </>
  );
}
