import { useState } from 'react';
import { Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { maxLengthOf, MarkFollowUpLostRequest, type FollowUp } from '@graftmatch/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { FormRefusal } from '../../components/FormRefusal';
import { useFormMutation } from '../../lib/useFormMutation';
import { FormModal } from '../../components/FormModal';
import { notify } from '../../components/notify';
import { markLost } from './api';
import { followUpKeys } from './keys';
import { visitLabel } from './recordForm';

/** "Lost to follow-up" for a due or overdue follow-up: asks for the reason, says what it does, then marks it. */
export function LostButton({ followUp, compact }: { followUp: FollowUp; compact: boolean }) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button
        size={compact ? 'compact-sm' : 'xs'}
        variant="default"
        onClick={() => setOpened(true)}
        data-testid="followup-lost"
      >
        {t('followups.lost')}
      </Button>
      <FormModal
        opened={opened}
        onClose={() => setOpened(false)}
        title={t('followups.lostTitle', { lot: followUp.lot })}
      >
        <LostForm followUp={followUp} onDone={() => setOpened(false)} />
      </FormModal>
    </>
  );
}

function LostForm({ followUp, onDone }: { followUp: FollowUp; onDone: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [reason, setReason] = useState('');
  const mark = useFormMutation({
    labels: { reason: t('followups.lostReason') },
    mutationFn: () => markLost(followUp.id, reason.trim()),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: followUpKeys.all });
      notify('success', t('followups.lostSaved'));
      onDone();
    },
  });
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        mark.mutate();
      }}
    >
      <Stack gap="sm">
        <Text size="sm">{t('followups.lostText', { visit: visitLabel(t, followUp) })}</Text>
        <FormRefusal form={mark} testId="followup-lost-error" />
        <Textarea
          label={t('followups.lostReason')}
          value={reason}
          onChange={(event) => {
            setReason(event.currentTarget.value);
            mark.edited('reason');
          }}
          error={mark.fieldError('reason')}
          maxLength={maxLengthOf(MarkFollowUpLostRequest, 'reason')}
          rows={3}
          required
          data-testid="followup-lost-reason"
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('common.cancel')}
          </Button>
          <Button
            type="submit"
            color="red.9"
            loading={mark.isPending}
            disabled={reason.trim() === ''}
            data-testid="followup-lost-confirm"
          >
            {t('followups.lostConfirm')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
