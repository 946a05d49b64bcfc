import { useState, type ReactNode } from 'react';
import { Button } from '@mantine/core';

/** A home card's long part behind a button, so the home fits in about two screens (docs/decisions.md "Dashboards"). */
export function Disclosure({
  show,
  hide,
  testId,
  children,
}: {
  show: string;
  hide: string;
  testId: string;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="subtle"
        size="compact-sm"
        onClick={() => setOpen((shown) => !shown)}
        aria-expanded={open}
        data-testid={testId}
        style={{ alignSelf: 'flex-start' }}
      >
        {open ? hide : show}
      </Button>
      {open && children}
    </>
  );
}
