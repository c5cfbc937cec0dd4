import { Anchor, Badge, Box, Card, Container, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { PlainButton } from '../../../components/PlainButton.tsx';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useMetaDescription } from '../../../lib/use-meta-description.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { clientsQuery, useSiteContent } from '../api/marketing.ts';
import { ClientBadge } from '../components/ClientBadge.tsx';
import { PageState } from '../components/PageState.tsx';
import { SiteStyles } from '../components/SiteStyles.tsx';

/** How many client logos the home page shows before "See all clients". */
const HOME_CLIENTS = 8;

/**
 * SPEC §2 home: hero, the four module cards, the claims and certifications, client logos, the demo, an FAQ
 * and a contact block. Every text is the operator's content (GET /core/site-content/home/).
 */
export function Component() {
  const { t } = useTranslation();
  const content = useSiteContent('home');
  const clients = useQuery(clientsQuery);
  const home = content.data?.content;
  usePageTitle(home?.title ?? t('tagline'));
  useMetaDescription(home?.description);
  if (!home) return <PageState error={content.isError} onRetry={() => void content.refetch()} />;
  const shownClients = clients.data?.results.slice(0, HOME_CLIENTS) ?? [];

  return (
    <>
      <SiteStyles />
      <Box className="zs-hero">
        <Container size="lg" py={{ base: 48, sm: 80 }}>
          <Stack gap="lg" maw={720}>
            <Title order={1} className="zs-heroTitle">
              {home.hero.title}
            </Title>
            <Text size="lg" className="zs-heroText">
              {home.hero.subtitle}
            </Text>
            <Group>
              <PlainButton to="/demo" size="md" color="yellow" c="dark" data-testid="hero-demo">
                {home.hero.demo}
              </PlainButton>
              <PlainButton to="/contact" size="md" variant="white" color="brand">
                {home.hero.contact}
              </PlainButton>
            </Group>
          </Stack>
        </Container>
      </Box>

      <Container size="lg" py="xl" component="section" aria-labelledby="claims-title">
        <Title order={2} id="claims-title" ta="center" mb="lg">
          {home.claims.title}
        </Title>
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="lg" data-testid="claims">
          {home.claims.items.map((claim) => (
            <Stack key={`${claim.value} ${claim.label}`} gap={2} align="center" ta="center">
              <Text className="zs-claimValue">{claim.value}</Text>
              <Text size="sm" c="dimmed">
                {claim.label}
              </Text>
            </Stack>
          ))}
        </SimpleGrid>
      </Container>

      <Box className="zs-band" component="section" aria-labelledby="modules-title">
        <Container size="lg" py="xl">
          <Title order={2} id="modules-title" mb="lg">
            {home.modules.title}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="lg">
            {home.modules.items.map((module) => (
              <Card key={module.slug} withBorder radius="md" padding="lg" className="zs-card">
                <Title order={3} fz="lg" mb="xs">
                  {module.name}
                </Title>
                <Text size="sm" mb="md">
                  {module.summary}
                </Text>
                <Anchor
                  component={Link}
                  to={`/modules/${module.slug}`}
                  fw={600}
                  className="zs-cardLink"
                  data-testid={`module-${module.slug}`}
                >
                  {home.modules.more}
                  <Box component="span" style={visuallyHidden}>
                    {`: ${module.name}`}
                  </Box>
                </Anchor>
              </Card>
            ))}
          </SimpleGrid>
        </Container>
      </Box>

      <Container size="lg" py="xl" component="section" aria-labelledby="clients-title">
        <Group justify="space-between" align="baseline" mb="lg">
          <Title order={2} id="clients-title">
            {home.clients.title}
          </Title>
          <Anchor component={Link} to="/clients" fw={600}>
            {home.clients.all}
          </Anchor>
        </Group>
        <SimpleGrid
          cols={{ base: 2, sm: 4 }}
          spacing="md"
          component="ul"
          p={0}
          m={0}
          style={{ listStyle: 'none' }}
        >
          {shownClients.map((client) => (
            <Group key={client.id} component="li" gap="sm" wrap="nowrap">
              <ClientBadge client={client} size={44} />
              <Text size="sm" fw={500} lineClamp={2}>
                {client.company_name}
              </Text>
            </Group>
          ))}
        </SimpleGrid>
      </Container>

      <Box className="zs-band">
        <Container size="lg" py="xl">
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
            <Stack gap="sm" component="section" aria-labelledby="certifications-title">
              <Title order={2} id="certifications-title">
                {home.certifications.title}
              </Title>
              {home.certifications.items.map((item) => (
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
            <Stack gap="sm" component="section" aria-labelledby="demo-title">
              <Title order={2} id="demo-title">
                {home.demo.title}
              </Title>
              <Text>{home.demo.body}</Text>
              <PlainButton
                to="/demo"
                variant="filled"
                style={{ width: 'fit-content' }}
                data-testid="demo-link"
              >
                {home.demo.cta}
              </PlainButton>
            </Stack>
          </SimpleGrid>
        </Container>
      </Box>

      <Container size="md" py="xl" component="section" aria-labelledby="faq-title">
        <Title order={2} id="faq-title" mb="md">
          {home.faq.title}
        </Title>
        {/* Native disclosure widgets: keyboard and screen-reader accessible with no script at all. */}
        <Box data-testid="faq">
          {home.faq.items.map((item) => (
            <details key={item.question} className="zs-faq">
              <summary>{item.question}</summary>
              <p>{item.answer}</p>
            </details>
          ))}
        </Box>
      </Container>

      <Box className="zs-hero" component="section" aria-labelledby="contact-title">
        <Container size="lg" py="xl">
          <Group justify="space-between" align="center" gap="lg">
            <Stack gap="xs" maw={640}>
              <Title order={2} id="contact-title" className="zs-heroTitle" fz={{ base: 24, sm: 28 }}>
                {home.contact.title}
              </Title>
              <Text className="zs-heroText">{home.contact.body}</Text>
            </Stack>
            <PlainButton to="/contact" size="md" color="yellow" c="dark" data-testid="home-contact">
              {home.contact.cta}
            </PlainButton>
          </Group>
        </Container>
      </Box>
    </>
  );
}

/** Read by screen readers only: which module a "Learn more" link is about. */
const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  padding: 0,
  margin: -1,
  overflow: 'hidden',
  clip: 'rect(0, 0, 0, 0)',
  whiteSpace: 'nowrap',
  border: 0,
} as const;
