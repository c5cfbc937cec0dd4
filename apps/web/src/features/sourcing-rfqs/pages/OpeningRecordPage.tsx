import { Button, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { BackLink, PageFrame, PageHeader, PageSkeleton, Section } from '../../../components/PageFrame.tsx';
import { NS, openingRecordQuery } from '../api.ts';
import { formatInstant } from '../components.tsx';
import { useRfqRoles } from '../roles.ts';

/** `/app/sourcing/rfqs/:id/opening-record`: who confirmed when, the quotes received with their hashes; printable. */
export function Component() {
  const { t, i18n } = useTranslation(NS);
  const language = i18n.resolvedLanguage ?? 'en';
  const id = Number(useParams().id);
  const { organisationId } = useRfqRoles();
  const query = useQuery(openingRecordQuery(organisationId, id));
  if (!query.data)
    return (
      <PageFrame>
        <PageSkeleton />
      </PageFrame>
    );
  const record = query.data;
  return (
    <PageFrame testId="opening-record-page">
      <BackLink to={`/app/sourcing/rfqs/${id}`} label={record.rfq.number} />
      <PageHeader
        module="sourcing"
        title={t('record.title', { number: record.rfq.number })}
        lead={record.rfq.title}
        actions={
          <Button variant="default" onClick={() => window.print()}>
            {t('record.print')}
          </Button>
        }
      />
      <Stack gap={4}>
        <Text size="sm">{t('record.closing', { at: formatInstant(record.closing_at, language) })}</Text>
        <Text size="sm">
          {record.opened_at
            ? t('record.opened', { at: formatInstant(record.opened_at, language) })
            : t('record.notOpened')}
        </Text>
        <Text size="sm">{t('detail.quorum', { quorum: record.quorum })}</Text>
      </Stack>
      <Section title={t('detail.committee')}>
        <Table>
          <Table.Tbody>
            {record.committee.map((member) => (
              <Table.Tr key={member.id}>
                <Table.Td>{member.name}</Table.Td>
                <Table.Td>
                  {member.confirmed_at
                    ? formatInstant(member.confirmed_at, language)
                    : t('detail.notConfirmed')}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Section>
      <Section title={t('record.quotes')}>
        <Table.ScrollContainer minWidth={640}>
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('detail.supplier')}</Table.Th>
                <Table.Th>{t('detail.submittedAt')}</Table.Th>
                <Table.Th>{t('record.hash')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {record.quotes.map((quote) => (
                <Table.Tr key={quote.supplier.id} data-testid="record-quote">
                  <Table.Td>{quote.supplier.name}</Table.Td>
                  <Table.Td>{formatInstant(quote.submitted_at, language)}</Table.Td>
                  <Table.Td>
                    <Text size="xs" ff="monospace" style={{ wordBreak: 'break-all' }}>
                      {quote.sha256}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Section>
    </PageFrame>
  );
}
