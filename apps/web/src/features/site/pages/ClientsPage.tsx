import { Card, Container, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { PlainButton } from '../../../components/PlainButton.tsx';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { StatusMessage } from '../../../components/StatusMessage.tsx';
import { useMetaDescription } from '../../../lib/use-meta-description.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { clientsQuery, useSiteContent } from '../api/marketing.ts';
import { ClientBadge } from '../components/ClientBadge.tsx';
import { PageState } from '../components/PageState.tsx';
import { SiteStyles } from '../components/SiteStyles.tsx';

/** SPEC §2 clients: the buying organisations the operator shows, with logo (or initials) and sector. */
export function Component() {
  const { t } = useTranslation();
  const content = useSiteContent('clients');
  const clients = useQuery(clientsQuery);
  const page = content.data?.content;
  usePageTitle(page?.title ?? t('pages.clients'));
  useMetaDescription(page?.description);
  if (!page) return <PageState error={content.isError} onRetry={() => void content.refetch()} />;
  const list = clients.data?.results ?? [];

  return (
    <Container size="lg" py="xl">
      <SiteStyles />
      <Stack gap="lg">
        <Stack gap="xs" maw={760}>
          <Title order={1}>{page.title}</Title>
          <Text c="dimmed">{page.intro}</Text>
        </Stack>
        {clients.isSuccess && list.length === 0 ? (
          <StatusMessage title={page.empty} />
        ) : (
          <SimpleGrid
            cols={{ base: 1, xs: 2, md: 3 }}
            spacing="md"
            component="ul"
            p={0}
            m={0}
            style={{ listStyle: 'none' }}
            data-testid="clients"
          >
            {list.map((client) => (
              <Card key={client.id} component="li" withBorder radius="md" padding="md">
                <Group gap="md" wrap="nowrap">
                  <ClientBadge client={client} />
                  <Stack gap={2}>
                    <Text fw={600}>{client.company_name}</Text>
                    {client.sector && (
                      <Text size="sm" c="dimmed">
                        {`${page.sector}: ${t(`sector.${client.sector}`, { ns: 'tenders', defaultValue: client.sector })}`}
                      </Text>
                    )}
                  </Stack>
                </Group>
              </Card>
            ))}
          </SimpleGrid>
        )}
        <Card radius="md" padding="xl" className="zs-hero" component="section" aria-labelledby="join-title">
          <Group justify="space-between" gap="md">
            <Stack gap={4} maw={620}>
              <Title order={2} id="join-title" fz="xl" className="zs-heroTitle">
                {page.cta.title}
              </Title>
              <Text className="zs-heroText">{page.cta.body}</Text>
            </Stack>
            <PlainButton to="/contact" color="yellow" c="dark" size="md">
              {page.cta.action}
            </PlainButton>
          </Group>
        </Card>
      </Stack>
    </Container>
  );
}
