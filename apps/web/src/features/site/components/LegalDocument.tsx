import { Anchor, Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSiteSettings } from '../../../lib/site-settings.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { useMetaDescription } from '../../../lib/use-meta-description.ts';

/** The date of the texts in locales/<lng>/legal.json; change it with them. */
export const LEGAL_UPDATED = '2026-11-26';

interface Section {
  h: string;
  p: string[];
}

/**
 * Issue 16 point 7: the terms and the privacy policy the registration form asks people to accept, rendered
 * on the server like the other public pages, in the five languages (texts in the `legal` namespace).
 */
export function LegalDocument({ doc }: { doc: 'terms' | 'privacy' }) {
  const { t, i18n } = useTranslation('legal');
  const title = t(`${doc}.title`);
  usePageTitle(title);
  useMetaDescription(t(`${doc}.lead`));
  const site = useSiteSettings();
  const sections = t(`${doc}.sections`, { returnObjects: true }) as Section[];
  const other = doc === 'terms' ? 'privacy' : 'terms';
  const updated = new Intl.DateTimeFormat(i18n.resolvedLanguage ?? 'en', {
    dateStyle: 'long',
    timeZone: 'UTC',
  }).format(new Date(`${LEGAL_UPDATED}T00:00:00Z`));
  return (
    <Container size="md" py="xl">
      <Paper
        withBorder
        radius="md"
        p={{ base: 'md', sm: 'xl' }}
        component="article"
        data-testid={`legal-${doc}`}
      >
        <Stack gap="lg">
          <Stack gap={4}>
            <Title order={1} fz={{ base: 26, sm: 32 }}>
              {title}
            </Title>
            <Text size="sm" c="dimmed">
              {t('updated', { date: updated })}
            </Text>
          </Stack>
          <Text>{t(`${doc}.lead`)}</Text>
          {Array.isArray(sections) &&
            sections.map((section) => (
              <Stack gap={6} key={section.h} component="section">
                <Title order={2} fz={{ base: 18, sm: 20 }}>
                  {section.h}
                </Title>
                {section.p.map((paragraph) => (
                  <Text key={paragraph.slice(0, 40)} size="sm" lh={1.65}>
                    {paragraph}
                  </Text>
                ))}
              </Stack>
            ))}
          {site.data && (
            <Text size="sm" c="dimmed">
              {t('questions', { email: site.data.support_email })}
            </Text>
          )}
          <Group gap="xs">
            <Text size="sm">{t('seeAlso')}:</Text>
            <Anchor component={Link} to={`/${other}`} size="sm">
              {t(`${other}.title`)}
            </Anchor>
          </Group>
        </Stack>
      </Paper>
    </Container>
  );
}
