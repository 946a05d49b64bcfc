import { Badge, Group } from '@mantine/core';

/** Values as they are written (domains, scopes), one light badge each. */
export function ValueBadges(props: { values: readonly string[]; testId: string }) {
  return (
    <Group gap={4} data-testid={props.testId}>
      {props.values.map((value) => (
        <Badge key={value} variant="light" tt="none">
          {value}
        </Badge>
      ))}
    </Group>
  );
}
