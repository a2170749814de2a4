import { lazy, Suspense, useEffect } from 'react';
import { Button, Group, Paper, Text } from '@mantine/core';
import { IconPlayerPlay } from '@tabler/icons-react';
import { useSession } from '../../lib/session';
import { canTakeTour, dispatchTour, loadTour, useTour } from './store';
import { TOUR_STEPS } from './steps';

// driver.js and its styles load only when the guide shows: the console's first load stays as it was.
const TourRunner = lazy(() => import('./TourRunner'));

function useOwnTour() {
  const session = useSession();
  const me = session.me;
  const userId = me?.user.id ?? null;
  useEffect(() => {
    if (me) loadTour(me.user.id, me.onboarding);
  }, [me]);
  return { tour: useTour(userId, me?.onboarding ?? null), eligible: canTakeTour(session) };
}

/** The header's Resume guide: for those who can do the steps, until the guide is finished. */
export function ResumeGuideButton() {
  const { tour, eligible } = useOwnTour();
  if (!eligible || tour.progress.isFinished || tour.running) return null;
  return (
    <Button
      size="xs"
      variant="light"
      leftSection={<IconPlayerPlay size={14} />}
      onClick={() => dispatchTour({ type: 'start' })}
      visibleFrom="md"
      data-tour="resume-guide"
    >
      Resume guide
    </Button>
  );
}

/** The dashboard's offer to an owner who has not started the guide. */
export function TourOffer() {
  const { tour, eligible } = useOwnTour();
  if (!eligible || tour.running || tour.progress.isFinished || tour.progress.currentStep !== -1) return null;
  return (
    <Paper withBorder radius="md" p="md" mb="md" data-testid="tour-offer">
      <Group justify="space-between" gap="sm">
        <div>
          <Text fw={600}>New here? Let the guide set you up</Text>
          <Text size="sm" c="dimmed">
            {TOUR_STEPS.length} short steps: terms, a tax, a waiver, a lane, a product and its calendar, then the snippet for your web site.
            Stop any time and pick it up again with Resume guide.
          </Text>
        </div>
        <Button leftSection={<IconPlayerPlay size={16} />} onClick={() => dispatchTour({ type: 'start' })}>
          Take the tour
        </Button>
      </Group>
    </Paper>
  );
}

/** The guide on screen, while it runs. */
export function TourHost() {
  const { tour, eligible } = useOwnTour();
  if (!eligible || !tour.running || tour.progress.currentStep < 0) return null;
  return (
    <Suspense fallback={null}>
      <TourRunner index={tour.progress.currentStep} />
    </Suspense>
  );
}
