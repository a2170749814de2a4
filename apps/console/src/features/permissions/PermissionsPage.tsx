import { Fragment, useState, type ReactNode } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Checkbox, Group, Paper, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconInfoCircle, IconRestore } from '@tabler/icons-react';
import type { Venue } from '@lanebook/core/api-schemas';
import {
  DEFAULT_PERMISSIONS,
  PERMISSION_AREAS,
  VENUE_ROLES,
  type PermissionArea,
  type PermissionsMap,
  type VenueRole,
} from '@lanebook/core/permissions';
import { useSession } from '../../lib/session';
import { FullPageLoader } from '../../components/FullPageLoader';
import { PageHeader } from '../../components/PageHeader';
import { savePermissions } from './api/save-permissions';
import { notifyError, notifySuccess } from '../../lib/notify';
import { ROLE_LABELS } from '../../components/roles';
import { LoadError } from '../../components/LoadError';
import { currentVenueQuery, useCurrentVenue } from '../../lib/current-venue';
import { AREA_LABELS, actionLabel, permissionLabel } from './labels';

const AREAS = Object.entries(PERMISSION_AREAS) as [PermissionArea, readonly string[]][];

type RolesByAction = Record<string, VenueRole[]>;
const rolesOf = (map: PermissionsMap, area: PermissionArea, action: string): VenueRole[] => (map[area] as RolesByAction)[action] ?? [];

export default function PermissionsPage() {
  const venueQuery = useCurrentVenue();
  if (venueQuery.isPending) return <Frame />;
  if (venueQuery.isError) {
    return (
      <Frame>
        <LoadError error={venueQuery.error} onRetry={() => venueQuery.refetch()} />
      </Frame>
    );
  }
  return <PermissionsMatrix key={venueQuery.data.id} venue={venueQuery.data} />;
}

function Frame({ children, actions }: { children?: ReactNode; actions?: ReactNode }) {
  return (
    <>
      <PageHeader title="Permissions" description="What managers and staff may do in this venue." actions={actions} />
      {children ?? <FullPageLoader />}
    </>
  );
}

function PermissionsMatrix({ venue }: { venue: Venue }) {
  const session = useSession();
  const queryClient = useQueryClient();
  const editable = session.me?.role === 'owner' || Boolean(session.me?.isSuperadmin);
  // Unsaved edits; null means the saved map is shown.
  const [draft, setDraft] = useState<PermissionsMap | null>(null);
  const shown = draft ?? venue.permissions;
  const dirty = draft !== null && JSON.stringify(draft) !== JSON.stringify(venue.permissions);

  const save = useMutation({
    mutationFn: savePermissions,
    onSuccess: async (updated) => {
      queryClient.setQueryData(currentVenueQuery(updated.id).queryKey, updated);
      setDraft(null);
      notifySuccess('Permissions saved');
      // Menus and route guards read the user's permissions from the session.
      await session.refresh();
    },
    onError: notifyError,
  });

  const toggle = (area: PermissionArea, action: string, role: VenueRole, allowed: boolean) => {
    setDraft((previous) => {
      const next = structuredClone(previous ?? venue.permissions);
      const current = rolesOf(next, area, action);
      // Keep roles in their canonical order so "unchanged" compares equal.
      (next[area] as RolesByAction)[action] = VENUE_ROLES.filter((r) => r === 'owner' || (r === role ? allowed : current.includes(r)));
      return next;
    });
  };

  return (
    <Frame
      actions={
        editable ? (
          <Button variant="default" leftSection={<IconRestore size={16} />} onClick={() => setDraft(structuredClone(DEFAULT_PERMISSIONS))}>
            Reset to defaults
          </Button>
        ) : null
      }
    >
      {editable ? null : (
        <Alert color="blue" icon={<IconInfoCircle size={18} />} mb="md" data-testid="permissions-read-only">
          Only the venue&apos;s owners can change permissions. You can see what each role may do.
        </Alert>
      )}
      <Text size="sm" c="dimmed" mb="sm">
        Owners always hold every permission.
      </Text>

      <Paper withBorder radius="md">
        {/* Positioned, so the visually hidden labels inside scroll with the table instead of widening the page. */}
        <Table.ScrollContainer minWidth={460} type="native" pos="relative">
          <Table striped={false} highlightOnHover verticalSpacing={6} aria-label="Permissions by role">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Permission</Table.Th>
                {VENUE_ROLES.map((role) => (
                  <Table.Th key={role} ta="center" w={96}>
                    {ROLE_LABELS[role]}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {AREAS.map(([area, actions]) => (
                <Fragment key={area}>
                  <Table.Tr bg="gray.0">
                    <Table.Th colSpan={VENUE_ROLES.length + 1} scope="rowgroup">
                      {AREA_LABELS[area]}
                    </Table.Th>
                  </Table.Tr>
                  {actions.map((action) => {
                    const label = permissionLabel(area, action);
                    const roles = rolesOf(shown, area, action);
                    return (
                      <Table.Tr key={action} data-testid={`permission-${area}.${action}`}>
                        <Table.Td pl="lg">
                          {/* The area shows as the group heading; screen readers and search get the full name. */}
                          <VisuallyHidden>{AREA_LABELS[area]} — </VisuallyHidden>
                          {actionLabel(action)}
                        </Table.Td>
                        {VENUE_ROLES.map((role) => (
                          <Table.Td key={role}>
                            <Group justify="center">
                              <Checkbox
                                aria-label={`${label} (${ROLE_LABELS[role]})`}
                                checked={role === 'owner' || roles.includes(role)}
                                disabled={role === 'owner' || !editable || save.isPending}
                                onChange={(event) => toggle(area, action, role, event.currentTarget.checked)}
                              />
                            </Group>
                          </Table.Td>
                        ))}
                      </Table.Tr>
                    );
                  })}
                </Fragment>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>

      {editable ? (
        // Stays in view while scrolling the long matrix.
        <Paper withBorder shadow="sm" radius="md" p="sm" mt="md" pos="sticky" bottom={8} style={{ zIndex: 2 }}>
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Text size="sm" c={dirty ? undefined : 'dimmed'} data-testid="permissions-state">
              {dirty ? 'You have unsaved changes.' : 'All changes saved.'}
            </Text>
            <Group gap="xs">
              <Button variant="default" disabled={!dirty || save.isPending} onClick={() => setDraft(null)}>
                Discard changes
              </Button>
              <Button loading={save.isPending} disabled={!dirty} onClick={() => save.mutate(shown)}>
                Save permissions
              </Button>
            </Group>
          </Group>
        </Paper>
      ) : null}
    </Frame>
  );
}
