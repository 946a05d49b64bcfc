import { useEffect, type ReactNode } from 'react';
import { Group, Title } from '@mantine/core';

interface Props {
  title: string;
  /** Buttons shown beside the title. */
  children?: ReactNode;
}

/** The page's one h1, mirrored into the document title so tabs and history name the page. */
export function PageTitle({ title, children }: Props) {
  useEffect(() => {
    document.title = `${title} · GraftMatch`;
  }, [title]);
  return (
    <Group justify="space-between" align="center" mb="md" wrap="wrap" gap="sm">
      <Title order={1} size="h2">
        {title}
      </Title>
      {children}
    </Group>
  );
}
