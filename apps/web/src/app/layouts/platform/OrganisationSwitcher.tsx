import { Loader, Menu, Text, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Membership } from '../../../lib/organisations.ts';
import { Chevron } from './Chevron.tsx';
import classes from './PlatformShell.module.css';
import { Icon } from '../../../components/Icon.tsx';

interface Props {
  memberships: Membership[];
  current: Membership | null;
  switching: boolean;
  onSwitch(organisationId: number): void;
}

/** The buying organisation the session works for; with several, a menu to work for another. */
export function OrganisationSwitcher({ memberships, current, switching, onSwitch }: Props) {
  const { t } = useTranslation('platform');
  const label = (
    <Text size="xs" c="dimmed" lh={1.3}>
      {t('organisation.label')}
    </Text>
  );
  const name = (
    <Text size="sm" fw={600} truncate="end" lh={1.3} data-testid="current-organisation">
      {current?.organisation.name ?? t('organisation.choose')}
    </Text>
  );
  if (memberships.length <= 1 && current) {
    return (
      <div className={classes.switcher}>
        {label}
        {name}
      </div>
    );
  }
  return (
    <Menu position="bottom-start" width={300} shadow="md">
      <Menu.Target>
        <UnstyledButton className={classes.switcher} data-testid="organisation-switcher">
          {label}
          <span className={classes.switcherName}>
            {name}
            {switching ? <Loader size={12} /> : <Chevron />}
          </span>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('organisation.switch')}</Menu.Label>
        {memberships.map((m) => {
          const active = m.organisation.id === current?.organisation.id;
          return (
            <Menu.Item
              key={m.organisation.id}
              onClick={() => !active && onSwitch(m.organisation.id)}
              aria-current={active ? 'true' : undefined}
              data-active={active || undefined}
              fw={active ? 600 : undefined}
              leftSection={
                <span className={classes.check}>{active ? <Icon name="check" size={14} /> : null}</span>
              }
              data-testid="organisation-option"
            >
              {m.organisation.name}
            </Menu.Item>
          );
        })}
      </Menu.Dropdown>
    </Menu>
  );
}
