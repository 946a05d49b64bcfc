import { describe, expect, it } from 'vitest';
import { ALL_TEXTS, i18n, LANGUAGES, loadLanguage } from '../../i18n';
import { newRecordState, offersVigilance, recordErrors, recordLabels, toRecordInput } from './recordForm';

// The follow-up form's rules are the domain's (validateFollowUpRecord): the form sends only the
// details its choices ask for, and words each refusal as the server would, at the field's label.

await Promise.all(LANGUAGES.map((language) => loadLanguage(language, ALL_TEXTS)));

const dates = { today: '2027-06-15', implantedOn: '2026-05-20' };
const fresh = newRecordState('2027-06-15');
const labelsIn = (language: 'en' | 'de') => recordLabels(i18n.getFixedT(language));

describe('the follow-up form', () => {
  it('sends nothing before both statuses are chosen, and only the details the choices ask for', () => {
    expect(toRecordInput(fresh)).toBeNull();
    const chosen = {
      ...fresh,
      patientStatus: 'alive' as const,
      graftStatus: 'functioning' as const,
      // Typed before the physician changed their mind: not sent.
      deathDate: '2027-01-01',
      explantReason: 'endocarditis' as const,
      peakGradient: 24,
      meanGradient: '',
      nyhaClass: 'II' as const,
    };
    expect(toRecordInput(chosen)).toEqual({
      date: '2027-06-15',
      patientStatus: 'alive',
      graftStatus: 'functioning',
      endocarditis: false,
      thromboembolism: false,
      majorBleeding: false,
      peakGradient: 24,
      nyhaClass: 'II',
    });
    expect(
      toRecordInput({
        ...fresh,
        patientStatus: 'alive',
        graftStatus: 'explanted',
        explantDate: '2027-06-01',
        explantReason: 'other',
        explantReasonText: ' Patient growth ',
      }),
    ).toMatchObject({ explantDate: '2027-06-01', explantReason: 'other', explantReasonText: 'Patient growth' });
  });

  it('asks for both statuses, then applies the domain’s rules, each at its field’s label', () => {
    const labels = labelsIn('en');
    expect(recordErrors(fresh, dates, labels, 'en')).toEqual({
      patientStatus: 'Patient is required',
      graftStatus: 'Graft is required',
    });
    const errors = recordErrors(
      {
        ...fresh,
        date: '2027-06-16',
        patientStatus: 'died',
        graftStatus: 'explanted',
        explantDate: '2026-05-01',
        peakGradient: 10,
        meanGradient: 20,
      },
      dates,
      labels,
      'en',
    );
    expect(errors).toEqual({
      date: 'Date of the follow-up must not be in the future (today is 2027-06-15)',
      deathDate: 'Date of death is required',
      deathCause: 'Cause of death is required',
      explantDate: 'Date of the explant must not be before the implantation on 2026-05-20',
      explantReason: 'Reason for the explant is required',
      meanGradient: 'Mean gradient must not be greater than Peak gradient',
    });
  });

  it('words the same refusals in German', () => {
    const errors = recordErrors(
      { ...fresh, patientStatus: 'died', deathDate: '2026-05-01', deathCause: 'unknown' },
      dates,
      labelsIn('de'),
      'de',
    );
    expect(errors).toEqual({
      graftStatus: 'Graft fehlt',
      deathDate: 'Todesdatum darf nicht vor der Implantation am 2026-05-20 liegen',
    });
  });

  it('asks an unscheduled record for an event', () => {
    const alive = { ...fresh, patientStatus: 'alive' as const, graftStatus: 'functioning' as const };
    expect(Object.keys(recordErrors(alive, { ...dates, unscheduled: true }, labelsIn('en'), 'en'))).toEqual([
      'graftStatus',
    ]);
  });

  it('offers a vigilance report for an explant for endocarditis or structural deterioration only', () => {
    const explant = (explantReason: 'endocarditis' | 'structural-deterioration' | 'thrombosis') => ({
      date: '2027-06-15',
      patientStatus: 'alive' as const,
      graftStatus: 'explanted' as const,
      explantDate: '2027-06-10',
      explantReason,
    });
    expect(offersVigilance(explant('endocarditis'))).toBe(true);
    expect(offersVigilance(explant('structural-deterioration'))).toBe(true);
    expect(offersVigilance(explant('thrombosis'))).toBe(false);
    expect(offersVigilance({ date: '2027-06-15', patientStatus: 'died', graftStatus: 'functioning' })).toBe(false);
  });
});
