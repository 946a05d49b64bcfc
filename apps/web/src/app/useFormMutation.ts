import { useState } from 'react';
import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import { ApiError } from '../api/errors';

/**
 * A form's save: its failure is shown in the form (so no toast as well), and goes away as the user
 * edits. The server's field errors (`errors` of the problem) are each shown at their field until
 * that field changes; the form's message until any field changes.
 */
export function useFormMutation<TData, TVariables = void>(options: UseMutationOptions<TData, Error, TVariables>) {
  const mutation = useMutation({ ...options, meta: { ...options.meta, silent: true } });
  const [edited, setEdited] = useState<{ error: unknown; fields: ReadonlySet<string> }>({
    error: null,
    fields: new Set(),
  });
  const error = mutation.error;
  const editedFields = edited.error === error ? edited.fields : new Set<string>();
  const fieldErrors = error instanceof ApiError ? error.errors : [];
  return {
    ...mutation,
    /** The server's complaint about this field, until the field changes. */
    fieldError: (field: string): string | undefined =>
      editedFields.has(field) ? undefined : fieldErrors.find((item) => item.field === field)?.message,
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
