import { Loader, Menu, Text, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Chevron } from '../../../app/layouts/platform/Chevron.tsx';
import type { PortalBuyer } from '../api.ts';
import classes from './PortalShell.module.css';
import { Icon } from '../../../components/Icon.tsx';

interface Props {
  buyers: PortalBuyer[];
  current: PortalBuyer | null;
  switching: boolean;
  onSwitch(buyerId: number): void;
}

/** The buyer whose orders, invoices and statement the portal shows; with several, a menu to change. */
export function BuyerSwitcher({ buyers, current, switching, onSwitch }: Props) {
  const { t } = useTranslation('portal');
  const label = (
    <Text size="xs" c="dimmed" lh={1.3}>
      {t('shell.buyer')}
    </Text>
  );
  const name = (
    <Text size="sm" fw={600} truncate="end" lh={1.3} data-testid="current-buyer">
      {current?.name ?? t('shell.chooseBuyer')}
    </Text>
  );
  if (buyers.length <= 1 && current) {
    return (
      <div className={classes.switcher} data-testid="buyer-single">
        {label}
        {name}
      </div>
    );
  }
  return (
    <Menu position="bottom-start" width={300} shadow="md">
      <Menu.Target>
        <UnstyledButton
          className={classes.switcher}
          aria-label={t('shell.switchBuyerLabel', { buyer: current?.name ?? '' })}
          data-testid="buyer-switcher"
        >
          {label}
          <span className={classes.switcherName}>
            {name}
            {switching ? <Loader size={12} /> : <Chevron />}
          </span>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('shell.switchBuyer')}</Menu.Label>
        {buyers.map((buyer) => {
          const active = buyer.id === current?.id;
          return (
            <Menu.Item
              key={buyer.id}
              onClick={() => !active && onSwitch(buyer.id)}
              aria-current={active ? 'true' : undefined}
              fw={active ? 600 : undefined}
              leftSection={
                <span className={classes.check}>{active ? <Icon name="check" size={14} /> : null}</span>
              }
              data-testid="buyer-option"
              data-status={buyer.status}
            >
              {buyer.name}
              {buyer.status === 'blocked' && (
                <Text span size="xs" c="dimmed">
                  {' '}
                  · {t('shell.blocked')}
                </Text>
              )}
            </Menu.Item>
          );
        })}
      </Menu.Dropdown>
    </Menu>
  );
}
