import { Alert, Badge, Button, Card, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { AuctionLiveEvent } from '@zabuni/contracts';
import { formatEat } from '@zabuni/domain';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { Countdown } from '../../../components/Countdown.tsx';
import { PageFrame, PageHeader } from '../../../components/PageFrame.tsx';
import { useEventStream } from '../../../lib/event-stream.ts';
import { failureText } from '../../../lib/form-errors.ts';
import { formatAmount } from '../../../lib/money.ts';
import {
  AUCTION_NS,
  portalAuctionQuery,
  portalAuctionsApi,
  type PortalAuctionView,
} from '../auctions-api.ts';
import { usePortal } from '../portal-context.ts';

/** Milliseconds from now until an instant (negative once it has passed). */
const msUntil = (iso: string) => new Date(iso).getTime() - Date.now();
/**
 * `/portal/auctions/:id`: the bidder's live screen — the countdown (and its extensions), its own rank and
 * amount, the best price when the buyer shows it, the amount the next bid must reach, and the bid field.
 * Every change is announced in words (aria-live); nothing is told by colour alone. Never another bidder's name.
 */
export function Component() {
  const { t, i18n } = useTranslation(AUCTION_NS);
  const language = i18n.resolvedLanguage ?? 'en';
  const id = Number(useParams().id);
  const { buyer } = usePortal();
  const queryClient = useQueryClient();
  const auction = useQuery(portalAuctionQuery(buyer?.id ?? null, id));
  const [live, setLive] = useState<Partial<PortalAuctionView> & { lastSeq?: number }>({});
  const [amount, setAmount] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [sending, setSending] = useState(false);
  const a = auction.data ? { ...auction.data, ...live } : null;
  const money = (v: string | null | undefined) => (v ? formatAmount(v, a?.currency ?? 'KES', language) : '—');
  const running = a ? ['open', 'turn', 'scheduled', 'initial_pause', 'pause'].includes(a.phase) : false;

  const { connected } = useEventStream(
    running ? portalAuctionsApi.liveUrl(id) : null,
    ['state', 'bid', 'status'],
    (event, data) => {
      if (event === 'state') setLive({});
      if (event === 'bid') {
        const bid = data as AuctionLiveEvent;
        setLive((current) => {
          if (current.own_rank !== bid.own_rank && bid.own_rank) {
            setAnnouncement(t('announceRank', { rank: bid.own_rank, bidders: bid.bidders }));
          }
          if (bid.extended && bid.ends_at)
            setAnnouncement(t('announceExtended', { at: formatEat(bid.ends_at, language) }));
          return {
            own_rank: bid.own_rank ?? null,
            own_amount: bid.own_amount ?? null,
            best_amount: bid.best_amount ?? null,
            required: bid.required ?? null,
            bidders: bid.bidders,
            extensions: bid.extensions,
            ...(bid.ends_at ? { ends_at: bid.ends_at, phase_ends_at: bid.ends_at } : {}),
            lastSeq: bid.seq,
          };
        });
      }
      if (event === 'status') void queryClient.invalidateQueries({ queryKey: ['portal-auctions'] });
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
      <PageFrame testId="portal-auction-page">
        {auction.isError ? <Alert color="red">{auction.error.message}</Alert> : null}
      </PageFrame>
    );
  const canBid =
    a.phase === 'open' ||
    (a.phase === 'turn' && a.my_turn) ||
    (a.rules === 'rounds' && a.phase === 'scheduled');
  const submit = async () => {
    setProblem(null);
    setSending(true);
    try {
      const receipt = await portalAuctionsApi.bid(id, amount);
      setAnnouncement(t('announceAccepted', { amount: money(receipt.amount), rank: receipt.rank ?? '—' }));
      setAmount('');
      await queryClient.invalidateQueries({ queryKey: ['portal-auctions', buyer?.id ?? null, 'one', id] });
    } catch (failure) {
      setProblem(failureText(failure));
    } finally {
      setSending(false);
    }
  };
  const endsAt = a.phase_ends_at ?? a.ends_at;
  return (
    <PageFrame testId="portal-auction-page">
      <PageHeader
        title={a.title}
        lead={t('lead', { buyer: a.buyer, alias: a.alias })}
        badge={
          <Badge variant="light" data-testid="portal-auction-phase">
            {t(`phase.${a.phase}`)}
          </Badge>
        }
      />
      <div
        aria-live="assertive"
        aria-atomic="true"
        style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}
        data-testid="portal-auction-announcement"
      >
        {announcement}
      </div>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <Card withBorder>
          <Text size="sm" c="dimmed">
            {t('timeLeft')}
          </Text>
          {endsAt && running ? <Countdown closingAt={endsAt} /> : <Text fw={600}>{t('closed')}</Text>}
          <Text size="sm" data-testid="portal-auction-ends">
            {t('endsAt', { at: endsAt ? formatEat(endsAt, language) : '—' })}
            {a.extensions > 0 ? ` · ${t('extended', { count: a.extensions })}` : ''}
          </Text>
        </Card>
        <Card withBorder>
          <Text size="sm" c="dimmed">
            {t('yourRank')}
          </Text>
          <Text fw={700} size="xl" data-testid="portal-auction-rank">
            {a.own_rank ? t('rankOf', { rank: a.own_rank, bidders: a.bidders }) : t('noBidYet')}
          </Text>
          <Text size="sm" data-testid="portal-auction-own">
            {t('yourBid', { amount: money(a.own_amount) })}
          </Text>
        </Card>
        <Card withBorder>
          <Text size="sm" c="dimmed">
            {a.visibility === 'best_price' ? t('bestPrice') : t('step')}
          </Text>
          <Text fw={700} size="xl" data-testid="portal-auction-best">
            {a.visibility === 'best_price'
              ? money(a.best_amount)
              : a.step_kind === 'percent'
                ? `${a.step} %`
                : money(a.step)}
          </Text>
          <Text size="sm" data-testid="portal-auction-required">
            {a.required
              ? t(a.direction === 'reverse' ? 'requiredAtMost' : 'requiredAtLeast', {
                  amount: money(a.required),
                })
              : t('anyFirstBid')}
          </Text>
        </Card>
      </SimpleGrid>
      {a.turn && (
        <Text data-testid="portal-auction-turn">
          {a.my_turn ? t('yourTurn', { round: a.turn.round }) : t('waitTurn', { round: a.turn.round })}
        </Text>
      )}
      <Card withBorder>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          <Stack gap="sm">
            {problem && (
              <Alert color="red" role="alert" data-testid="portal-auction-problem">
                {problem}
              </Alert>
            )}
            <Group align="flex-end" wrap="wrap">
              <TextInput
                label={t('bidLabel', { currency: a.currency })}
                description={t('bidHint')}
                value={amount}
                onChange={(e) => setAmount(e.currentTarget.value)}
                inputMode="decimal"
                disabled={!canBid}
                style={{ flex: 1, minWidth: 200 }}
                data-testid="portal-auction-amount"
              />
              <Button
                type="submit"
                loading={sending}
                disabled={!canBid || !amount}
                data-testid="portal-auction-bid"
              >
                {t('placeBid')}
              </Button>
            </Group>
            <Text size="sm" c="dimmed">
              {connected ? t('connected') : running ? t('reconnecting') : t('closed')}
            </Text>
          </Stack>
        </form>
      </Card>
    </PageFrame>
  );
}
