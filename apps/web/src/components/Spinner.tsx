import { Loader, type LoaderProps } from '@mantine/core';

/**
 * A spinner that screen readers announce. Mantine's Loader draws a span, and a span may carry a
 * label only with a role.
 */
export function Spinner({ label, ...props }: LoaderProps & { label: string }) {
  return <Loader role="status" aria-label={label} {...props} />;
}
