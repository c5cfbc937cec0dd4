import { Anchor, Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { locate, PLATFORM_HOME } from '../modules.ts';

/** Stands in for a screen this release is building, and says what it will hold. */
export function Component() {
  const { t } = useTranslation('platform');
  const place = locate(useLocation().pathname);
  const screen = place?.screen;
  const title = screen ? t(`screens.${screen.key}.name`) : t('home.title');
  usePageTitle(title);
  if (!place || !screen) return null;
  return (
    <Stack gap="md" maw={1120} mx="auto" data-testid="screen-placeholder">
      <Text size="sm" c="dimmed" fw={500}>
        {t(`modules.${place.module.key}.name`)}
      </Text>
      <Group gap="sm" align="center">
        <Title order={1} fz={{ base: 24, sm: 30 }}>
          {title}
        </Title>
        <Badge variant="light" color="brand" tt="none" data-testid="release-badge">
          {t('status.thisRelease')}
        </Badge>
      </Group>
      <Paper withBorder radius="md" p="lg" maw={760}>
        <Text fw={600} mb={6}>
          {t('placeholder.heading')}
        </Text>
        <Text>{t(`screens.${screen.key}.body`)}</Text>
      </Paper>
      <Anchor component={Link} to={PLATFORM_HOME} size="sm">
        {t('placeholder.back')}
      </Anchor>
    </Stack>
  );
}
