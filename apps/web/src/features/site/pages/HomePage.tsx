import { Box, Button, Container, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import classes from './HomePage.module.css';

const STATS = [
  { value: '3,400+', key: 'home.stats.clients' },
  { value: '300,000+', key: 'home.stats.suppliers' },
  { value: '20+', key: 'home.stats.countries' },
  { value: '10–40%', key: 'home.stats.savings' },
] as const;

export function Component() {
  const { t } = useTranslation();
  usePageTitle(t('tagline'));
  return (
    <>
      <Box className={classes.hero}>
        <Container size="lg" py={{ base: 48, sm: 80 }}>
          <Stack gap="lg" maw={680}>
            <Title order={1} className={classes.title}>
              {t('home.title')}
            </Title>
            <Text size="lg" className={classes.subtitle}>
              {t('home.subtitle')}
            </Text>
            <Group>
              <Button component={Link} to="/jobs" size="md" color="yellow" c="dark">
                {t('home.ctaJobs')}
              </Button>
              <Button component={Link} to="/advertise" size="md" variant="white" color="brand">
                {t('home.ctaAdvertise')}
              </Button>
            </Group>
          </Stack>
        </Container>
      </Box>
      <Container size="lg" py="xl">
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="lg">
          {STATS.map((stat) => (
            <Stack key={stat.key} gap={2} align="center" ta="center">
              <Text fz={28} fw={700} c="brand.7">
                {stat.value}
              </Text>
              <Text size="sm" c="dimmed">
                {t(stat.key)}
              </Text>
            </Stack>
          ))}
        </SimpleGrid>
      </Container>
    </>
  );
}
