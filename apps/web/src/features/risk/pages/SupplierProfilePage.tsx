import { Anchor, Card, Group, Progress, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { SupplierRiskProfileView } from '@zabuni/contracts';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { PageFrame, PageHeader } from '../../../components/PageFrame.tsx';
import { StatusMessage } from '../../../components/StatusMessage.tsx';
import { formatMoney } from '../../../lib/format.ts';
import { NS, profileQuery } from '../api.ts';
import { BandBadge } from '../components/Badges.tsx';
import { useRiskRoles } from '../roles.ts';

/** `/app/risk/suppliers/:id`: the supplier's risk score with each part shown, its financial score and risks. */
export function Component() {
  const { t, i18n } = useTranslation(NS);
  const language = i18n.resolvedLanguage ?? 'en';
  const id = Number(useParams().id);
  const { organisationId } = useRiskRoles();
  const profile = useQuery(profileQuery(organisationId, id));
  /** What a part's points were read from, in words: the API gives keys ('qualified', 'material', 'none'). */
  const basisText = ({ part, basis }: SupplierRiskProfileView['parts'][number]) => {
    if (part === 'prequalification')
      return t('profile.basis.prequalification', { basis: t(`profile.standing.${basis}`) });
    if (part === 'outsourcing')
      return basis === 'material'
        ? t('outsourcing.material')
        : basis === 'non_material'
          ? t('outsourcing.notMaterial')
          : t('profile.noArrangement');
    if (part === 'open_risks' && basis === 'none') return t('profile.noOpenRisk');
    if (part === 'exposure' && basis === 'no_limit') return t('profile.noLimit');
    if (part === 'exposure' && basis === '0') return t('profile.noExposure');
    return t(`profile.basis.${part}`, { basis });
  };
  if (profile.error) return <StatusMessage title={t('errors.load')} body={profile.error.message} />;
  const p = profile.data;
  if (!p) return <PageFrame>{null}</PageFrame>;
  return (
    <PageFrame testId="supplier-risk-profile">
      <PageHeader module="risk" title={p.supplier.name} lead={t('profile.lead')} />
      <Stack gap="lg">
        <Group gap="sm">
          <Text size="xl" fw={800} data-testid="profile-score">
            {p.score}
          </Text>
          <BandBadge band={p.band} />
          <Text size="sm" c="dimmed">
            {t('profile.scale')}
          </Text>
        </Group>
        <Card withBorder>
          <Title order={2} size="h5" mb="xs">
            {t('profile.parts')}
          </Title>
          <Stack gap="xs">
            {p.parts.map((part) => (
              <div key={part.part} data-testid={`profile-part-${part.part}`}>
                <Group justify="space-between">
                  <Text size="sm" fw={600}>
                    {t(`profile.part.${part.part}`)}
                  </Text>
                  <Text size="sm">
                    {t('profile.points', { points: part.points, weight: part.weight })} ·{' '}
                    {part.known ? basisText(part) : t('profile.unknown')}
                  </Text>
                </Group>
                <Progress value={part.points} color={part.points >= 50 ? 'red.9' : 'teal.8'} aria-hidden />
              </div>
            ))}
          </Stack>
        </Card>
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <Card withBorder data-testid="profile-financial">
            <Title order={2} size="h5" mb="xs">
              {t('profile.financial')}
            </Title>
            {p.financial ? (
              <>
                <Text size="sm" mb="xs">
                  {t('profile.financialScore', {
                    score: p.financial.score,
                    band: t(`financialBands.${p.financial.band}`),
                    year: p.financial.fiscal_year,
                  })}
                </Text>
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
                      {p.financial.parts.map((part) => (
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
              </>
            ) : (
              <Text size="sm" c="dimmed">
                {t('profile.noFinancial')}
              </Text>
            )}
          </Card>
          <Card withBorder>
            <Title order={2} size="h5" mb="xs">
              {t('profile.exposure')}
            </Title>
            <Text size="sm">{formatMoney(Number(p.exposure), p.currency, language)}</Text>
            <Title order={3} size="h6" mt="sm">
              {t('profile.arrangements')}
            </Title>
            {p.arrangements.length === 0 ? (
              <Text size="sm" c="dimmed">
                {t('dashboard.none')}
              </Text>
            ) : (
              p.arrangements.map((a) => (
                <Text key={a.id} size="sm">
                  {a.service} · {a.material ? t('outsourcing.material') : t('outsourcing.notMaterial')}
                </Text>
              ))
            )}
            <Title order={3} size="h6" mt="sm">
              {t('profile.openRisks')}
            </Title>
            {p.open_risks.length === 0 ? (
              <Text size="sm" c="dimmed">
                {t('dashboard.none')}
              </Text>
            ) : (
              p.open_risks.map((r) => (
                <Group key={r.id} gap={6}>
                  <Anchor component={Link} to={`/app/risk/register/${r.id}`} size="sm">
                    {r.title}
                  </Anchor>
                  <BandBadge band={r.effective_band} score={r.effective_score} />
                </Group>
              ))
            )}
          </Card>
        </SimpleGrid>
      </Stack>
    </PageFrame>
  );
}
