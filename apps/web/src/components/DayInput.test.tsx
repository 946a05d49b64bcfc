import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '../i18n';
import { renderUi } from '../test/render';
import { DayInput } from './DayInput';

/** A button of the open calendar by its name; the dropdown's transition leaves it hidden in the test's document. */
const calendarButton = (name: string) => screen.getByRole('button', { name, hidden: true });

describe('DayInput', () => {
  afterEach(async () => {
    cleanup();
    await changeLanguage('en');
  });

  it('names the calendar’s month and level buttons for a screen reader, in English and in German', async () => {
    renderUi(<DayInput label="Implantation date" value="2026-12-06" onChange={() => undefined} />);
    fireEvent.click(screen.getByLabelText('Implantation date'));
    await waitFor(() => expect(calendarButton('Previous month')).toBeTruthy());
    expect(calendarButton('Next month')).toBeTruthy();
    expect(calendarButton('Choose the month')).toBeTruthy();
    await changeLanguage('de');
    await waitFor(() => expect(calendarButton('Voriger Monat')).toBeTruthy());
    expect(calendarButton('Nächster Monat')).toBeTruthy();
  });
});
