import { useState } from 'react';
import { Anchor, Badge, Button, Group, Paper, SegmentedControl, Stack, Text } from '@mantine/core';
import { NOTIFICATION_PAGE_SIZE as PAGE_SIZE, type Notification } from '@graftmatch/domain';
import { showDateTime } from '../../i18n/format';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../components/EmptyState';
import { ErrorAlert } from '../../components/ErrorAlert';
import { PagePicker } from '../../components/PagePicker';
import { PageLoader } from '../../components/PageLoader';
import { PageTitle } from '../../components/PageTitle';
import { notify } from '../../components/notify';
import { getNotifications, markNotificationsRead } from './api';
import { notificationKeys } from './keys';
import { notificationText } from './notificationText';

type Filter = 'all' | 'unread';

/** `home/notifications`: the caller's notifications, newest first; each links to its object and can be marked read. */
export function NotificationsPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [filter, setFilter] = useState<Filter>('all');
  const [page, setPage] = useState(1);
  const list = useQuery({
    queryKey: notificationKeys.page(filter === 'unread', page),
    queryFn: () => getNotifications({ unread: filter === 'unread', limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });
  const mark = useMutation({
    mutationFn: markNotificationsRead,
    // Its failure is shown on the page.
    meta: { silent: true },
    onSuccess: (_answer, body) => {
      if ('all' in body) {
        notify('success', t('notifications.markedAll'));
      }
      void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
    },
  });
  const data = list.data;
  const unread = data?.unread ?? 0;
  const firstShown = (page - 1) * PAGE_SIZE + 1;
  return (
    <>
      <PageTitle title={t('notifications.title')} />
      <Text size="sm" mb="sm">
        {t('notifications.intro')}
      </Text>
      <Group justify="space-between" mb="md" wrap="wrap">
        <SegmentedControl
          aria-label={t('notifications.show')}
          value={filter}
          onChange={(next) => {
            setFilter(next as Filter);
            setPage(1);
          }}
          data={[
            { value: 'all', label: t('notifications.showAll') },
            { value: 'unread', label: t('notifications.showUnread') },
          ]}
          data-testid="notifications-filter"
        />
        <Group gap="sm">
          <Text size="sm" role="status" data-testid="notifications-unread" data-count={unread}>
            {t('notifications.unreadCount', { count: unread })}
          </Text>
          <Button
            variant="light"
            disabled={unread === 0}
            loading={mark.isPending && 'all' in (mark.variables ?? {})}
            onClick={() => mark.mutate({ all: true })}
            data-testid="notifications-mark-all"
          >
            {t('notifications.markAllRead')}
          </Button>
        </Group>
      </Group>
      {list.isPending && <PageLoader />}
      {list.isError && <ErrorAlert error={list.error} onRetry={() => void list.refetch()} />}
      {mark.isError && <ErrorAlert error={mark.error} />}
      {data && data.items.length === 0 && (
        <EmptyState
          title={t(filter === 'unread' ? 'notifications.emptyUnread' : 'notifications.empty')}
          description={t(filter === 'unread' ? 'notifications.emptyUnreadHint' : 'notifications.emptyHint')}
          testId="notifications-empty"
        />
      )}
      {data && data.items.length > 0 && (
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {t('notifications.range', { from: firstShown, to: firstShown + data.items.length - 1, total: data.total })}
          </Text>
          <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} data-testid="notifications-list">
            {data.items.map((item) => (
              <NotificationItem
                key={item.id}
                item={item}
                onRead={() => mark.mutate({ ids: [item.id] })}
                marking={mark.isPending}
              />
            ))}
          </Stack>
          <PagePicker
            pages={Math.ceil(data.total / PAGE_SIZE)}
            page={page}
            onChange={setPage}
            label={t('notifications.pages')}
            testId="notifications-pages"
          />
        </Stack>
      )}
    </>
  );
}

function NotificationItem({ item, onRead, marking }: { item: Notification; onRead: () => void; marking: boolean }) {
  const { t } = useTranslation();
  const unread = item.readAt === null;
  const message = notificationText(t, item);
  return (
    <Paper
      component="li"
      withBorder
      p="sm"
      radius="md"
      bg={unread ? 'var(--mantine-color-blue-light)' : undefined}
      data-testid="notification"
      data-kind={item.kind}
      data-unread={unread}
    >
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Text size="sm" fw={unread ? 600 : 400}>
            {message}
          </Text>
          {unread && (
            <Badge color="blue.9" variant="light" style={{ flexShrink: 0 }}>
              {t('notifications.unread')}
            </Badge>
          )}
        </Group>
        <Group justify="space-between" gap="xs">
          <Text size="xs" c="dimmed" component="time" dateTime={item.createdAt}>
            {showDateTime(item.createdAt)}
          </Text>
          <Group gap="xs">
            {item.link && (
              <Anchor
                component={Link}
                to={item.link}
                size="sm"
                fw={600}
                onClick={() => unread && onRead()}
                data-testid="notification-open"
              >
                {t('notifications.open')}
              </Anchor>
            )}
            {unread && (
              <Button
                size="compact-sm"
                variant="subtle"
                onClick={onRead}
                disabled={marking}
                data-testid="notification-read"
              >
                {t('notifications.markRead')}
              </Button>
            )}
          </Group>
        </Group>
      </Stack>
    </Paper>
  );
}
