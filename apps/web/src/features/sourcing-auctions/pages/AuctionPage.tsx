import { Alert, Button, Card, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { AuctionLiveEvent } from '@zabuni/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { Countdown } from '../../../components/Countdown.tsx';
import { PageFrame, PageHeader } from '../../../components/PageFrame.tsx';
import { useEventStream } from '../../../lib/event-stream.ts';
import { failureText } from '../../../lib/form-errors.ts';
import { formatAmount } from '../../../lib/money.ts';
import { toast } from '../../../lib/toast.ts';
import { auctionQuery, auctionsApi, auctionsKey, NS, resultsQuery, type AuctionView } from '../api.ts';
import { formatInstant, PhaseBadge } from '../components.tsx';
import { useAuctionRoles } from '../roles.ts';

type Ranked = { rank: number; alias: string; amount: string; name?: string | null };

/** Milliseconds from now until an instant (negative once it has passed). */
const msUntil = (iso: string) => new Date(iso).getTime() - Date.now();
/**
 * `/app/sourcing/auctions/:id`: the buyer's live console (bidders by alias, the ranking and the feed moving
 * with every bid, the countdown and its extensions, all announced in words to screen readers), then the
 * results with names and the award through the approval workflow.
 */
export function Component() {
  const { t, i18n } = useTranslation(NS);
  const language = i18n.resolvedLanguage ?? 'en';
  const id = Number(useParams().id);
  const { organisationId, procurement } = useAuctionRoles();
  const queryClient = useQueryClient();
  const auction = useQuery(auctionQuery(organisationId, id));
  const a = auction.data;
  const ended = a ? ['ended', 'award_pending', 'awarded'].includes(a.phase) : false;
  const results = useQuery(resultsQuery(organisationId, id, ended));
  const [live, setLive] = useState<{
    ranking: Ranked[];
    endsAt: string | null;
    extensions: number;
    feed: AuctionLiveEvent[];
  } | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [busy, setBusy] = useState(false);
  const money = (amount: string) => formatAmount(amount, a?.currency ?? 'KES', language);

  const { connected } = useEventStream(
    a && !['draft', 'cancelled'].includes(a.phase) && !ended ? auctionsApi.liveUrl(id) : null,
    ['state', 'bid', 'status'],
    (event, data) => {
      if (event === 'state') {
        const view = data as AuctionView;
        setLive({ ranking: view.ranking, endsAt: view.ends_at, extensions: view.extensions, feed: [] });
      } else if (event === 'bid') {
        const bid = data as AuctionLiveEvent;
        setLive((current) => ({
          ranking: bid.ranking ?? current?.ranking ?? [],
          endsAt: bid.ends_at ?? current?.endsAt ?? null,
          extensions: bid.extensions,
          feed: [bid, ...(current?.feed ?? [])].slice(0, 50),
        }));
        const leader = bid.ranking?.[0];
        setAnnouncement(
          [
            t('live.announceBid', { seq: bid.seq, alias: bid.alias, amount: money(bid.amount ?? '0') }),
            leader ? t('live.announceLeader', { alias: leader.alias, amount: money(leader.amount) }) : '',
            bid.extended && bid.ends_at
              ? t('live.announceExtended', { at: formatInstant(bid.ends_at, language) })
              : '',
          ].join(' '),
        );
      } else if (event === 'status') {
        void queryClient.invalidateQueries({ queryKey: auctionsKey(organisationId) });
      }
    },
  );

  // The phase turns with the clock (start, turns, end): the view is asked again when it does.
  const phaseEndsAt = a?.phase_ends_at ?? null;
  const refetch = auction.refetch;
  useEffect(() => {
    if (!phaseEndsAt) return;
    const wait = msUntil(phaseEndsAt) + 500;
    if (wait < 0 || wait > 2_000_000_000) return;
    const timer = setTimeout(() => void refetch(), wait);
    return () => clearTimeout(timer);
  }, [phaseEndsAt, refetch]);

  if (!a)
    return (
      <PageFrame testId="auction-page">
        {auction.isError ? <Alert color="red">{auction.error.message}</Alert> : null}
      </PageFrame>
    );
  const ranking: Ranked[] = ended && results.data ? results.data.ranking : (live?.ranking ?? a.ranking);
  const endsAt = live?.endsAt ?? a.ends_at ?? a.phase_ends_at;
  const act = async (action: () => Promise<unknown>, done: string) => {
    setBusy(true);
    try {
      await action();
      toast.success(done);
      await queryClient.invalidateQueries({ queryKey: auctionsKey(organisationId) });
    } catch (failure) {
      toast.error(failureText(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <PageFrame testId="auction-page">
      <PageHeader
        module="sourcing"
        title={a.title}
        badge={<PhaseBadge phase={a.phase} />}
        lead={`${t(`direction.${a.direction}`)} · ${t(`rules.${a.rules}`)} · ${t(`visibility.${a.visibility}`)}`}
        actions={
          procurement && (
            <Group gap="xs">
              {a.status === 'draft' && (
                <Button
                  loading={busy}
                  onClick={() => void act(() => auctionsApi.publish(id), t('actions.published'))}
                  data-testid="auction-publish"
                >
                  {t('actions.publish')}
                </Button>
              )}
              {a.status === 'published' && ended && (
                <Button
                  loading={busy}
                  onClick={() => void act(() => auctionsApi.award(id), t('actions.awarded'))}
                  data-testid="auction-award"
                >
                  {t('actions.award')}
                </Button>
              )}
              {['draft', 'published'].includes(a.status) && !ended && (
                <Button
                  variant="default"
                  color="red"
                  loading={busy}
                  onClick={() => void act(() => auctionsApi.cancel(id), t('actions.cancelled'))}
                >
                  {t('actions.cancel')}
                </Button>
              )}
            </Group>
          )
        }
      />
      <div
        aria-live="polite"
        aria-atomic="true"
        className="visually-hidden"
        style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}
        data-testid="auction-announcement"
      >
        {announcement}
      </div>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <Card withBorder>
          <Text size="sm" c="dimmed">
            {ended ? t('live.endedAt') : t('live.timeLeft')}
          </Text>
          {endsAt && !ended ? (
            <Countdown closingAt={endsAt} />
          ) : (
            <Text fw={600}>{formatInstant(endsAt, language)}</Text>
          )}
          <Text size="sm" data-testid="auction-ends-at">
            {t('live.endsAt', { at: formatInstant(endsAt, language) })}
            {(live?.extensions ?? a.extensions) > 0 &&
              ` · ${t('live.extended', { count: live?.extensions ?? a.extensions })}`}
          </Text>
        </Card>
        <Card withBorder>
          <Text size="sm" c="dimmed">
            {t('live.bidders')}
          </Text>
          <Text fw={700} size="xl">
            {a.bidders}
          </Text>
          <Text size="sm">{t('live.bids', { count: live?.feed[0]?.seq ?? a.bids })}</Text>
        </Card>
        <Card withBorder>
          <Text size="sm" c="dimmed">
            {t('live.connection')}
          </Text>
          <Text fw={600} data-testid="auction-connection">
            {ended ? t('live.closed') : connected ? t('live.connected') : t('live.reconnecting')}
          </Text>
          {a.turn && <Text size="sm">{t('live.turn', { round: a.turn.round, alias: a.turn.alias })}</Text>}
        </Card>
      </SimpleGrid>
      <Card withBorder>
        <Title order={2} size="h4" mb="sm">
          {ended ? t('results.ranking') : t('live.ranking')}
        </Title>
        {!ended && (
          <Text size="sm" c="dimmed" mb="xs">
            {t('live.namesHidden')}
          </Text>
        )}
        <Table striped data-testid="auction-ranking">
          <Table.Caption>{ended ? t('results.ranking') : t('live.ranking')}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('live.rank')}</Table.Th>
              <Table.Th>{t('live.bidder')}</Table.Th>
              <Table.Th style={{ textAlign: 'right' }}>{t('live.amount')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {ranking.map((row) => (
              <Table.Tr key={row.alias} data-testid="auction-rank-row">
                <Table.Td>{t('live.rankOrdinal', { rank: row.rank })}</Table.Td>
                <Table.Td>{row.name ? `${row.name} (${row.alias})` : row.alias}</Table.Td>
                <Table.Td style={{ textAlign: 'right', fontVariantNumeric: 'tabular-nums' }}>
                  {money(row.amount)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        {ranking.length === 0 && <Text size="sm">{t('live.noBids')}</Text>}
      </Card>
      {a.award && (
        <Alert color="teal" data-testid="auction-award-result">
          {t('results.awardedTo', { name: a.award.supplier.name, amount: money(a.award.amount) })}
        </Alert>
      )}
      <Card withBorder>
        <Title order={2} size="h4" mb="sm">
          {ended ? t('results.history') : t('live.feed')}
        </Title>
        <Stack gap={4} data-testid="auction-feed">
          {(ended ? (results.data?.bids ?? []).slice().reverse() : (live?.feed ?? [])).map((bid) => (
            <Text key={bid.seq} size="sm">
              {t('live.feedLine', {
                seq: bid.seq,
                at: formatInstant('placed_at' in bid ? bid.placed_at : bid.at, language),
                alias: ('name' in bid && bid.name) || bid.alias,
                amount: money(bid.amount ?? '0'),
              })}
              {bid.extended ? ` — ${t('live.feedExtended')}` : ''}
            </Text>
          ))}
        </Stack>
      </Card>
    </PageFrame>
  );
}
