import { useState } from 'react';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { localDay, webPaths, type FollowUp, type FollowUpRecordInput } from '@graftmatch/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FormRefusal } from '../../components/FormRefusal';
import { useFormMutation } from '../../lib/useFormMutation';
import { notify } from '../../components/notify';
import { currentLanguage } from '../../i18n';
import { reportDraftSearch } from '../vigilance';
import { recordEvent, recordFollowUp } from './api';
import { followUpKeys } from './keys';
import { RecordFields } from './RecordFields';
import {
  newRecordState,
  offersVigilance,
  recordErrors,
  recordLabels,
  toRecordInput,
  type RecordFormState,
} from './recordForm';

/** What a record is of: a scheduled follow-up, or (without one) an unscheduled event of the graft. */
export interface RecordTarget {
  lot: string;
  implantedOn: string;
  clinicTimeZone: string;
  followUp?: FollowUp;
}

/**
 * The follow-up form (docs/api.md "Follow-ups"): the domain's rules are checked before anything is
 * sent, the server's refusal lands at its fields. "Today" is the clinic's local day, as on the server.
 * An explant for endocarditis or structural deterioration offers a vigilance report afterwards.
 */
export function RecordFollowUpForm({ target, onDone }: { target: RecordTarget; onDone: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const unscheduled = target.followUp === undefined;
  const [today] = useState(() => localDay(new Date(), target.clinicTimeZone));
  const [state, setState] = useState<RecordFormState>(() => newRecordState(today));
  const [tried, setTried] = useState(false);
  const [explant, setExplant] = useState<FollowUpRecordInput | null>(null);
  const labels = recordLabels(t, unscheduled);
  const dates = { today, implantedOn: target.implantedOn, unscheduled };
  const errors = tried ? recordErrors(state, dates, labels, currentLanguage()) : {};
  // In the form's order, as the labels list the fields.
  const wrong = Object.keys(labels).filter((field) => errors[field] !== undefined);
  const save = useFormMutation({
    labels,
    mutationFn: (input: FollowUpRecordInput) =>
      target.followUp ? recordFollowUp(target.followUp.id, input) : recordEvent({ lot: target.lot, ...input }),
    onSuccess: async (_saved, input) => {
      await queryClient.invalidateQueries({ queryKey: followUpKeys.all });
      notify('success', t('followups.saved'));
      if (offersVigilance(input)) {
        setExplant(input);
      } else {
        onDone();
      }
    },
  });
  if (explant) {
    return <VigilanceOffer lot={target.lot} explant={explant} onDone={onDone} />;
  }
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        setTried(true);
        const input = toRecordInput(state);
        // Nothing is sent while the form's own rules refuse it.
        if (input !== null && Object.keys(recordErrors(state, dates, labels, currentLanguage())).length === 0) {
          save.mutate(input);
        }
      }}
      data-testid="followup-form"
    >
      <Stack gap="md">
        <Text size="sm">
          {target.followUp
            ? t('followups.facts', { implantedOn: target.implantedOn, dueOn: target.followUp.dueOn })
            : t('followups.eventIntro')}
        </Text>
        <Text size="xs" c="dimmed">
          {t('followups.required')}
        </Text>
        <FormRefusal form={save} testId="followup-error" />
        <RecordFields
          value={state}
          labels={labels}
          onChange={(change, field) => {
            setState((shown) => ({ ...shown, ...change }));
            save.edited(field);
          }}
          error={(field) => errors[field] ?? save.fieldError(field)}
        />
        {wrong.length > 0 && (
          <Alert color="red" role="alert" data-testid="followup-check">
            {t('errors.checkFields', { fields: wrong.map((field) => labels[field]).join(', ') })}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending} data-testid="followup-save">
            {unscheduled ? t('followups.saveEvent') : t('followups.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** After an explant that may be a serious adverse reaction: the graft's page with the report's form open and filled. */
function VigilanceOffer({ lot, explant, onDone }: { lot: string; explant: FollowUpRecordInput; onDone: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const reason = t(`followups.vigilance.reason.${explant.explantReason ?? 'endocarditis'}`);
  const description = t('followups.vigilance.description', { date: explant.explantDate, reason });
  return (
    <Stack gap="md" data-testid="followup-vigilance-offer">
      <Alert color="red.9" title={t('followups.vigilance.title')}>
        {t('followups.vigilance.text', { lot, reason })}
      </Alert>
      <Group justify="flex-end">
        <Button variant="default" onClick={onDone} data-testid="followup-vigilance-later">
          {t('followups.vigilance.later')}
        </Button>
        <Button
          color="red.9"
          onClick={() => {
            onDone();
            void navigate(`${webPaths.clinicGraft(lot)}?${reportDraftSearch({ kind: 'SAR', description })}`);
          }}
          data-testid="followup-vigilance-start"
        >
          {t('followups.vigilance.start')}
        </Button>
      </Group>
    </Stack>
  );
}
