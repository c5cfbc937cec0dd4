import { Avatar, Box, Menu, Text, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { initialsOf } from '../../../lib/organisations.ts';
import { logout } from '../../../lib/session.ts';
import { Chevron } from './Chevron.tsx';
import classes from './PlatformShell.module.css';

interface User {
  first_name: string;
  last_name: string;
  email: string;
}

export function UserMenu({ user }: { user: User }) {
  const { t } = useTranslation('platform');
  const name = [user.first_name, user.last_name].filter(Boolean).join(' ') || user.email;
  return (
    <Menu position="bottom-end" width={260} shadow="md">
      <Menu.Target>
        <UnstyledButton
          className={classes.userButton}
          aria-label={`${t('userMenu.label')}: ${name}`}
          data-testid="user-menu"
        >
          <Avatar size={32} radius="xl" color="brand" variant="filled">
            {initialsOf(user)}
          </Avatar>
          <Text size="sm" fw={500} visibleFrom="md" truncate="end" maw={160}>
            {user.first_name || name}
          </Text>
          <Chevron />
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Box px="sm" py={6}>
          <Text size="sm" fw={600} data-testid="user-menu-name">
            {name}
          </Text>
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }} data-testid="user-menu-email">
            {user.email}
          </Text>
        </Box>
        <Menu.Divider />
        <Menu.Item component={Link} to="/account" data-testid="user-menu-account">
          {t('userMenu.account')}
        </Menu.Item>
        <Menu.Item component={Link} to="/" data-testid="user-menu-public-site">
          {t('userMenu.publicSite')}
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item color="red" onClick={() => void logout()} data-testid="user-menu-sign-out">
          {t('userMenu.signOut')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
