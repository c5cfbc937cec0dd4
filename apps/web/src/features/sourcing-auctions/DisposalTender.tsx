import {
  Badge,
  Button,
  Card,
  Group,
  MultiSelect,
  NumberInput,
  PasswordInput,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { formatAmount } from '../../lib/money.ts';
import { useNow } from '../../lib/use-now.ts';
import { usePlatform } from '../../lib/platform-context.ts';
import { disposalsApi, NS, staffQuery, type DisposalView } from './api.ts';
import { formatInstant } from './components.tsx';

type Act = (action: () => Promise<unknown>) => Promise<void>;

/** Listing by public tender: the closing time and the opening committee with its quorum. */
export function TenderListingForm({
  disposal,
  organisationId,
  busy,
  act,
}: {
  disposal: DisposalView;
  organisationId: number;
  busy: boolean;
  act: Act;
}) {
  const { t } = useTranslation(NS);
  const staff = useQuery(staffQuery(organisationId));
  const [closingAt, setClosingAt] = useState(() => new Date(Date.now() + 15 * 86_400_000).toISOString());
  const [committee, setCommittee] = useState<string[]>([]);
  const [quorum, setQuorum] = useState<number | string>(3);
  return (
    <Stack gap="sm">
      <Text size="sm">{t('disposal.tender.listingLead')}</Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label={t('disposal.tender.closing')}
          description={t('disposal.tender.closingHint')}
          value={closingAt}
          onChange={(e) => setClosingAt(e.currentTarget.value)}
          data-testid="disposal-closing"
        />
        <NumberInput
          label={t('disposal.tender.quorum')}
          min={1}
          max={20}
          value={quorum}
          onChange={setQuorum}
          data-testid="disposal-quorum"
        />
      </SimpleGrid>
      <MultiSelect
        label={t('disposal.tender.committee')}
        data={staff.data ?? []}
        value={committee}
        onChange={setCommittee}
        searchable
        data-testid="disposal-committee"
      />
      <Group justify="flex-end">
        <Button
          loading={busy}
          onClick={() =>
            void act(() =>
              disposalsApi.list(disposal.id, {
                closing_at: closingAt,
                committee: committee.map(Number),
                quorum: Number(quorum),
              }),
            )
          }
          data-testid="disposal-list"
        >
          {t('disposal.list')}
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * A listed public tender: closing, receipts counted, the committee's confirmations; after closing a member
 * confirms the opening with their passphrase; once opened, the offers ranked highest first and the award.
 */
export function TenderSection({
  disposal,
  procurement,
  approver,
  busy,
  act,
}: {
  disposal: DisposalView;
  procurement: boolean;
  /** May decide the proposed award (a workflow rule's approver decides it from the approvals inbox too). */
  approver: boolean;
  busy: boolean;
  act: Act;
}) {
  const { t, i18n } = useTranslation(NS);
  const language = i18n.resolvedLanguage ?? 'en';
  const { me } = usePlatform();
  const [passphrase, setPassphrase] = useState('');
  const [withdrawing, setWithdrawing] = useState(false);
  const now = useNow();
  const tender = disposal.tender;
  if (!tender) return null;
  const closed = tender.closing_at !== null && new Date(tender.closing_at).getTime() <= now;
  const member = tender.committee.find((m) => m.user_id === me.id);
  const money = (v: string | null) => (v === null ? '—' : formatAmount(v, disposal.currency, language));
  // The award goes to the highest opened offer at or above the reserve.
  const winner = tender.offers.find((o) => o.rank !== null && !o.below_reserve);
  return (
    <Card withBorder data-testid="disposal-tender">
      <Title order={2} size="h4" mb="sm">
        {t('disposal.tender.title')}
      </Title>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <div>
            <Text size="sm" c="gray.7">
              {t('disposal.tender.closing')}
            </Text>
            <Text fw={600}>{formatInstant(tender.closing_at, language)}</Text>
          </div>
          <div>
            <Text size="sm" c="gray.7">
              {t('disposal.tender.received')}
            </Text>
            <Text fw={600} data-testid="disposal-offers-received">
              {tender.offers_received}
            </Text>
          </div>
          <div>
            <Text size="sm" c="gray.7">
              {t('disposal.tender.opened')}
            </Text>
            <Text fw={600}>
              {tender.opened_at ? formatInstant(tender.opened_at, language) : t('disposal.tender.sealed')}
            </Text>
          </div>
        </SimpleGrid>
        <div>
          <Text size="sm" fw={600}>
            {t('disposal.tender.committeeLine', { quorum: tender.quorum })}
          </Text>
          {tender.committee.map((m) => (
            <Text size="sm" key={m.user_id}>
              {m.name} —{' '}
              {m.confirmed_at
                ? t('disposal.tender.confirmedAt', { at: formatInstant(m.confirmed_at, language) })
                : t('disposal.tender.notConfirmed')}
            </Text>
          ))}
        </div>
        {!tender.opened_at && member && !member.confirmed_at && (
          <Stack gap="xs">
            <Text size="sm">{closed ? t('disposal.tender.confirmLead') : t('disposal.tender.notYet')}</Text>
            {closed && (
              <Group align="flex-end" wrap="wrap">
                <PasswordInput
                  label={t('disposal.tender.passphrase')}
                  value={passphrase}
                  onChange={(e) => setPassphrase(e.currentTarget.value)}
                  style={{ flex: '1 1 16rem' }}
                  data-testid="disposal-passphrase"
                />
                <Button
                  loading={busy}
                  onClick={() =>
                    void act(async () => {
                      await disposalsApi.confirmOpening(disposal.id, passphrase);
                      setPassphrase('');
                    })
                  }
                  data-testid="disposal-confirm-opening"
                >
                  {t('disposal.tender.confirm')}
                </Button>
              </Group>
            )}
          </Stack>
        )}
        {tender.opened_at && (
          <Table.ScrollContainer minWidth={560}>
            <Table striped data-testid="disposal-offers">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('disposal.tender.rank')}</Table.Th>
                  <Table.Th>{t('disposal.tender.bidder')}</Table.Th>
                  <Table.Th ta="right">{t('disposal.tender.amount')}</Table.Th>
                  <Table.Th>{t('disposal.tender.submitted')}</Table.Th>
                  <Table.Th>{t('disposal.tender.receipt')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {tender.offers.map((offer) => (
                  <Table.Tr key={offer.supplier.id} data-testid="disposal-offer-row">
                    <Table.Td>{offer.rank}</Table.Td>
                    <Table.Td>
                      {offer.supplier.name}{' '}
                      {offer.below_reserve && (
                        <Badge color="orange" variant="light" tt="none">
                          {t('disposal.tender.belowReserve')}
                        </Badge>
                      )}
                    </Table.Td>
                    <Table.Td ta="right">{money(offer.amount)}</Table.Td>
                    <Table.Td>{formatInstant(offer.submitted_at, language)}</Table.Td>
                    <Table.Td>
                      <Text size="xs" ff="monospace">
                        {offer.sha256.slice(0, 12)}…
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {procurement && !tender.awarded_at && !tender.award_pending && disposal.status === 'listed' && (
          // A tender not awarded may be withdrawn: cancelled before closing, or nothing reached the reserve.
          <Group justify="flex-start">
            <Button
              variant="subtle"
              color="red"
              loading={busy}
              onClick={() => setWithdrawing(true)}
              data-testid="disposal-withdraw"
            >
              {t('disposal.tender.withdraw')}
            </Button>
            <ConfirmDialog
              opened={withdrawing}
              title={t('disposal.tender.withdraw')}
              body={t('disposal.tender.withdrawBody')}
              confirmLabel={t('disposal.tender.withdraw')}
              danger
              busy={busy}
              onCancel={() => setWithdrawing(false)}
              onConfirm={() =>
                void act(async () => {
                  await disposalsApi.withdraw(disposal.id);
                  setWithdrawing(false);
                })
              }
            />
          </Group>
        )}
        {tender.award_pending && winner && (
          <Text data-testid="disposal-award-pending">
            {t('disposal.tender.pendingLine', { name: winner.supplier.name, amount: money(winner.amount) })}
          </Text>
        )}
        {approver && tender.award_pending && disposal.status === 'listed' && (
          <Group justify="flex-end">
            <Button
              loading={busy}
              onClick={() => void act(() => disposalsApi.approveAward(disposal.id))}
              data-testid="disposal-approve-award"
            >
              {t('disposal.tender.approveAward')}
            </Button>
            <Button
              variant="default"
              loading={busy}
              onClick={() => void act(() => disposalsApi.rejectAward(disposal.id))}
            >
              {t('disposal.tender.rejectAward')}
            </Button>
          </Group>
        )}
        {procurement &&
          tender.opened_at &&
          !tender.awarded_at &&
          !tender.award_pending &&
          disposal.status === 'listed' && (
            <Group justify="flex-end">
              <Button
                loading={busy}
                onClick={() => void act(() => disposalsApi.award(disposal.id))}
                data-testid="disposal-award"
              >
                {t('disposal.tender.award')}
              </Button>
            </Group>
          )}
      </Stack>
    </Card>
  );
}
