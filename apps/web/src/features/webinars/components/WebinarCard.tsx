import { Anchor, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { Webinar } from '@zabuni/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate } from '../../../lib/format.ts';
import { MODULE_KEYS } from '../api/webinars.ts';

/** One webinar in the list: module, title, organiser, when (Nairobi time), places, and its actions. */
export function WebinarCard({ webinar }: { webinar: Webinar }) {
  const { t, i18n } = useTranslation('webinars');
  const language = i18n.resolvedLanguage ?? 'en';
  const full = webinar.places_left === 0;
  const open = webinar.state === 'upcoming' && !full;
  return (
    <Paper withBorder radius="md" p="md" component="article" data-testid="webinar-card" h="100%">
      <Stack gap="xs" h="100%">
        <Group gap={6}>
          <Badge variant="light" color="brand" radius="sm" tt="none">
            {t(`modules.${MODULE_KEYS[webinar.module]}`)}
          </Badge>
          {webinar.state !== 'upcoming' && (
            <Badge variant="light" color="gray" radius="sm" tt="none">
              {t(`state.${webinar.state}`)}
            </Badge>
          )}
          {webinar.state === 'upcoming' && full && (
            <Badge variant="light" color="orange" radius="sm" tt="none">
              {t('state.full')}
            </Badge>
          )}
        </Group>
        <Title order={3} fz="lg">
          <Anchor component={Link} to={`/webinars/${webinar.id}`} c="inherit">
            {webinar.title}
          </Anchor>
        </Title>
        <Text size="sm" c="dimmed">
          {t('card.by', { organizer: webinar.organizer })}
        </Text>
        <Text size="sm">
          <time dateTime={webinar.date}>{formatDate(webinar.date, language, true)}</time> ·{' '}
          {t('card.minutes', { count: webinar.duration_minutes })}
        </Text>
        {webinar.state === 'upcoming' && webinar.places_left !== null && !full && (
          <Text size="xs" c="dimmed">
            {t('card.placesLeft', { count: webinar.places_left })}
          </Text>
        )}
        <Group gap="xs" mt="auto" pt="xs">
          {open ? (
            <Button component={Link} to={`/webinars/${webinar.id}`} size="xs">
              {t('card.register')}
            </Button>
          ) : (
            <Button component={Link} to={`/webinars/${webinar.id}`} size="xs" variant="light">
              {t('card.details')}
            </Button>
          )}
          {webinar.pdf_link && (
            <Anchor href={webinar.pdf_link} target="_blank" rel="noopener noreferrer" size="xs">
              {t('card.slides')}
            </Anchor>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
