import { Button, Card, Container, Group, List, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { Price } from '@zabuni/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
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
              <Button
                key={value}
                radius="xl"
                size="sm"
                variant={period === value ? 'filled' : 'subtle'}
                aria-pressed={period === value}
                onClick={() => setPeriod(value)}
                data-testid={`billing-${value}`}
              >
                {value === 'monthly' ? page.billing.monthly : page.billing.annual}
              </Button>
            ))}
          </div>
        </Stack>

        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
          <Card withBorder radius="md" padding="xl" className="zs-card" data-testid="plan-alerts">
            <Title order={2} fz="xl">
              {page.alerts.name}
            </Title>
            <Text size="sm" c="dimmed" mb="md">
              {page.alerts.body}
            </Text>
            <Group gap={6} align="baseline" mb="md">
              <Text className="zs-price" data-testid="price-alerts">
                {shown(priceOf(list, `alert_subscription_${period}`), language)}
              </Text>
              <Text size="sm" c="dimmed">
                {per}
              </Text>
            </Group>
            <List size="sm" spacing={4} mb="lg">
              {page.alerts.features.map((feature) => (
                <List.Item key={feature}>{feature}</List.Item>
              ))}
            </List>
            <Button component={Link} to={`/tenders-subscribe?plan=${period}`} className="zs-cardLink">
              {page.alerts.cta}
            </Button>
          </Card>

          <Card
            withBorder
            radius="md"
            padding="xl"
            className="zs-card"
            style={{ borderColor: 'var(--mantine-color-brand-6)', borderWidth: 2 }}
            data-testid="plan-professional"
          >
            <Title order={2} fz="xl">
              {page.professional.name}
            </Title>
            <Text size="sm" c="dimmed" mb="md">
              {page.professional.body}
            </Text>
            <Group gap={6} align="baseline" mb="md">
              <Text className="zs-price" data-testid="price-professional">
                {shown(priceOf(list, `professional_plan_${period}`), language)}
              </Text>
              <Text size="sm" c="dimmed">
                {per}
              </Text>
            </Group>
            <List size="sm" spacing={4} mb="lg">
              {page.professional.features.map((feature) => (
                <List.Item key={feature}>{feature}</List.Item>
              ))}
            </List>
            <Button component={Link} to="/contact" className="zs-cardLink">
              {page.professional.cta}
            </Button>
          </Card>
        </SimpleGrid>

        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
          <Card withBorder radius="md" padding="lg" className="zs-card" data-testid="plan-add-on">
            <Title order={2} fz="lg">
              {page.addOn.name}
            </Title>
            <Text size="sm" c="dimmed" mb="sm">
              {page.addOn.body}
            </Text>
            <Text className="zs-price" mb="md" data-testid="price-add-on">
              {shown(priceOf(list, 'africa_directory_ke'), language)}
            </Text>
            <Button component={Link} to="/contact" variant="light" className="zs-cardLink">
              {page.addOn.cta}
            </Button>
          </Card>
          <Card withBorder radius="md" padding="lg" className="zs-card" data-testid="plan-publishing">
            <Title order={2} fz="lg">
              {page.publishing.name}
            </Title>
            <Text size="sm" c="dimmed" mb="sm">
              {page.publishing.body}
            </Text>
            <Group gap={6} align="baseline" mb="md">
              <Text className="zs-price" data-testid="price-publishing">
                {shown(priceOf(list, 'tender_publishing'), language)}
              </Text>
              <Text size="sm" c="dimmed">
                {page.publishing.perTender}
              </Text>
            </Group>
            <Button component={Link} to="/advertise" variant="light" className="zs-cardLink">
              {page.publishing.cta}
            </Button>
          </Card>
        </SimpleGrid>

        <Text size="sm" c="dimmed" ta="center">
          {page.note}
        </Text>
      </Stack>
    </Container>
  );
}
