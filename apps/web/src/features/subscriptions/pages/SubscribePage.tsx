import { Container, Grid, List, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { deferred } from '../../../components/DeferredPart.tsx';
import { usePageTitle } from '../../../lib/use-page-title.ts';

/**
 * The form is rendered by the server but its code (react-hook-form, the contract's zod schemas, the phone
 * metadata, Mantine's dropdowns: about 150 kB gzip) loads once the user reaches for it or the browser is
 * idle (issue 15), so it is not in the page's first load.
 */
const SubscriptionForm = deferred(() =>
  import('../components/SubscriptionForm.tsx').then((m) => m.SubscriptionForm),
);

/** SPEC §2 /tenders-subscribe: the tender-alerts subscription form (`?plan=monthly|annual` picks the plan). */
export function Component() {
  const { t } = useTranslation('subscriptions');
  usePageTitle(t('page.title'));
  const [params] = useSearchParams();
  const benefits = t('page.benefits', { returnObjects: true }) as unknown;
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
            <SubscriptionForm planParam={params.get('plan')} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Paper withBorder radius="md" p="lg" bg="brand.0" style={{ position: 'sticky', top: 80 }}>
              <Stack gap="sm">
                <Title order={2} fz="lg">
                  {t('page.benefitsTitle')}
                </Title>
                <List size="sm" spacing="xs">
                  {(Array.isArray(benefits) ? benefits : []).map((benefit) => (
                    <List.Item key={String(benefit)}>{String(benefit)}</List.Item>
                  ))}
                </List>
              </Stack>
            </Paper>
          </Grid.Col>
        </Grid>
      </Stack>
    </Container>
  );
}
