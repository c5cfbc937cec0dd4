import { Container, Grid, List, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { deferred } from '../../../components/DeferredPart.tsx';
import { useMetaDescription } from '../../../lib/use-meta-description.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';

/**
 * The form is rendered by the server; its code (react-hook-form, the contract's schemas, Mantine's
 * dropdowns) loads when the user reaches for it or the browser is idle (issue 15), as /tenders-subscribe.
 */
const SupplierRegistrationForm = deferred(() =>
  import('../components/SupplierRegistrationForm.tsx').then((m) => m.SupplierRegistrationForm),
);

/** SPEC §2 /supplier/register: supplier self-registration with the live KRA PIN lookup (issue 18). */
export function Component() {
  const { t } = useTranslation('registry');
  usePageTitle(t('page.title'));
  useMetaDescription(t('page.lead'));
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
            <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
              <SupplierRegistrationForm />
            </Paper>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Paper withBorder radius="md" p="lg" bg="brand.0">
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
