import { Alert, Badge, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { InvoiceView, Variance } from '../api/invoices.ts';
import { NS } from '../model/messages.ts';
import { formatAmount, formatQuantity } from '../../../../lib/money.ts';

/**
 * The invoice's match: the level it was matched at, the outcome in a sentence, and every variance found —
 * what kind, on which line, expected against actual, the difference, and whether it blocks approval or is
 * within the organisation's tolerance — each explained in plain words.
 */
export function MatchResult({
  match,
  currency,
  accepted = false,
}: {
  match: InvoiceView['match'];
  currency: string;
  /** Finance accepted the invoice despite its variances: the match stays as it was, the outcome changed. */
  accepted?: boolean;
}) {
  const { t, i18n } = useTranslation(NS);
  const language = i18n.resolvedLanguage ?? 'en';
  const figure = (variance: Variance, text: string) =>
    variance.unit === 'money' ? formatAmount(text, currency, language) : formatQuantity(text, language);
  const line = (variance: Variance) =>
    variance.line_no === null
      ? variance.kind === 'total_over_tolerance'
        ? t('match.documentTotal')
        : t('match.extraLine')
      : t('match.line', { number: variance.line_no });
  const outcome = (variance: Variance) =>
    variance.blocking ? (
      <Badge
        color="red"
        variant="light"
        tt="none"
        radius="sm"
        styles={{ label: { overflow: 'visible' } }}
        data-testid="variance-blocking"
      >
        {t('match.blocking')}
      </Badge>
    ) : (
      <Badge
        color="green"
        variant="light"
        tt="none"
        radius="sm"
        styles={{ label: { overflow: 'visible' } }}
        data-testid="variance-tolerated"
      >
        {variance.kind === 'price_under_order' ? t('match.informational') : t('match.withinTolerance')}
      </Badge>
    );
  const tolerance = (variance: Variance) => {
    if (variance.tolerated === null) return null;
    // "Allowed up to 0" says less than "no tolerance" does.
    if (/^0+(\.0+)?$/.test(variance.tolerated.trim())) return t('match.noTolerance');
    return t('match.allowed', { amount: figure(variance, variance.tolerated) });
  };

  return (
    <Stack gap="sm" data-testid="match-result" data-within={match.within_tolerance}>
      <Group gap="xs" wrap="wrap">
        <Text size="sm" c="dimmed">
          {t('match.level')}
        </Text>
        <Badge variant="outline" color="gray" tt="none" data-testid="match-level">
          {t(`matching.levels.${match.level}.name`)}
        </Badge>
      </Group>
      <Alert
        color={match.within_tolerance ? 'green' : 'red'}
        variant="light"
        title={match.within_tolerance ? t('match.passed') : t('match.failed')}
        data-testid="match-summary"
      >
        {match.summary}
        {accepted && !match.within_tolerance && (
          <Text size="sm" fw={600} mt={4} data-testid="match-accepted">
            {t('match.acceptedAnyway')}
          </Text>
        )}
      </Alert>
      {match.variances.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="no-variances">
          {t('match.noVariances')}
        </Text>
      ) : (
        <>
          <Table.ScrollContainer minWidth={860} visibleFrom="md" type="native">
            <Table verticalSpacing="xs" data-testid="variances-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('match.columns.kind')}</Table.Th>
                  <Table.Th>{t('match.columns.line')}</Table.Th>
                  <Table.Th ta="right">{t('match.columns.expected')}</Table.Th>
                  <Table.Th ta="right">{t('match.columns.actual')}</Table.Th>
                  <Table.Th ta="right">{t('match.columns.difference')}</Table.Th>
                  <Table.Th>{t('match.columns.outcome')}</Table.Th>
                  <Table.Th>{t('match.columns.explanation')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {match.variances.map((variance, index) => (
                  <Table.Tr
                    key={`${variance.kind}-${variance.line_no}-${index}`}
                    data-testid="variance-row"
                    data-kind={variance.kind}
                  >
                    <Table.Td fw={600}>{t(`variance.${variance.kind}`)}</Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{line(variance)}</Table.Td>
                    <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                      {figure(variance, variance.expected)}
                    </Table.Td>
                    <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                      {figure(variance, variance.actual)}
                    </Table.Td>
                    <Table.Td ta="right" fw={600} style={{ whiteSpace: 'nowrap' }}>
                      {figure(variance, variance.difference)}
                    </Table.Td>
                    <Table.Td>
                      <Stack gap={2} align="flex-start">
                        {outcome(variance)}
                        {tolerance(variance) && (
                          <Text size="xs" c="dimmed">
                            {tolerance(variance)}
                          </Text>
                        )}
                      </Stack>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                        {variance.explanation}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Stack gap="xs" hiddenFrom="md" data-testid="variances-cards">
            {match.variances.map((variance, index) => (
              <Paper
                key={`${variance.kind}-${variance.line_no}-${index}`}
                withBorder
                radius="md"
                p="sm"
                data-testid="variance-card"
                style={{ borderColor: variance.blocking ? 'var(--mantine-color-red-4)' : undefined }}
              >
                <Stack gap={6}>
                  <Group justify="space-between" gap="xs" wrap="wrap" align="flex-start">
                    <Text size="sm" fw={700} style={{ overflowWrap: 'anywhere', flex: '1 1 160px' }}>
                      {t(`variance.${variance.kind}`)} · {line(variance)}
                    </Text>
                    {outcome(variance)}
                  </Group>
                  <Group gap="md" wrap="wrap">
                    <Text size="xs">
                      {t('match.columns.expected')}: <b>{figure(variance, variance.expected)}</b>
                    </Text>
                    <Text size="xs">
                      {t('match.columns.actual')}: <b>{figure(variance, variance.actual)}</b>
                    </Text>
                    <Text size="xs">
                      {t('match.columns.difference')}: <b>{figure(variance, variance.difference)}</b>
                    </Text>
                  </Group>
                  {tolerance(variance) && (
                    <Text size="xs" c="dimmed">
                      {tolerance(variance)}
                    </Text>
                  )}
                  <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {variance.explanation}
                  </Text>
                </Stack>
              </Paper>
            ))}
          </Stack>
        </>
      )}
    </Stack>
  );
}
