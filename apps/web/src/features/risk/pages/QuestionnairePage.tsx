import { Anchor, Badge, Button, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { PageFrame, PageHeader } from '../../../components/PageFrame.tsx';
import { StatusMessage } from '../../../components/StatusMessage.tsx';
import { formatDate, formatDay } from '../../../lib/format.ts';
import { NS, questionnaireQuery } from '../api.ts';
import { useRiskRoles } from '../roles.ts';

/** The question and answer texts are the portal's (the supplier read the same words). */
const PORTAL = 'portal-risk';

/**
 * `/app/risk/questionnaires/:id`: a questionnaire sent to a supplier, its answers and the buyer's score of
 * them with each part shown (the outsourcing register links its arrangement's due diligence here).
 */
export function Component() {
  const { t, i18n } = useTranslation(NS);
  const { t: tp } = useTranslation(PORTAL);
  const language = i18n.resolvedLanguage ?? 'en';
  const id = Number(useParams().id);
  const { organisationId } = useRiskRoles();
  const questionnaire = useQuery(questionnaireQuery(organisationId, id));
  if (questionnaire.error)
    return <StatusMessage title={t('errors.load')} body={questionnaire.error.message} />;
  const q = questionnaire.data;
  if (!q) return <PageFrame>{null}</PageFrame>;
  const back =
    q.arrangement_id === null ? '/app/risk/financial' : `/app/risk/outsourcing/${q.arrangement_id}`;
  return (
    <PageFrame testId="risk-questionnaire">
      <PageHeader
        module="risk"
        title={`${t(`questionnaires.kind.${q.kind}`)}: ${q.supplier.name}`}
        lead={t('questionnaire.lead', { date: formatDate(q.sent_at, language) })}
        actions={
          <Button component={Link} to={back} variant="default">
            {q.arrangement_id === null ? t('financial.title') : t('outsourcing.title')}
          </Button>
        }
      />
      <Stack gap="md" maw={860}>
        <Group gap="sm">
          <Badge variant="outline" color={q.status === 'answered' ? 'teal.9' : 'gray.7'} tt="none">
            {t(`questionnaires.status.${q.status}`)}
          </Badge>
          {q.answered_at && (
            <Text size="sm">
              {t('questionnaire.answeredAt', { date: formatDate(q.answered_at, language) })}
            </Text>
          )}
          {q.due_on && (
            <Text size="sm">{t('questionnaire.due', { date: formatDay(q.due_on, language) })}</Text>
          )}
        </Group>
        {q.score !== null && (
          <Group gap="xs" align="baseline">
            <Text size="xl" fw={800} data-testid="questionnaire-score">
              {q.score}
            </Text>
            <Text size="sm" c="dimmed">
              {t('questionnaire.outOf')}
            </Text>
          </Group>
        )}
        {q.status !== 'answered' && (
          <StatusMessage title={t('questionnaire.waiting', { supplier: q.supplier.name })} />
        )}
        {q.due_diligence && (
          <Card withBorder data-testid="questionnaire-parts">
            <Title order={2} size="h5" mb="xs">
              {t('questionnaire.parts')}
            </Title>
            <Table.ScrollContainer minWidth={340}>
              <Table>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('questionnaire.question')}</Table.Th>
                    <Table.Th>{t('questionnaire.answer')}</Table.Th>
                    <Table.Th>{t('questionnaire.points')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {q.due_diligence.parts.map((part) => (
                    <Table.Tr key={part.key}>
                      <Table.Td>{tp(`dueDiligence.questions.${part.key}`)}</Table.Td>
                      <Table.Td>{part.answer ? tp(`dueDiligence.answers.${part.answer}`) : '—'}</Table.Td>
                      <Table.Td>
                        {part.points} / {part.weight}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Card>
        )}
        {q.financial && (
          <Card withBorder data-testid="questionnaire-parts">
            <Title order={2} size="h5" mb="xs">
              {t('profile.financialScore', {
                score: q.financial.score,
                band: t(`financialBands.${q.financial.band}`),
                year: q.financial.fiscal_year,
              })}
            </Title>
            <Table.ScrollContainer minWidth={320}>
              <Table>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('profile.ratio')}</Table.Th>
                    <Table.Th>{t('profile.value')}</Table.Th>
                    <Table.Th>{t('profile.pointsHeader')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {q.financial.parts.map((part) => (
                    <Table.Tr key={part.ratio}>
                      <Table.Td>{t(`ratios.${part.ratio}`)}</Table.Td>
                      <Table.Td>{part.value ?? t('profile.notComputable')}</Table.Td>
                      <Table.Td>
                        {part.points} × {part.weight} %
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Card>
        )}
        <Anchor component={Link} to={`/app/risk/suppliers/${q.supplier.id}`} size="sm">
          {t('questionnaire.profile', { supplier: q.supplier.name })}
        </Anchor>
      </Stack>
    </PageFrame>
  );
}
