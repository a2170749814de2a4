import { Suspense } from 'react';
import { Outlet, useNavigate } from 'react-router';
import { Box, Button, Center, Container, Group, Paper, Text } from '@mantine/core';
import { FullPageLoader } from '../../components/FullPageLoader';
import { useSession } from '../../lib/session';

/** The sign-in and onboarding frame: a centered card, optionally wide, optionally with a logout button. */
export function AuthLayout({ wide = false, withLogout = false }: { wide?: boolean; withLogout?: boolean }) {
  const session = useSession();
  const navigate = useNavigate();
  return (
    <Box mih="100vh" bg="gray.0" py="xl">
      <Container size={wide ? 'lg' : 460}>
        <Group justify="space-between" mb="lg">
          <Text fw={800} size="xl" c="blue.8">
            Lanebook
          </Text>
          {withLogout && session.status === 'signed-in' ? (
            <Button
              variant="subtle"
              color="gray"
              onClick={async () => {
                await session.signOut();
                navigate('/login', { replace: true });
              }}
            >
              Log out
            </Button>
          ) : null}
        </Group>
        <Paper withBorder shadow="sm" p={{ base: 'md', sm: 'xl' }} radius="md">
          <Suspense fallback={<FullPageLoader />}>
            <Outlet />
          </Suspense>
        </Paper>
        <Center mt="md">
          <Text size="xs" c="dimmed">
            Lanebook: bookings for lane-based venues
          </Text>
        </Center>
      </Container>
    </Box>
  );
}
