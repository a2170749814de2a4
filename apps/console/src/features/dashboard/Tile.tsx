import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { ActionIcon, Anchor, Badge, Group, Paper, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { DeferredTooltip } from '../../components/DeferredTooltip';
import { changeOf, type DashboardFormat } from './format';
import { tileOf, type StatKey } from './tiles';

/** A tile's title row: its name, a link to its page, and its definition behind the info button. */
export function TileTitle({ statKey, to }: { statKey: StatKey; to: string }) {
  const tile = tileOf(statKey);
  return (
    <Group justify="space-between" wrap="nowrap" gap="xs">
      {/* A real link for the keyboard and for opening in a new tab; the whole tile is clickable too. */}
      <Anchor component={Link} to={to} size="sm" fw={600} c="dimmed" onClick={(event) => event.stopPropagation()}>
        {tile.label}
      </Anchor>
      <DeferredTooltip label={tile.definition} multiline w={260} withArrow events={{ hover: true, focus: true, touch: true }}>
        <ActionIcon
          variant="subtle"
          color="gray"
          size="sm"
          aria-label={`What ${tile.label.toLowerCase()} counts`}
          onClick={(event) => event.stopPropagation()}
          data-testid="tile-definition"
        >
          <IconInfoCircle size={16} />
        </ActionIcon>
      </DeferredTooltip>
    </Group>
  );
}

/** The frame of a tile: opens its page on a click anywhere in it. */
export function TileFrame({ statKey, to, dimmed, children }: { statKey: StatKey; to: string; dimmed: boolean; children: ReactNode }) {
  const navigate = useNavigate();
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      data-testid={`tile-${statKey}`}
      style={{ cursor: 'pointer', opacity: dimmed ? 0.6 : 1 }}
      onClick={() => navigate(to)}
    >
      <TileTitle statKey={statKey} to={to} />
      {children}
    </Paper>
  );
}

/** A figure tile: the figure, and how it moved against the period before. */
export function FigureTile({
  statKey,
  to,
  value,
  previous,
  format,
  dimmed,
}: {
  statKey: Exclude<StatKey, 'bookingSource'>;
  to: string;
  value: number;
  previous: number;
  format: DashboardFormat;
  dimmed: boolean;
}) {
  const tile = tileOf(statKey);
  const change = changeOf(tile.kind, value, previous);
  const good = tile.lowerIsBetter ? change.direction < 0 : change.direction > 0;
  return (
    <TileFrame statKey={statKey} to={to} dimmed={dimmed}>
      <Text fz={28} fw={700} mt={4} data-testid="tile-figure">
        {format.figure(tile.kind, value)}
      </Text>
      <Group gap={6} mt={4} wrap="nowrap">
        <Badge
          variant="light"
          tt="none"
          color={change.direction === 0 ? 'gray' : good ? 'green' : 'red'}
          style={{ flexShrink: 0 }}
          data-testid="tile-change"
        >
          {change.text}
        </Badge>
        <Text size="xs" c="dimmed" truncate title={`${format.figure(tile.kind, previous)} in the period before`}>
          vs {format.figure(tile.kind, previous)} before
        </Text>
      </Group>
    </TileFrame>
  );
}
