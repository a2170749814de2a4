import { Link } from 'react-router';
import { Anchor, Group } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';

export function BackToSuperadmin() {
  return (
    <Anchor component={Link} to="/settings/superadmin" size="sm">
      <Group gap={4} wrap="nowrap">
        <IconArrowLeft size={14} />
        Back to venues
      </Group>
    </Anchor>
  );
}
