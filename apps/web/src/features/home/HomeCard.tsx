import type { ReactNode } from 'react';
import { Anchor, Box, Card, Group, Stack, Text, Title } from '@mantine/core';
import { PageLoader } from '../../components/PageLoader';
import { Link } from 'react-router';

/** One counter of a home: its number, what it counts, and (when a list shows those rows) a link to it. */
export function Counter({
  count,
  label,
  to,
  testId,
  tone,
}: {
  count: number;
  label: string;
  to?: string;
  testId: string;
  tone?: 'warning' | 'danger';
}) {
  // Dark shades only: the lighter reds and oranges miss the contrast a number needs on white.
  const color = count > 0 && tone ? (tone === 'danger' ? 'red.9' : 'orange.9') : undefined;
  const number = (
    <Text component="span" fz={28} fw={700} lh={1.1} c={color} data-testid={`${testId}-count`}>
      {count}
    </Text>
  );
  return (
    <Stack gap={0} data-testid={testId}>
      {to ? (
        <Anchor component={Link} to={to} underline="hover" data-testid={`${testId}-link`} c="inherit">
          {number}
          <Text size="sm">{label}</Text>
        </Anchor>
      ) : (
        <>
          {number}
          <Text size="sm">{label}</Text>
        </>
      )}
    </Stack>
  );
}

/** A card of a home: a heading, its counters, and the first items or what would appear there. */
export function HomeCard({
  title,
  counters,
  children,
  testId,
}: {
  title: string;
  counters: ReactNode;
  children?: ReactNode;
  testId: string;
}) {
  return (
    <Card withBorder padding="lg" radius="md" data-testid={testId}>
      <Title order={2} size="h4" mb="sm">
        {title}
      </Title>
      <Group gap="xl" align="flex-start" mb={children ? 'sm' : 0}>
        {counters}
      </Group>
      {children}
    </Card>
  );
}

/** The line a card shows when it has nothing: what would appear there. */
export function Nothing({ text }: { text: string }) {
  return (
    <Text size="sm" c="dimmed" data-testid="home-nothing">
      {text}
    </Text>
  );
}

/**
 * A home while its counters are on their way: a screen's height, so that the cards arriving do not
 * push what stands below them (the areas) down the screen (a layout shift, docs/performance.md).
 */
export function HomeLoading() {
  return (
    <Box mih="100vh" data-testid="home-loading">
      <PageLoader />
    </Box>
  );
}
