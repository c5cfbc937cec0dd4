import { Alert, Button, Container, Group, Paper, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ModerationNav } from '../../../components/ModerationNav.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { formatDate } from '../../../lib/format.ts';
import { toast } from '../../../lib/toast.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { alertsApi, overviewQuery } from '../api/tender-alerts.ts';

const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];

/**
 * Issue 19, the operator's tender alerts: sends per week (digests, empty ones, reminders, delivered, failed,
 * waiting), unsubscribes, the most-followed categories without new notices, delivery failures with their SMTP
 * error, and "send this week's digests now" (a second run in the week sends nothing more).
 */
export function Component() {
  const { t, i18n } = useTranslation('tender-alerts');
  const language = i18n.resolvedLanguage ?? 'en';
  usePageTitle(t('operator.title'));
  const queryClient = useQueryClient();
  const overview = useQuery(overviewQuery());
  const run = useMutation({
    mutationFn: alertsApi.run,
    onSuccess: (result) => {
      toast.success(t('operator.run_done', result));
      void queryClient.invalidateQueries({ queryKey: ['tender-alerts', 'overview'] });
    },
    onError: (error) => toast.error(error instanceof ApiError ? error.message : String(error)),
  });
  const data = overview.data;
  const dayName = (weekday: number) =>
    new Intl.DateTimeFormat(language, { weekday: 'long', timeZone: 'UTC' }).format(
      // 2024-01-01 was a Monday.
      new Date(Date.UTC(2024, 0, weekday)),
    );
  return (
    <Container size="lg" py="md">
      <Stack gap="md">
        <ModerationNav />
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Title order={1} size="h2">
            {t('operator.title')}
          </Title>
          <Button loading={run.isPending} onClick={() => run.mutate()} data-testid="alerts-run">
            {t('operator.run')}
          </Button>
        </Group>
        {overview.isPending && <Skeleton h={240} />}
        {overview.isError && <Alert color="red">{String(overview.error.message)}</Alert>}
        {data && (
          <>
            <Text size="sm" c="dimmed" data-testid="alerts-schedule">
              {t('operator.schedule', {
                day: dayName(data.schedule.weekday) || WEEKDAYS[data.schedule.weekday - 1],
                hour: String(data.schedule.hour).padStart(2, '0'),
                slot: formatDate(data.schedule.slot, language, true),
              })}
            </Text>
            <Paper withBorder radius="md" p="md">
              <Title order={2} size="h4" mb="xs">
                {t('operator.weeks')}
              </Title>
              {data.weeks.length === 0 ? (
                <Text c="dimmed">{t('operator.none')}</Text>
              ) : (
                <Table.ScrollContainer minWidth={560}>
                  <Table striped data-testid="alerts-weeks">
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>{t('operator.week')}</Table.Th>
                        <Table.Th ta="right">{t('operator.digests')}</Table.Th>
                        <Table.Th ta="right">{t('operator.empty')}</Table.Th>
                        <Table.Th ta="right">{t('operator.reminders')}</Table.Th>
                        <Table.Th ta="right">{t('operator.delivered')}</Table.Th>
                        <Table.Th ta="right">{t('operator.failed')}</Table.Th>
                        <Table.Th ta="right">{t('operator.waiting')}</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {data.weeks.map((week) => (
                        <Table.Tr key={week.period_start}>
                          <Table.Td>{formatDate(week.period_start, language)}</Table.Td>
                          <Table.Td ta="right">{week.digests}</Table.Td>
                          <Table.Td ta="right">{week.empty}</Table.Td>
                          <Table.Td ta="right">{week.reminders}</Table.Td>
                          <Table.Td ta="right">{week.delivered}</Table.Td>
                          <Table.Td ta="right" c={week.failed > 0 ? 'red' : undefined}>
                            {week.failed}
                          </Table.Td>
                          <Table.Td ta="right">{week.waiting}</Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </Table.ScrollContainer>
              )}
              <Text size="sm" mt="sm" data-testid="alerts-unsubscribes">
                {t('operator.unsubscribes', { count: data.unsubscribes_7d })}
              </Text>
            </Paper>
            <Paper withBorder radius="md" p="md">
              <Title order={2} size="h4" mb="xs">
                {t('operator.top_empty')}
              </Title>
              {data.categories_without_notices.length === 0 ? (
                <Text c="dimmed">{t('operator.none')}</Text>
              ) : (
                <Table data-testid="alerts-empty-categories">
                  <Table.Tbody>
                    {data.categories_without_notices.map((category) => (
                      <Table.Tr key={category.id}>
                        <Table.Td>{category.name}</Table.Td>
                        <Table.Td ta="right">
                          {category.subscribers} {t('operator.subscribers').toLowerCase()}
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              )}
            </Paper>
            <Paper withBorder radius="md" p="md">
              <Title order={2} size="h4" mb="xs">
                {t('operator.failures')}
              </Title>
              {data.failures.length === 0 ? (
                <Text c="dimmed">{t('operator.none')}</Text>
              ) : (
                <Table.ScrollContainer minWidth={560}>
                  <Table data-testid="alerts-failures">
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>{t('operator.recipient')}</Table.Th>
                        <Table.Th>{t('operator.status')}</Table.Th>
                        <Table.Th ta="right">{t('operator.attempts')}</Table.Th>
                        <Table.Th>{t('operator.error')}</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {data.failures.map((failure) => (
                        <Table.Tr key={failure.digest_id}>
                          <Table.Td>{failure.email}</Table.Td>
                          <Table.Td>{failure.status}</Table.Td>
                          <Table.Td ta="right">{failure.attempts}</Table.Td>
                          <Table.Td style={{ wordBreak: 'break-word' }}>{failure.error}</Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </Table.ScrollContainer>
              )}
            </Paper>
          </>
        )}
      </Stack>
    </Container>
  );
}
