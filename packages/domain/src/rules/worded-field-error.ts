import { translateMessage, type Message } from '../i18n/translate';

/** A field's reason: in English as `message`, and as `wording` for the reader's language (docs/decisions.md, "Server texts"). */
export interface WordedFieldError {
  field: string;
  message: string;
  wording: Message;
}

export const wordedFieldError = (field: string, wording: Message): WordedFieldError => ({
  field,
  message: translateMessage('en', wording),
  wording,
});
