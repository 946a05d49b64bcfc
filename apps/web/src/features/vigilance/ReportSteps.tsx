import { useState } from 'react';
import { Button, Group, Stack, Stepper, Text, Title } from '@mantine/core';
import {
  ANNEX_PARTS,
  missingVigilanceFields,
  type UpdateVigilanceReportRequest,
  type VigilanceReport,
  type VigilanceStage,
} from '@graftmatch/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { FormRefusal } from '../../components/FormRefusal';
import { useFormMutation } from '../../lib/useFormMutation';
import { notify } from '../../components/notify';
import { Section } from '../grafts/GraftDetailsScreen';
import { confirmReport, patchReport, submitNotification } from './api';
import { vigilanceKeys } from './keys';
import { AnnexPartFields, annexFieldLabels, confirmFirst, EDITABLE, type Values } from './reportParts';

// The report's two parts as two steps (docs/decisions.md "Vigilance"): part A by the reporter,
// part B by the bank. A field the part needs before it is submitted is marked; a refusal names
// each field by its label and shows at it (docs/decisions.md, "Forms that say what they need").

/** Of the values, the ones the reporter edits (what a PATCH may carry). */
const editableOf = (values: Values) =>
  Object.fromEntries(Object.entries(values).filter(([name]) => name in EDITABLE && name !== 'confirmationDate'));

/** The fields a part needs before it is submitted: those the rule would miss were they blank. */
const requiredOf = (report: VigilanceReport, stage: VigilanceStage, values: Values): ReadonlySet<string> =>
  new Set(
    Object.keys(EDITABLE).filter((name) =>
      missingVigilanceFields(report.kind, stage, { ...values, [name]: null }).includes(name),
    ),
  );

export function ReportSteps({ report, bank, clinic }: { report: VigilanceReport; bank: boolean; clinic: boolean }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const parts = ANNEX_PARTS[report.kind];
  const stored = report.sar ?? report.sae;
  const [partA, setPartA] = useState<Values>(() => ({ ...(stored?.notification ?? {}) }));
  const [partB, setPartB] = useState<Values>(() => ({ ...(stored?.confirmation ?? {}) }));
  const [active, setActive] = useState(report.state === 'draft' ? 0 : 1);
  const writesA = report.state === 'draft' && (bank || clinic);
  const writesB = report.state === 'notified' && bank;
  const editA = new Set(writesA ? Object.keys(EDITABLE) : []);
  const editB = new Set(writesB ? Object.keys(EDITABLE) : []);
  const labels = annexFieldLabels([parts.notification, 'Art44-3', parts.confirmation], t, i18n.language);
  const body = (stage: 'A' | 'B'): UpdateVigilanceReportRequest => {
    const key = `${report.kind === 'SAR' ? 'sar' : 'sae'}${stage === 'A' ? 'Notification' : 'Confirmation'}`;
    return { [key]: editableOf(stage === 'A' ? partA : partB) } as UpdateVigilanceReportRequest;
  };
  const keep = async (changed: VigilanceReport, message: string) => {
    queryClient.setQueryData(vigilanceKeys.report(changed.id), changed);
    await queryClient.invalidateQueries({ queryKey: vigilanceKeys.all });
    notify('success', message);
  };
  const save = useFormMutation({
    labels,
    mutationFn: (stage: 'A' | 'B') => patchReport(report.id, body(stage)),
    onSuccess: (changed) => keep(changed, t('vigilance.saved')),
  });
  const submit = useFormMutation({
    labels,
    mutationFn: async (stage: 'A' | 'B') => {
      await patchReport(report.id, body(stage));
      return stage === 'A' ? submitNotification(report.id) : confirmReport(report.id);
    },
    onSuccess: async (changed) => {
      await keep(changed, t(changed.state === 'confirmed' ? 'vigilance.confirmed' : 'vigilance.notified'));
      setActive(1);
    },
  });
  const set = (setter: typeof setPartA) => (name: string, value: unknown) => {
    setter((values) => ({ ...values, [name]: value }));
    save.edited(name);
    submit.edited(name);
  };
  const errorOf = (name: string) => submit.fieldError(name) ?? save.fieldError(name);
  const refusals = (
    <>
      <FormRefusal form={save} testId="vigilance-save-error" />
      <FormRefusal form={submit} testId="vigilance-submit-error" />
    </>
  );
  const requiredA = requiredOf(report, 'notification', partA);
  return (
    <Section title={t('vigilance.kind' + report.kind)}>
      <Stepper active={active} onStepClick={setActive} orientation="horizontal" size="sm" allowNextStepsSelect={false}>
        <Stepper.Step label={t('vigilance.stepA')} description={t('vigilance.stepADescription')}>
          <Stack gap="md">
            <AnnexPartFields
              annex={parts.notification}
              values={partA}
              editable={editA}
              onChange={set(setPartA)}
              required={requiredA}
              errorOf={errorOf}
            />
            <Title order={3} size="h5">
              {t('vigilance.soho')}
            </Title>
            <AnnexPartFields
              annex="Art44-3"
              values={partA}
              editable={editA}
              onChange={set(setPartA)}
              required={requiredA}
              errorOf={errorOf}
            />
            {writesA && refusals}
            {writesA && (
              <Group>
                <Button
                  variant="default"
                  loading={save.isPending}
                  onClick={() => save.mutate('A')}
                  data-testid="save-a"
                >
                  {t('vigilance.save')}
                </Button>
                <Button
                  loading={submit.isPending}
                  onClick={() =>
                    confirmFirst(t('vigilance.submitNotification'), t('vigilance.submitNotificationConfirm'), () =>
                      submit.mutate('A'),
                    )
                  }
                  data-testid="submit-notification"
                >
                  {t('vigilance.submitNotification')}
                </Button>
              </Group>
            )}
          </Stack>
        </Stepper.Step>
        <Stepper.Step
          label={t('vigilance.stepB')}
          description={t('vigilance.stepBDescription')}
          allowStepSelect={report.state !== 'draft'}
        >
          {report.state === 'draft' ? (
            <Text size="sm">{t('vigilance.waitingForA')}</Text>
          ) : (
            <Stack gap="md">
              <AnnexPartFields
                annex={parts.confirmation}
                values={{ ...partA, ...partB }}
                editable={editB}
                onChange={set(setPartB)}
                required={requiredOf(report, 'confirmation', partB)}
                errorOf={errorOf}
              />
              {report.state === 'notified' && !bank && <Text size="sm">{t('vigilance.waitingForBank')}</Text>}
              {writesB && refusals}
              {writesB && (
                <Group>
                  <Button
                    variant="default"
                    loading={save.isPending}
                    onClick={() => save.mutate('B')}
                    data-testid="save-b"
                  >
                    {t('vigilance.save')}
                  </Button>
                  <Button
                    loading={submit.isPending}
                    onClick={() =>
                      confirmFirst(t('vigilance.confirm'), t('vigilance.confirmConfirm'), () => submit.mutate('B'))
                    }
                    data-testid="confirm-report"
                  >
                    {t('vigilance.confirm')}
                  </Button>
                </Group>
              )}
            </Stack>
          )}
        </Stepper.Step>
      </Stepper>
    </Section>
  );
}
