import { List, Text } from '@mantine/core';
import { compareUsersByLastName, fullName, type UserSummary } from '@graftmatch/domain';
import { useTranslation } from 'react-i18next';

/** The users of a clinic or tissue bank, by last name, inactive ones marked. */
export function MembersList({ users }: { users: UserSummary[] }) {
  const { t } = useTranslation();
  if (users.length === 0) {
    return (
      <Text size="sm" c="dimmed" data-testid="members-empty">
        {t('admin.noMembers')}
      </Text>
    );
  }
  return (
    <List size="sm" spacing={2} data-testid="members">
      {[...users].sort(compareUsersByLastName).map((user) => (
        <List.Item key={user.id}>
          {fullName(user)}{' '}
          <Text span size="xs" c="dimmed">
            {user.email}
            {!user.active && ` · ${t('admin.inactive')}`}
          </Text>
        </List.Item>
      ))}
    </List>
  );
}
