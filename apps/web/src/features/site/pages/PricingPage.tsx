import { Card, Container, Group, List, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { PlainButton } from '../../../components/PlainButton.tsx';
import { useQuery } from '@tanstack/react-query';
import type { Price } from '@zabuni/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../lib/format.ts';
import { useMetaDescription } from '../../../lib/use-meta-description.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { priceOf, pricesQuery, useSiteContent } from '../api/marketing.ts';
import { PageState } from '../components/PageState.tsx';
import { SiteStyles } from '../components/SiteStyles.tsx';

type Period = 'monthly' | 'annual';

/**
 * A price as SPEC §9 shows money: the code and two decimals ("KES 400.00"); a dash when not on sale. The
 * site sells in KES and USD, both with two decimals (minor units are cents), so no currency table is loaded.
 */
function shown(price: Price | undefined, language: string): string {
  if (!price) return '—';
  return formatMoney(price.amount_minor / 100, price.currency, language);
}

/**
 * SPEC §2 plans and pricing with the monthly / annual switch: tender alerts, the Professional plan and the
 * Africa Directory (Kenya) add-on (SPEC §3/§9), and publishing a tender. Every amount comes from the price
 * list the operator edits (GET /core/prices/), never from the page.
 */
export function Component() {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const content = useSiteContent('pricing');
  const prices = useQuery(pricesQuery);
  const [period, setPeriod] = useState<Period>('monthly');
  const page = content.data?.content;
  usePageTitle(page?.title ?? t('pages.pricing'));
  useMetaDescription(page?.description);
  if (!page) return <PageState error={content.isError} onRetry={() => void content.refetch()} />;
  const per = period === 'monthly' ? page.billing.perMonth : page.billing.perYear;
  const list = prices.data;

  return (
    <Container size="lg" py="xl">
      <SiteStyles />
      <Stack gap="xl">
        <Stack gap="xs" align="center" ta="center">
          <Title order={1}>{page.title}</Title>
          <Text c="dimmed" maw={640}>
            {page.intro}
          </Text>
          {/* The switch: two toggle buttons; the pressed one is the period shown. */}
          <div
            className="zs-toggle"
            role="group"
            aria-label={page.billing.label}
            data-testid="billing-switch"
          >
            {(['monthly', 'annual'] as const).map((value) => (
              <PlainButton
                key={value}
                radius="xl"
                size="sm"
                variant={period === value ? 'filled' : 'subtle'}
                aria-pressed={period === value}
                onClick={() => setPeriod(value)}
                data-testid={`billing-${value}`}
              >
                {value === 'monthly' ? page.billing.monthly : page.billing.annual}
              </PlainButton>
            ))}
          </div>
        </Stack>

        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
          <PlanCard
            id="alerts"
            plan={page.alerts}
            price={shown(priceOf(list, `alert_subscription_${period}`), language)}
            per={per}
            to={`/tenders-subscribe?plan=${period}`}
          />
          <PlanCard
            id="professional"
            plan={page.professional}
            price={shown(priceOf(list, `professional_plan_${period}`), language)}
            per={per}
            to="/contact"
            highlighted
          />
        </SimpleGrid>

        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
          <PlanCard
            id="add-on"
            plan={page.addOn}
            price={shown(priceOf(list, 'africa_directory_ke'), language)}
            to="/contact"
            small
          />
          <PlanCard
            id="publishing"
            plan={page.publishing}
            price={shown(priceOf(list, 'tender_publishing'), language)}
            per={page.publishing.perTender}
            to="/advertise"
            small
          />
        </SimpleGrid>

        <Text size="sm" c="dimmed" ta="center">
          {page.note}
        </Text>
      </Stack>
    </Container>
  );
}

/**
 * One offer on the pricing page: its name, what it is, the price (with what it is per, when it is per
 * something), what it includes and the way to it. `small` for the add-ons under the plans.
 */
function PlanCard({
  id,
  plan,
  price,
  per,
  to,
  highlighted = false,
  small = false,
}: {
  id: string;
  plan: { name: string; body: string; cta: string; features?: readonly string[] };
  price: string;
  per?: string;
  to: string;
  highlighted?: boolean;
  small?: boolean;
}) {
  const shownPrice = (
    <Text className="zs-price" mb={per === undefined ? 'md' : undefined} data-testid={`price-${id}`}>
      {price}
    </Text>
  );
  return (
    <Card
      withBorder
      radius="md"
      padding={small ? 'lg' : 'xl'}
      className="zs-card"
      style={highlighted ? { borderColor: 'var(--mantine-color-brand-6)', borderWidth: 2 } : undefined}
      data-testid={`plan-${id}`}
    >
      <Title order={2} fz={small ? 'lg' : 'xl'}>
        {plan.name}
      </Title>
      <Text size="sm" c="dimmed" mb={small ? 'sm' : 'md'}>
        {plan.body}
      </Text>
      {per === undefined ? (
        shownPrice
      ) : (
        <Group gap={6} align="baseline" mb="md">
          {shownPrice}
          <Text size="sm" c="dimmed">
            {per}
          </Text>
        </Group>
      )}
      {plan.features && (
        <List size="sm" spacing={4} mb="lg">
          {plan.features.map((feature) => (
            <List.Item key={feature}>{feature}</List.Item>
          ))}
        </List>
      )}
      <PlainButton to={to} variant={small ? 'light' : undefined} className="zs-cardLink">
        {plan.cta}
      </PlainButton>
    </Card>
  );
}
