import { useState } from 'react';
import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import { fieldErrorsOf, formFieldOf, formRefusalText, shownFieldMessage, type FieldLabels } from './formRefusal';

/**
 * A form's save: its failure is shown in the form (so no toast as well), and goes away as the user
 * edits. The server's field errors (`errors` of the problem) are each shown at their field until
 * that field changes, named by the field's label from `labels`; the form's message until any field
 * changes (docs/decisions.md, "Forms that say what they need").
 */
export function useFormMutation<TData, TVariables = void>(
  options: UseMutationOptions<TData, Error, TVariables> & {
    /** Every field the server may name, by its wire name, with its label as the form shows it. */
    labels?: FieldLabels;
  },
) {
  const { labels = {}, ...mutationOptions } = options;
  const mutation = useMutation({ ...mutationOptions, meta: { ...mutationOptions.meta, silent: true } });
  const [edited, setEdited] = useState<{ error: unknown; fields: ReadonlySet<string> }>({
    error: null,
    fields: new Set(),
  });
  const error = mutation.error;
  const editedFields = edited.error === error ? edited.fields : new Set<string>();
  const fieldErrors = fieldErrorsOf(error).map((item) => ({
    field: formFieldOf(item.field, labels) ?? item.field,
    message: item.message,
  }));
  return {
    ...mutation,
    /** The server's complaint about this field, with its label, until the field changes. */
    fieldError: (field: string): string | undefined => {
      const message = editedFields.has(field) ? undefined : fieldErrors.find((item) => item.field === field)?.message;
      return message === undefined ? undefined : shownFieldMessage(message, labels[field], labels);
    },
    /** The form's own message for the failure: the fields to look at, or the server's reason; null without one. */
    formError: error ? formRefusalText(error, labels) : null,
    /** Call from every field's change: an answer about fields that are all edited since is gone. */
    edited: (field: string) => {
      if (!error) {
        return;
      }
      const fields = new Set(editedFields).add(field);
      if (fieldErrors.every((item) => fields.has(item.field))) {
        mutation.reset();
      } else {
        setEdited({ error, fields });
      }
    },
  };
}
