import { Container, Grid, List, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { deferred } from '../../../components/DeferredPart.tsx';
import { formatMoney } from '../../../lib/format.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { usePricing } from '../api/prequalified.ts';

/** The form is rendered by the server; its code loads once the user reaches for it (issue 15). */
const PrequalifiedForm = deferred(() =>
  import('../components/PrequalifiedForm.tsx').then((m) => m.PrequalifiedForm),
);

/** SPEC §2 prequalified suppliers request form (/prequalified-suppliers); on 201 the cart. */
export function Component() {
  const { t, i18n } = useTranslation('prequalified');
  const language = i18n.resolvedLanguage ?? 'en';
  usePageTitle(t('page.title'));
  const pricing = usePricing();
  const steps = t('page.steps', { returnObjects: true }) as unknown;
  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1} fz={{ base: 26, sm: 30 }}>
            {t('page.title')}
          </Title>
          <Text c="dimmed" maw={720}>
            {t('page.lead')}
          </Text>
        </Stack>
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 8 }}>
            <PrequalifiedForm />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Paper withBorder radius="md" p="lg" bg="brand.0" style={{ position: 'sticky', top: 80 }}>
              <Stack gap="sm">
                <Title order={2} fz="lg">
                  {t('page.howTitle')}
                </Title>
                <List size="sm" spacing="xs" type="ordered">
                  {(Array.isArray(steps) ? steps : []).map((step) => (
                    <List.Item key={String(step)}>{String(step)}</List.Item>
                  ))}
                </List>
                {pricing && (
                  <Text size="sm" fw={500} data-testid="pricing-rule">
                    {t('page.pricing', {
                      perSupplier: formatMoney(pricing.per_supplier, pricing.currency, language),
                      minimum: formatMoney(pricing.category_minimum, pricing.currency, language),
                    })}
                  </Text>
                )}
              </Stack>
            </Paper>
          </Grid.Col>
        </Grid>
      </Stack>
    </Container>
  );
}
