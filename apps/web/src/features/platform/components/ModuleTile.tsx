import { Badge, Card, Group, Text, ThemeIcon } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { moduleEntry, type PlatformModule } from '../modules.ts';
import { ModuleIcon } from './ModuleIcon.tsx';
import classes from './ModuleTile.module.css';

export function ModuleTile({ module }: { module: PlatformModule }) {
  const { t } = useTranslation('platform');
  const current = module.release === 'current';
  return (
    <Card
      component={Link}
      to={moduleEntry(module)}
      withBorder
      radius="md"
      padding="lg"
      className={classes.tile}
      data-testid={`module-tile-${module.key}`}
    >
      <Group gap="sm" wrap="nowrap" mb="xs">
        <ThemeIcon size={40} radius="md" variant="light" color={current ? 'brand' : 'gray'}>
          <ModuleIcon name={module.key} size={22} />
        </ThemeIcon>
        <Text fw={700} size="lg" lh={1.3}>
          {t(`modules.${module.key}.name`)}
        </Text>
      </Group>
      <Text size="sm" c="dimmed" className={classes.summary}>
        {t(`modules.${module.key}.summary`)}
      </Text>
      <Badge
        mt="md"
        variant="light"
        color={current ? 'brand' : 'gray'}
        tt="none"
        classNames={{ root: classes.status, label: classes.statusLabel }}
        data-testid="module-status"
      >
        {t(current ? 'status.thisRelease' : 'status.comingSoon')}
      </Badge>
    </Card>
  );
}
