import {
  Alert,
  Anchor,
  Button,
  Card,
  Group,
  MultiSelect,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { PageFrame, PageHeader } from '../../../components/PageFrame.tsx';
import { failureText } from '../../../lib/form-errors.ts';
import { formatAmount } from '../../../lib/money.ts';
import { toast } from '../../../lib/toast.ts';
import { auctionsKey, disposalQuery, disposalsApi, NS, suppliersQuery } from '../api.ts';
import { formatInstant, PhaseBadge } from '../components.tsx';
import { TenderListingForm, TenderSection } from '../DisposalTender.tsx';
import { useAuctionRoles } from '../roles.ts';

/**
 * `/app/sourcing/disposals/:id`: one asset, its disposal method asked for and approved by someone else,
 * listed (a forward auction or a trade-in), sold (paid or invoiced) and disposed with the proceeds.
 */
export function Component() {
  const { t, i18n } = useTranslation(NS);
  const language = i18n.resolvedLanguage ?? 'en';
  const id = Number(useParams().id);
  const { organisationId, procurement, approver } = useAuctionRoles();
  const queryClient = useQueryClient();
  const disposal = useQuery(disposalQuery(organisationId, id));
  const suppliers = useQuery(suppliersQuery(organisationId));
  const [method, setMethod] = useState<string | null>('public_auction');
  const [justification, setJustification] = useState('');
  const [startsAt, setStartsAt] = useState(() => new Date(Date.now() + 3_600_000).toISOString());
  const [endsAt, setEndsAt] = useState(() => new Date(Date.now() + 2 * 3_600_000).toISOString());
  const [bidders, setBidders] = useState<string[]>([]);
  const [tradeIn, setTradeIn] = useState<{ supplier: string | null; value: string }>({
    supplier: null,
    value: '',
  });
  const [settlement, setSettlement] = useState<{ kind: string | null; reference: string }>({
    kind: 'invoiced',
    reference: '',
  });
  const [busy, setBusy] = useState(false);
  const d = disposal.data;
  if (!d)
    return (
      <PageFrame testId="disposal-page">
        {disposal.isError ? <Alert color="red">{disposal.error.message}</Alert> : null}
      </PageFrame>
    );
  const money = (v: string | null) => (v === null ? '—' : formatAmount(v, d.currency, language));
  const supplierOptions = (suppliers.data?.results ?? []).map((s) => ({
    value: String(s.id),
    label: s.name,
  }));
  const act = async (action: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await action();
      toast.success(t('disposal.saved'));
      await queryClient.invalidateQueries({ queryKey: auctionsKey(organisationId) });
    } catch (failure) {
      toast.error(failureText(failure));
    } finally {
      setBusy(false);
    }
  };
  return (
    <PageFrame testId="disposal-page">
      <PageHeader
        module="sourcing"
        title={d.title}
        badge={<PhaseBadge phase={d.status} />}
        lead={`${t(`condition.${d.condition}`)} · ${d.location}`}
      />
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <Card withBorder>
          <Text size="sm" c="dimmed">
            {t('disposal.bookValue')}
          </Text>
          <Text fw={700}>{money(d.book_value)}</Text>
        </Card>
        <Card withBorder>
          <Text size="sm" c="dimmed">
            {t('disposal.reserve')}
          </Text>
          <Text fw={700}>{money(d.reserve_price)}</Text>
        </Card>
        <Card withBorder>
          <Text size="sm" c="dimmed">
            {t('disposal.proceeds')}
          </Text>
          <Text fw={700} data-testid="disposal-proceeds">
            {money(d.proceeds ?? d.sale_amount)}
          </Text>
        </Card>
      </SimpleGrid>
      <Card withBorder>
        <Stack gap="xs">
          <Text>{d.description}</Text>
          <Text size="sm">{t('disposal.groundsLine', { grounds: t(`grounds.${d.grounds}`) })}</Text>
          {d.method && (
            <Text size="sm">
              {t('disposal.methodLine', {
                method: t(`method.${d.method}`),
                justification: d.method_justification ?? '',
              })}
            </Text>
          )}
          {['listed', 'sold', 'disposed'].includes(d.status) && d.method !== 'trade_in' && (
            <Anchor component={Link} to={`/asset-sales/${d.public_code}`} data-testid="disposal-public-link">
              {t('disposal.publicPage')}
            </Anchor>
          )}
          {d.auction_id && (
            <Anchor
              component={Link}
              to={`/app/sourcing/auctions/${d.auction_id}`}
              data-testid="disposal-auction-link"
            >
              {t('disposal.openAuction')}
            </Anchor>
          )}
          {d.buyer && (
            <Text size="sm" data-testid="disposal-buyer">
              {t('disposal.buyerLine', { name: d.buyer.name, amount: money(d.sale_amount) })}
            </Text>
          )}
          {d.disposed_at && (
            <Text size="sm">
              {t('disposal.disposedLine', { at: formatInstant(d.disposed_at, language) })}
            </Text>
          )}
        </Stack>
      </Card>
      {procurement && d.status === 'registered' && (
        <Card withBorder>
          <Title order={2} size="h4" mb="sm">
            {t('disposal.askMethod')}
          </Title>
          <Stack gap="sm">
            <Select
              label={t('disposal.method')}
              data={['public_auction', 'trade_in', 'public_tender'].map((v) => ({
                value: v,
                label: t(`method.${v}`),
              }))}
              value={method}
              onChange={setMethod}
              allowDeselect={false}
            />
            <Textarea
              label={t('disposal.justification')}
              value={justification}
              onChange={(e) => setJustification(e.currentTarget.value)}
              required
            />
            <Group justify="flex-end">
              <Button
                loading={busy}
                onClick={() => void act(() => disposalsApi.requestMethod(id, { method, justification }))}
                data-testid="disposal-ask-method"
              >
                {t('disposal.askMethod')}
              </Button>
            </Group>
          </Stack>
        </Card>
      )}
      {approver && d.status === 'method_pending' && (
        <Group>
          <Button
            loading={busy}
            onClick={() => void act(() => disposalsApi.approveMethod(id))}
            data-testid="disposal-approve-method"
          >
            {t('disposal.approveMethod')}
          </Button>
          <Button
            variant="default"
            loading={busy}
            onClick={() => void act(() => disposalsApi.rejectMethod(id))}
          >
            {t('disposal.rejectMethod')}
          </Button>
        </Group>
      )}
      {procurement && d.status === 'method_approved' && (
        <Card withBorder>
          <Title order={2} size="h4" mb="sm">
            {t('disposal.list')}
          </Title>
          {d.method === 'public_tender' ? (
            <TenderListingForm disposal={d} organisationId={organisationId} busy={busy} act={act} />
          ) : d.method === 'public_auction' ? (
            <Stack gap="sm">
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <TextInput
                  label={t('form.starts')}
                  value={startsAt}
                  onChange={(e) => setStartsAt(e.currentTarget.value)}
                  data-testid="disposal-starts"
                />
                <TextInput
                  label={t('form.ends')}
                  value={endsAt}
                  onChange={(e) => setEndsAt(e.currentTarget.value)}
                  data-testid="disposal-ends"
                />
              </SimpleGrid>
              <MultiSelect
                label={t('form.suppliers')}
                data={supplierOptions}
                value={bidders}
                onChange={setBidders}
                searchable
                data-testid="disposal-bidders"
              />
              <Group justify="flex-end">
                <Button
                  loading={busy}
                  onClick={() =>
                    void act(() =>
                      disposalsApi.list(id, {
                        starts_at: startsAt,
                        ends_at: endsAt,
                        suppliers: bidders.map(Number),
                      }),
                    )
                  }
                  data-testid="disposal-list"
                >
                  {t('disposal.list')}
                </Button>
              </Group>
            </Stack>
          ) : (
            <Stack gap="sm">
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <Select
                  label={t('disposal.tradeInSupplier')}
                  data={supplierOptions}
                  value={tradeIn.supplier}
                  onChange={(v) => setTradeIn({ ...tradeIn, supplier: v })}
                />
                <TextInput
                  label={t('disposal.tradeInValue')}
                  value={tradeIn.value}
                  onChange={(e) => setTradeIn({ ...tradeIn, value: e.currentTarget.value })}
                />
              </SimpleGrid>
              <Group justify="flex-end">
                <Button
                  loading={busy}
                  onClick={() =>
                    void act(() =>
                      disposalsApi.list(id, {
                        trade_in_supplier_id: Number(tradeIn.supplier),
                        trade_in_value: tradeIn.value,
                      }),
                    )
                  }
                >
                  {t('disposal.list')}
                </Button>
              </Group>
            </Stack>
          )}
        </Card>
      )}
      {d.tender && (
        <TenderSection disposal={d} procurement={procurement} approver={approver} busy={busy} act={act} />
      )}
      {procurement && d.status === 'listed' && (d.method !== 'public_tender' || d.tender?.awarded_at) && (
        <Card withBorder>
          <Title order={2} size="h4" mb="sm">
            {t('disposal.recordSale')}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select
              label={t('disposal.settlement')}
              data={['invoiced', 'paid'].map((v) => ({ value: v, label: t(`settlement.${v}`) }))}
              value={settlement.kind}
              onChange={(v) => setSettlement({ ...settlement, kind: v })}
              allowDeselect={false}
            />
            <TextInput
              label={t('disposal.reference')}
              value={settlement.reference}
              onChange={(e) => setSettlement({ ...settlement, reference: e.currentTarget.value })}
              data-testid="disposal-reference"
            />
          </SimpleGrid>
          <Group justify="flex-end" mt="sm">
            <Button
              loading={busy}
              onClick={() =>
                void act(() =>
                  disposalsApi.sale(id, { settlement: settlement.kind, reference: settlement.reference }),
                )
              }
              data-testid="disposal-sale"
            >
              {t('disposal.recordSale')}
            </Button>
          </Group>
        </Card>
      )}
      {procurement && d.status === 'sold' && (
        <Group justify="flex-end">
          <Button
            loading={busy}
            onClick={() => void act(() => disposalsApi.dispose(id))}
            data-testid="disposal-dispose"
          >
            {t('disposal.dispose')}
          </Button>
        </Group>
      )}
    </PageFrame>
  );
}
