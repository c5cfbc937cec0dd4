import { Button, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ROLES_BY_KIND } from '@zabuni/domain';
import { Link } from 'react-router';
import { hasRole, useAuth } from '../../../lib/auth-state.ts';
import { ModuleIcon } from './ModuleIcon.tsx';

/** A signed-in user who belongs to no buying organisation (an advertiser, a supplier) is told what this is. */
export function NoBuyingOrganisation() {
  const { t } = useTranslation('platform');
  const auth = useAuth();
  const isSupplier = ROLES_BY_KIND.supplier.some((role) => hasRole(auth, role));
  return (
    <Paper withBorder radius="md" p="xl" maw={620} mx="auto" mt="xl" data-testid="platform-empty">
      <Stack align="center" ta="center" gap="sm">
        <ThemeIcon size={56} radius="xl" variant="light">
          <ModuleIcon name="p2p" size={30} />
        </ThemeIcon>
        <Title order={1} fz={24}>
          {t('empty.title')}
        </Title>
        <Text c="dimmed">{t('empty.body')}</Text>
        {isSupplier ? (
          <Button component={Link} to="/portal" mt="xs" data-testid="platform-empty-portal">
            {t('empty.portalCta')}
          </Button>
        ) : null}
        <Button component={Link} to="/" variant="light" mt="xs" data-testid="platform-empty-public-site">
          {t('empty.cta')}
        </Button>
      </Stack>
    </Paper>
  );
}
