import type { FormEvent, ReactNode, Ref } from 'react';
import { Button, Stack, Text, Title } from '@mantine/core';
import { FormError } from './FormError';

/**
 * The one shape of every account form (log in, PIN, forgotten password, recovery, change
 * password): heading, intro, fields, the server's refusal, one submit button, then links.
 */
export function AuthForm(props: {
  /** The h1 inside the form; leave it out where the page's own title names the form. */
  title?: { id: string; text: string };
  intro?: ReactNode;
  onSubmit: () => void;
  error: unknown;
  /** The form's message for the error (`useFormMutation`'s `formError`); the server's detail without one. */
  formError?: string | null;
  /** The form's own words for a wrong password or PIN (see FormError). */
  wrongSecret?: string;
  submit: { label: string; testId: string; pending: boolean; disabled: boolean; ref?: Ref<HTMLButtonElement> };
  children: ReactNode;
  after?: ReactNode;
}) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    props.onSubmit();
  };
  return (
    <form onSubmit={submit} noValidate aria-labelledby={props.title?.id}>
      <Stack>
        {props.title && (
          <Title order={1} size="h3" id={props.title.id}>
            {props.title.text}
          </Title>
        )}
        {props.intro && <Text size="sm">{props.intro}</Text>}
        {props.children}
        <FormError error={props.error} wrongSecret={props.wrongSecret} text={props.formError} />
        <Button
          ref={props.submit.ref}
          type="submit"
          loading={props.submit.pending}
          disabled={props.submit.disabled}
          data-testid={props.submit.testId}
        >
          {props.submit.label}
        </Button>
        {props.after}
      </Stack>
    </form>
  );
}
