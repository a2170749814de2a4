import { Link } from 'react-router';
import { Anchor, Center } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';

export function BackToSignIn() {
  return (
    <Center>
      <Anchor component={Link} to="/login" size="sm" style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}>
        <IconArrowLeft size={14} aria-hidden />
        Back to sign in
      </Anchor>
    </Center>
  );
}
