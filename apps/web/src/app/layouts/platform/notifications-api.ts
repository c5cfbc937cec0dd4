import { queryOptions, useMutation, useQuery, useQueryClient, type Query } from '@tanstack/react-query';
import { ApiError, apiGet, apiPost } from '../../../lib/api-client.ts';

/** One of the signed-in user's notifications (`GET /notifications/`). */
export interface AppNotification {
  id: number;
  kind: string;
  title: string;
  body: string;
  /** An in-app path such as "/app/p2p/requisitions/12". */
  link: string | null;
  created_at: string;
  read_at: string | null;
}

export interface NotificationsPage {
  count: number;
  next: string | null;
  previous: string | null;
  unread_count: number;
  results: AppNotification[];
}

/** The bell shows the latest ten and asks again each minute while the tab is seen, and when it comes back. */
export const LATEST_NOTIFICATIONS = 10;
export const NOTIFICATIONS_POLL_MS = 60_000;
const notificationsKey = ['notifications'] as const;

/** A server without the notifications API answers 404: no bell then, and no polling. */
export const notificationsMissing = (error: unknown) => error instanceof ApiError && error.status === 404;

export const latestNotificationsQuery = queryOptions({
  queryKey: [...notificationsKey, 'latest'],
  queryFn: ({ signal }) =>
    apiGet<NotificationsPage>('/notifications/', { page: 1, page_size: LATEST_NOTIFICATIONS }, signal),
  // The bell shows its own failure: no toast every minute.
  meta: { silent: true },
  staleTime: 15_000,
  refetchInterval: (query: Query<NotificationsPage>) =>
    notificationsMissing(query.state.error) ? false : NOTIFICATIONS_POLL_MS,
  refetchIntervalInBackground: false,
  refetchOnWindowFocus: true,
  retry: (failures, error) => failures < 1 && !(error instanceof ApiError && error.status >= 400),
});
export const useLatestNotifications = () => useQuery(latestNotificationsQuery);

/** Marks as read in the cache at once (the badge drops before the server answers), then asks again. */
function useReadMutation<V>(
  post: (variables: V) => Promise<unknown>,
  read: (n: AppNotification, v: V) => boolean,
) {
  const queryClient = useQueryClient();
  const key = latestNotificationsQuery.queryKey;
  return useMutation({
    mutationFn: post,
    onMutate: async (variables: V) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData(key);
      if (before) {
        const now = new Date().toISOString();
        const results = before.results.map((n) =>
          !n.read_at && read(n, variables) ? { ...n, read_at: now } : n,
        );
        const newlyRead = results.filter((n, i) => n.read_at && !before.results[i]!.read_at).length;
        queryClient.setQueryData(key, {
          ...before,
          results,
          unread_count: Math.max(0, before.unread_count - newlyRead),
        });
      }
      return { before };
    },
    onError: (_error, _variables, context) => {
      if (context?.before) queryClient.setQueryData(key, context.before);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationsKey }),
  });
}

export const useMarkNotificationRead = () =>
  useReadMutation(
    (id: number) => apiPost<{ detail: string }>(`/notifications/${id}/read/`),
    (n, id) => n.id === id,
  );

export const useMarkAllNotificationsRead = () =>
  useReadMutation(
    () => apiPost<{ detail: string }>('/notifications/read-all/'),
    () => true,
  );

/** Only a path inside this app is followed: a link from the server never sends the user elsewhere. */
export function inAppPath(link: string | null): string | null {
  if (!link || !link.startsWith('/') || link.startsWith('//') || link.includes('\\')) return null;
  return link;
}

/** The badge: the count, or "99+" when it would not fit. */
export const badgeCount = (unread: number) => (unread > 99 ? '99+' : String(unread));

/** "5 minutes ago", "yesterday", in the reader's language; a week or more shows the date instead. */
export function timeAgo(iso: string, now: number, locale: string): string | null {
  const then = new Date(iso).getTime();
  if (Number.isNaN(then)) return null;
  const seconds = Math.round((then - now) / 1000);
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  const abs = Math.abs(seconds);
  if (abs < 60) return format.format(0, 'second');
  if (abs < 3600) return format.format(Math.round(seconds / 60), 'minute');
  if (abs < 86_400) return format.format(Math.round(seconds / 3600), 'hour');
  if (abs < 7 * 86_400) return format.format(Math.round(seconds / 86_400), 'day');
  return null;
}
