import {
  ActionIcon,
  Box,
  Button,
  Center,
  Group,
  Indicator,
  Loader,
  Popover,
  ScrollArea,
  Stack,
  Text,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { formatDate } from '../../../lib/format.ts';
import { useNow } from '../../../lib/use-now.ts';
import {
  badgeCount,
  inAppPath,
  notificationsMissing,
  timeAgo,
  useLatestNotifications,
  useMarkAllNotificationsRead,
  useMarkNotificationRead,
  type AppNotification,
} from './notifications-api.ts';
import classes from './NotificationsMenu.module.css';

function BellIcon() {
  return (
    <svg
      width="20"
      height="20"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden
      focusable="false"
    >
      <path d="M6 8a6 6 0 1 1 12 0c0 7 3 9 3 9H3s3-2 3-9M10.3 21a1.94 1.94 0 0 0 3.4 0" />
    </svg>
  );
}

/**
 * The bell in the platform's header: how many notifications are unread, and the latest ten in a popover;
 * opening one marks it read and goes where it points. Absent while the server has no notifications API.
 */
export function NotificationsMenu() {
  const { t } = useTranslation('platform');
  const [opened, setOpened] = useState(false);
  const latest = useLatestNotifications();
  const markRead = useMarkNotificationRead();
  const markAll = useMarkAllNotificationsRead();
  const navigate = useNavigate();
  if (notificationsMissing(latest.error)) return null;

  const unread = latest.data?.unread_count ?? 0;
  const open = (notification: AppNotification) => {
    if (!notification.read_at) markRead.mutate(notification.id);
    setOpened(false);
    const path = inAppPath(notification.link);
    if (path) void navigate(path);
  };

  return (
    <Popover
      opened={opened}
      onChange={setOpened}
      position="bottom-end"
      width={360}
      shadow="md"
      radius="md"
      trapFocus
      returnFocus
    >
      <Popover.Target>
        <Indicator
          label={badgeCount(unread)}
          disabled={unread === 0}
          size={18}
          offset={6}
          color="red"
          inline
          data-testid="notifications-badge"
        >
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            radius="xl"
            onClick={() => setOpened((o) => !o)}
            aria-label={
              unread > 0 ? t('notifications.labelUnread', { count: unread }) : t('notifications.label')
            }
            aria-haspopup="dialog"
            aria-expanded={opened}
            data-testid="notifications-bell"
          >
            <BellIcon />
          </ActionIcon>
        </Indicator>
      </Popover.Target>
      <Popover.Dropdown
        p={0}
        className={classes.dropdown}
        role="dialog"
        aria-labelledby="notifications-title"
        data-testid="notifications-popover"
      >
        <Group justify="space-between" wrap="nowrap" px="md" py="xs" className={classes.header}>
          <Text fw={600} id="notifications-title">
            {t('notifications.title')}
          </Text>
          <Button
            variant="subtle"
            size="compact-sm"
            disabled={unread === 0}
            loading={markAll.isPending}
            onClick={() => markAll.mutate()}
            data-testid="notifications-mark-all"
          >
            {t('notifications.markAllRead')}
          </Button>
        </Group>
        {latest.isPending ? (
          <Center py="lg">
            <Loader size="sm" aria-label={t('loading', { ns: 'common' })} />
          </Center>
        ) : latest.isError && !latest.data ? (
          <Stack align="center" gap="xs" py="lg" px="md" role="alert">
            <Text size="sm" c="dimmed" ta="center">
              {t('notifications.loadFailed')}
            </Text>
            <Button variant="light" size="xs" onClick={() => void latest.refetch()}>
              {t('notifications.retry')}
            </Button>
          </Stack>
        ) : latest.data.results.length === 0 ? (
          <Text size="sm" c="dimmed" ta="center" py="xl" data-testid="notifications-empty">
            {t('notifications.empty')}
          </Text>
        ) : (
          <NotificationList notifications={latest.data.results} onOpen={open} />
        )}
      </Popover.Dropdown>
    </Popover>
  );
}

/** Mounted only while the popover is open, so "5 minutes ago" ticks only then. */
function NotificationList({
  notifications,
  onOpen,
}: {
  notifications: AppNotification[];
  onOpen: (notification: AppNotification) => void;
}) {
  const { t, i18n } = useTranslation('platform');
  const now = useNow();
  return (
    <ScrollArea.Autosize mah="min(420px, 70vh)" type="auto">
      <Box component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
        {notifications.map((notification) => {
          const isUnread = !notification.read_at;
          const when =
            timeAgo(notification.created_at, now, i18n.language) ??
            formatDate(notification.created_at, i18n.language, true);
          return (
            <li key={notification.id}>
              <UnstyledButton
                className={classes.item}
                data-unread={isUnread || undefined}
                onClick={() => onOpen(notification)}
                data-testid="notification-item"
              >
                <span className={classes.dot} data-read={!isUnread || undefined} aria-hidden />
                <Box className={classes.text}>
                  {isUnread && <VisuallyHidden>{t('notifications.unread')}: </VisuallyHidden>}
                  <Text size="sm" fw={isUnread ? 600 : 500} lineClamp={2}>
                    {notification.title}
                  </Text>
                  {notification.body && (
                    <Text size="sm" c="dimmed" lineClamp={2}>
                      {notification.body}
                    </Text>
                  )}
                  <Text size="xs" c="dimmed" mt={2}>
                    <time dateTime={notification.created_at}>{when}</time>
                  </Text>
                </Box>
              </UnstyledButton>
            </li>
          );
        })}
      </Box>
    </ScrollArea.Autosize>
  );
}
