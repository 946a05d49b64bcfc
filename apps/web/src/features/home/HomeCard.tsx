import type { ReactNode } from 'react';
import { Anchor, Box, Card, Text, Title } from '@mantine/core';
import { PageLoader } from '../../components/PageLoader';
import { Link } from 'react-router';
import classes from './HomeCard.module.css';

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
  const content = (
    <span className={classes.counter}>
      <Text component="span" fw={700} c={color} className={classes.count} data-testid={`${testId}-count`}>
        {count}
      </Text>
      <Text component="span" size="sm">
        {label}
      </Text>
    </span>
  );
  return (
    <div data-testid={testId}>
      {to ? (
        <Anchor component={Link} to={to} underline="hover" data-testid={`${testId}-link`} c="inherit">
          {content}
        </Anchor>
      ) : (
        content
      )}
    </div>
  );
}

/** A card of a home: a heading, its counters, and the first items or what would appear there. */
export function HomeCard({
  title,
  counters,
  children,
  testId,
  wide = false,
}: {
  title: string;
  counters: ReactNode;
  children?: ReactNode;
  testId: string;
  /** Across every column of the home's grid. */
  wide?: boolean;
}) {
  return (
    <Card withBorder padding="lg" radius="md" data-testid={testId} className={wide ? classes.wide : undefined}>
      <Title order={2} size="h4" mb="sm">
        {title}
      </Title>
      <Box className={classes.counters} mb={children ? 'sm' : 0}>
        {counters}
      </Box>
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
