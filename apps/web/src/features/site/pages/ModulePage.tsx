import { Anchor, Badge, Box, Card, Container, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { PlainButton } from '../../../components/PlainButton.tsx';
import type { ModulesContent } from '@zabuni/contracts';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Component as NotFoundPage } from '../../../components/NotFoundPage.tsx';
import { useMetaDescription } from '../../../lib/use-meta-description.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { useSiteContent } from '../api/marketing.ts';
import { PageState } from '../components/PageState.tsx';
import { ProductScreen } from '../components/ProductScreen.tsx';
import { ModuleStyles } from '../components/ModuleStyles.tsx';
import { SiteStyles } from '../components/SiteStyles.tsx';

type Module = ModulesContent['items'][number];
type Sub = Module['subs'][number];
type Labels = ModulesContent['labels'];

/**
 * Issue 17, SPEC §2 "one page per module and sub-module": `/modules` (the four), `/modules/<module>` and
 * `/modules/<module>/<sub>`. Texts are the operator's content (GET /core/site-content/modules/); a module in
 * the product shows its real screens (scripts/site-screenshots.mjs), one still being built says so.
 */
export function Component() {
  const { module: moduleSlug, sub: subSlug } = useParams();
  const { t } = useTranslation();
  const content = useSiteContent('modules');
  const modules = content.data?.content;
  const module = moduleSlug ? modules?.items.find((item) => item.slug === moduleSlug) : undefined;
  const sub = subSlug ? module?.subs.find((item) => item.slug === subSlug) : undefined;
  const missing = Boolean(modules && ((moduleSlug && !module) || (subSlug && !sub)));

  const title = sub && module ? `${sub.name} · ${module.name}` : (module?.name ?? modules?.title);
  usePageTitle(missing ? t('notFound.title') : (title ?? t('pages.modules')));
  useMetaDescription(missing ? undefined : (sub?.summary ?? module?.summary ?? modules?.description));

  if (missing) return <NotFoundPage />;
  if (!modules) return <PageState error={content.isError} onRetry={() => void content.refetch()} />;
  if (module && sub) return <SubModuleView module={module} sub={sub} labels={modules.labels} />;
  if (module) return <ModuleView module={module} labels={modules.labels} />;
  return <OverviewView modules={modules} />;
}

function Hero({ title, text, back }: { title: string; text: string; back?: { to: string; label: string } }) {
  return (
    <Box className="zs-hero">
      <SiteStyles />
      <ModuleStyles />
      <Container size="lg" py={{ base: 40, sm: 64 }}>
        <Stack gap="md" maw={780}>
          {back && (
            <Anchor component={Link} to={back.to} className="zm-breadcrumb" size="sm">
              ← {back.label}
            </Anchor>
          )}
          <Title order={1} className="zs-heroTitle">
            {title}
          </Title>
          <Text size="lg" className="zs-heroText">
            {text}
          </Text>
        </Stack>
      </Container>
    </Box>
  );
}

function StatusBadge({ module, labels }: { module: Module; labels: Labels }) {
  const available = module.status === 'available';
  return (
    <Badge variant={available ? 'filled' : 'outline'} color={available ? 'teal.9' : 'dark'} tt="none">
      {available ? labels.available : labels.coming}
    </Badge>
  );
}

function OverviewView({ modules }: { modules: ModulesContent }) {
  return (
    <>
      <Hero title={modules.title} text={modules.intro} />
      <Container size="lg" py="xl">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg" data-testid="module-list">
          {modules.items.map((module) => (
            <Card key={module.slug} withBorder radius="md" padding="lg" className="zs-card">
              <Group justify="space-between" align="flex-start" mb="xs" wrap="nowrap">
                <Title order={2} fz="xl">
                  {module.name}
                </Title>
                <StatusBadge module={module} labels={modules.labels} />
              </Group>
              <Text mb="md">{module.summary}</Text>
              <Anchor
                component={Link}
                to={`/modules/${module.slug}`}
                className="zs-cardLink"
                fw={600}
                aria-label={`${modules.labels.more}: ${module.name}`}
              >
                {modules.labels.more} →
              </Anchor>
            </Card>
          ))}
        </SimpleGrid>
      </Container>
    </>
  );
}

function ModuleView({ module, labels }: { module: Module; labels: Labels }) {
  const firstScreens = module.subs.flatMap((sub) => sub.screens.slice(0, 1).map((s) => ({ sub, ...s })));
  return (
    <>
      <Hero title={module.name} text={module.intro} back={{ to: '/modules', label: labels.back }} />
      <Container size="lg" py="xl">
        <Group mb="md" gap="sm">
          <StatusBadge module={module} labels={labels} />
          {module.status === 'coming' && <Text size="sm">{labels.comingBody}</Text>}
        </Group>
        <Title order={2} mb="md">
          {labels.subModules}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg" data-testid="sub-module-list">
          {module.subs.map((sub) => (
            <Card key={sub.slug} withBorder radius="md" padding="lg" className="zs-card">
              <Title order={3} fz="lg" mb={6}>
                {sub.name}
              </Title>
              <Text size="sm" mb="md">
                {sub.summary}
              </Text>
              <Anchor
                component={Link}
                to={`/modules/${module.slug}/${sub.slug}`}
                className="zs-cardLink"
                fw={600}
                size="sm"
                aria-label={`${labels.more}: ${sub.name}`}
              >
                {labels.more} →
              </Anchor>
            </Card>
          ))}
        </SimpleGrid>
      </Container>
      {firstScreens.length > 0 && (
        <Box className="zs-band" component="section" aria-labelledby="screens-title">
          <Container size="lg" py="xl">
            <Title order={2} id="screens-title" mb="lg">
              {labels.screens}
            </Title>
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
              {firstScreens.map((shot) => (
                <Stack key={shot.screen} gap="xs" component="figure" m={0}>
                  <ProductScreen screen={shot.screen} alt={shot.alt} layout="half" />
                  <Text component="figcaption" size="sm">
                    <Anchor component={Link} to={`/modules/${module.slug}/${shot.sub.slug}`} fw={600}>
                      {shot.sub.name}
                    </Anchor>
                    {' · '}
                    {shot.caption}
                  </Text>
                </Stack>
              ))}
            </SimpleGrid>
          </Container>
        </Box>
      )}
      <CallToAction labels={labels} />
    </>
  );
}

function SubModuleView({ module, sub, labels }: { module: Module; sub: Sub; labels: Labels }) {
  return (
    <>
      <Hero
        title={sub.name}
        text={sub.summary}
        back={{ to: `/modules/${module.slug}`, label: module.name }}
      />
      <Container size="lg" py="xl">
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
          <Stack gap="sm">
            <StatusBadge module={module} labels={labels} />
            <Text size="lg">{sub.body}</Text>
            {module.status === 'coming' && (
              <Text c="dimmed" data-testid="module-coming">
                {labels.comingBody}
              </Text>
            )}
          </Stack>
          <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="features-title">
            <Title order={2} fz="lg" id="features-title" mb="xs">
              {labels.features}
            </Title>
            <ul className="zm-features">
              {sub.features.map((feature) => (
                <li key={feature}>{feature}</li>
              ))}
            </ul>
          </Card>
        </SimpleGrid>
      </Container>
      {sub.screens.length > 0 && (
        <Box className="zs-band" component="section" aria-labelledby="screens-title">
          <Container size="lg" py="xl">
            <Title order={2} id="screens-title" mb="lg">
              {labels.screens}
            </Title>
            <Stack gap="xl">
              {sub.screens.map((shot) => (
                <Stack key={shot.screen} gap="xs" component="figure" m={0}>
                  <ProductScreen screen={shot.screen} alt={shot.alt} />
                  <Text component="figcaption" size="sm">
                    {shot.caption}
                  </Text>
                </Stack>
              ))}
            </Stack>
          </Container>
        </Box>
      )}
      <Container size="lg" py="xl" component="nav" aria-label={module.name}>
        <Group gap="xs">
          {module.subs
            .filter((other) => other.slug !== sub.slug)
            .map((other) => (
              <PlainButton
                key={other.slug}
                to={`/modules/${module.slug}/${other.slug}`}
                variant="light"
                size="xs"
              >
                {other.name}
              </PlainButton>
            ))}
        </Group>
      </Container>
      <CallToAction labels={labels} />
    </>
  );
}

function CallToAction({ labels }: { labels: Labels }) {
  return (
    <Container size="lg" pb="xl">
      <Group gap="sm">
        <PlainButton to="/demo" color="yellow" c="dark" data-testid="module-demo">
          {labels.demo}
        </PlainButton>
        <PlainButton to="/contact" variant="outline">
          {labels.contact}
        </PlainButton>
      </Group>
    </Container>
  );
}
