import { Badge, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { ModuleTile } from '../components/ModuleTile.tsx';
import { PLATFORM_MODULES } from '../modules.ts';
import { usePlatform } from '../../../lib/platform-context.ts';

/** `/app`: who is working for which organisation, with which roles, and the modules. */
export function Component() {
  const { t } = useTranslation('platform');
  const { me, current, memberships } = usePlatform();
  usePageTitle(t('home.title'));
  const name = me.first_name || me.username;
  return (
    <Stack gap="xl" maw={1120} mx="auto">
      <Title order={1} fz={{ base: 24, sm: 30 }} data-testid="home-greeting">
        {t('home.greeting', { name })}
      </Title>
      <Paper withBorder radius="md" p="lg">
        <Stack gap="sm">
          <div>
            <Text size="sm" c="dimmed">
              {t('home.workingIn')}
            </Text>
            <Text fw={700} fz={{ base: 'lg', sm: 'xl' }} data-testid="home-organisation">
              {current.organisation.name}
            </Text>
          </div>
          <div>
            <Text size="sm" c="dimmed" mb={6}>
              {t('home.roles')}
            </Text>
            <Group gap={6} data-testid="home-roles">
              {current.roles.length === 0 && <Text size="sm">{t('home.noRoles')}</Text>}
              {current.roles.map((role) => (
                <Badge key={role} variant="light" color="gray" tt="none" size="lg" fw={500}>
                  {t(`roles.${role}`, { defaultValue: role })}
                </Badge>
              ))}
            </Group>
          </div>
          {memberships.length > 1 && (
            <Text size="sm" c="dimmed">
              {t('home.switchHint', { count: memberships.length })}
            </Text>
          )}
        </Stack>
      </Paper>
      <Stack gap="sm" component="section" aria-labelledby="platform-modules">
        <Title order={2} fz="xl" id="platform-modules">
          {t('home.modules')}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="md">
          {PLATFORM_MODULES.map((module) => (
            <ModuleTile key={module.key} module={module} />
          ))}
        </SimpleGrid>
      </Stack>
    </Stack>
  );
}
