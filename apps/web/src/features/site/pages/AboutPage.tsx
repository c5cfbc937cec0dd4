import { Badge, Box, Card, Container, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { countryName } from '../../../lib/format.ts';
import { allCountriesQuery } from '../../../lib/reference-data.ts';
import { useMetaDescription } from '../../../lib/use-meta-description.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { useSiteContent } from '../api/marketing.ts';
import { PageState } from '../components/PageState.tsx';
import { SiteStyles } from '../components/SiteStyles.tsx';

/**
 * SPEC §2 about us: mission, vision, the six core values, certifications and the African footprint (the
 * countries served, from the countries table). Texts are the operator's content.
 */
export function Component() {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const content = useSiteContent('about');
  const countries = useQuery(allCountriesQuery);
  const about = content.data?.content;
  usePageTitle(about?.title ?? t('pages.about'));
  useMetaDescription(about?.description);
  if (!about) return <PageState error={content.isError} onRetry={() => void content.refetch()} />;
  const served = (countries.data?.results ?? [])
    .map((country) => ({ ...country, shown: countryName(country.iso2, country.name, language) }))
    .sort((a, b) => a.shown.localeCompare(b.shown, language));

  return (
    <>
      <SiteStyles />
      <Box className="zs-hero">
        <Container size="lg" py={{ base: 40, sm: 64 }}>
          <Stack gap="md" maw={760}>
            <Title order={1} className="zs-heroTitle">
              {about.title}
            </Title>
            <Text size="lg" className="zs-heroText">
              {about.intro}
            </Text>
          </Stack>
        </Container>
      </Box>

      <Container size="lg" py="xl">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
          {[about.mission, about.vision].map((part) => (
            <Card key={part.title} withBorder radius="md" padding="lg" component="section">
              <Title order={2} fz="xl" mb="xs">
                {part.title}
              </Title>
              <Text>{part.body}</Text>
            </Card>
          ))}
        </SimpleGrid>
      </Container>

      <Box className="zs-band" component="section" aria-labelledby="values-title">
        <Container size="lg" py="xl">
          <Title order={2} id="values-title" mb="lg">
            {about.values.title}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg" data-testid="core-values">
            {about.values.items.map((value) => (
              <Card key={value.name} withBorder radius="md" padding="lg">
                <Title order={3} fz="lg" mb={6}>
                  {value.name}
                </Title>
                <Text size="sm">{value.body}</Text>
              </Card>
            ))}
          </SimpleGrid>
        </Container>
      </Box>

      <Container size="lg" py="xl" component="section" aria-labelledby="certifications-title">
        <Title order={2} id="certifications-title" mb="md">
          {about.certifications.title}
        </Title>
        <Stack gap="sm">
          {about.certifications.items.map((item) => (
            <Group key={item.name} gap="sm" align="flex-start">
              <Badge size="lg" variant="light" color="brand" tt="none" style={{ flexShrink: 0 }}>
                {item.name}
              </Badge>
              {/* Beside its badge, or under it when both do not fit (a phone). */}
              <Text size="sm" style={{ flex: '1 1 220px' }}>
                {item.body}
              </Text>
            </Group>
          ))}
        </Stack>
      </Container>

      <Box className="zs-band" component="section" aria-labelledby="footprint-title">
        <Container size="lg" py="xl">
          <Title order={2} id="footprint-title" mb="xs">
            {about.footprint.title}
          </Title>
          <Text mb="lg">{about.footprint.body}</Text>
          <SimpleGrid
            cols={{ base: 2, sm: 3, md: 4 }}
            spacing="xs"
            component="ul"
            m={0}
            style={{ paddingLeft: 18 }}
            data-testid="footprint"
          >
            {served.map((country) => (
              // Names only: 54 flag images made the page's first load 300 kB (Lighthouse: ≤ 250 kB).
              <Text key={country.id} component="li" size="sm" style={{ overflowWrap: 'anywhere' }}>
                {country.shown}
              </Text>
            ))}
          </SimpleGrid>
        </Container>
      </Box>
    </>
  );
}
