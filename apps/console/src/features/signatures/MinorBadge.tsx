import { Badge } from '@mantine/core';

export function MinorBadge() {
  return (
    <Badge color="orange" variant="light" data-testid="minor-badge">
      Minor
    </Badge>
  );
}
