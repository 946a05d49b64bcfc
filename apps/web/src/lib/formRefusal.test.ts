import { afterEach, describe, expect, it } from 'vitest';
import '../test/render';
import { ApiError } from '../api/errors';
import { changeLanguage } from '../i18n';
import { formFieldOf, formRefusalText, shownFieldMessage } from './formRefusal';

const labels = { reactionDate: 'Date of reaction', query_i_min: 'Implant from', email: 'E-mail' };

afterEach(() => changeLanguage('en'));

describe('a refusal shown on a form', () => {
  it('finds the form field a server path names, read from the end', () => {
    expect(formFieldOf('reactionDate', labels)).toBe('reactionDate');
    expect(formFieldOf('/reactionDate', labels)).toBe('reactionDate');
    expect(formFieldOf('sarNotification.reactionDate', labels)).toBe('reactionDate');
    expect(formFieldOf('/events/email', labels)).toBe('email');
    expect(formFieldOf('body', labels)).toBeUndefined();
  });

  it('puts the label before a message that continues it, and words the other fields it names', () => {
    expect(shownFieldMessage('is required', 'Date of reaction', labels)).toBe('Date of reaction is required');
    expect(shownFieldMessage('must not be before query_i_min', 'Implant until', labels)).toBe(
      'Implant until must not be before Implant from',
    );
    expect(shownFieldMessage('fehlt', 'Reaktionsdatum', labels)).toBe('Reaktionsdatum fehlt');
    // A sentence stands as it is; an unknown name stays.
    expect(shownFieldMessage('No files were sent.', 'Files', labels)).toBe('No files were sent.');
    expect(shownFieldMessage('must differ from otherField', undefined, labels)).toBe('must differ from otherField');
  });

  it('names the fields by their labels in the form’s message, never the server’s detail', async () => {
    const refusal = new ApiError(400, 'Bad Request', 'The notification still lacks: reactionDate, reactionType.', [
      { field: 'reactionDate', message: 'is required' },
      { field: 'sarNotification.reactionDate', message: 'must be a date yyyy-mm-dd' },
    ]);
    expect(formRefusalText(refusal, labels)).toBe('Please check the marked fields: Date of reaction.');
    expect(formRefusalText(refusal, {})).toBe('Some entries were not accepted; please check them.');
    await changeLanguage('de');
    expect(formRefusalText(refusal, { reactionDate: 'Reaktionsdatum' })).toBe(
      'Bitte prüfen Sie die markierten Felder: Reaktionsdatum.',
    );
    // Without field errors, the server's own reason.
    expect(formRefusalText(new ApiError(409, 'Conflict', 'A user with this e-mail exists.'), labels)).toBe(
      'A user with this e-mail exists.',
    );
  });
});
