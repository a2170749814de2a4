import type { ReactNode } from 'react';
import { Alert, Badge, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconBan, IconCertificate, IconMedicalCross, IconStar } from '@tabler/icons-react';
import { GUEST_FLAG_LABELS, GUEST_FLAG_TYPES, type GuestFlagType } from '@lanebook/core/guest-schemas';

export interface FlagShown {
  type: GuestFlagType;
  note: string;
}

const FLAG_STYLE: Record<GuestFlagType, { color: string; icon: ReactNode }> = {
  ban: { color: 'red', icon: <IconBan size={12} /> },
  vip: { color: 'grape', icon: <IconStar size={12} /> },
  medical: { color: 'blue', icon: <IconMedicalCross size={12} /> },
  alert: { color: 'orange', icon: <IconAlertTriangle size={12} /> },
  competency: { color: 'teal', icon: <IconCertificate size={12} /> },
};

/** A flag's badge: its colour and icon say its type at a glance; a ban is filled, the others light. */
export function GuestFlagBadge({ type, size = 'sm' }: { type: GuestFlagType; size?: 'xs' | 'sm' | 'md' }) {
  const style = FLAG_STYLE[type];
  return (
    <Badge color={style.color} variant={type === 'ban' ? 'filled' : 'light'} size={size} leftSection={style.icon} miw="max-content">
      {GUEST_FLAG_LABELS[type]}
    </Badge>
  );
}

/** Ban first (the desk must not miss it), then the rest in the order the types are listed. */
const ordered = (flags: readonly FlagShown[]) =>
  [...flags].sort((a, b) => GUEST_FLAG_TYPES.indexOf(a.type) - GUEST_FLAG_TYPES.indexOf(b.type));

/**
 * A guest's flags as the desk sees them wherever it meets the guest (the guest list and page, the
 * booking form, the booking's page, the lane view's drawer): each a coloured badge with its note.
 * `inline` fits a table row (notes cut to a line, whole on hover); `full` gives a ban a red alert
 * of its own above the others, so it is read before anything else.
 */
export function GuestFlags({ flags, layout = 'full' }: { flags: readonly FlagShown[]; layout?: 'inline' | 'full' }) {
  if (flags.length === 0) return null;
  const list = ordered(flags);
  if (layout === 'inline')
    return (
      <Stack gap={4} data-testid="guest-flags">
        {list.map((flag) => (
          <Group key={flag.type} gap={6} wrap="nowrap" data-testid="guest-flag" data-type={flag.type}>
            <GuestFlagBadge type={flag.type} size="xs" />
            {flag.note ? (
              <Text size="xs" c="dimmed" lineClamp={1} title={flag.note} style={{ overflowWrap: 'anywhere' }}>
                {flag.note}
              </Text>
            ) : null}
          </Group>
        ))}
      </Stack>
    );
  const ban = list.find((flag) => flag.type === 'ban');
  const others = list.filter((flag) => flag.type !== 'ban');
  return (
    <Stack gap="xs" data-testid="guest-flags">
      {ban ? (
        <Alert
          color="red"
          variant="filled"
          icon={<IconBan size={20} />}
          title="Banned guest"
          data-testid="guest-flag"
          data-type="ban"
          role="alert"
        >
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {ban.note || 'No reason written.'}
          </Text>
        </Alert>
      ) : null}
      {others.map((flag) => (
        <Group key={flag.type} gap="xs" wrap="nowrap" align="flex-start" data-testid="guest-flag" data-type={flag.type}>
          <GuestFlagBadge type={flag.type} />
          {flag.note ? (
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {flag.note}
            </Text>
          ) : null}
        </Group>
      ))}
    </Stack>
  );
}
