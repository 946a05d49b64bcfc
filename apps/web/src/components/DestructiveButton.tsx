import type { ComponentPropsWithoutRef } from 'react';
import { Button, type ButtonProps } from '@mantine/core';

/** An action that removes, revokes or ends something looks the same everywhere; it asks first (`confirmAction`). */
export function DestructiveButton(props: ButtonProps & ComponentPropsWithoutRef<'button'>) {
  return <Button variant="outline" color="red" {...props} />;
}
