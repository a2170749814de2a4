// A module of its own, so that the lazy import splits off the provider and Mantine's Modal.
import { useEffect } from 'react';
import { ModalsProvider } from '@mantine/modals';

/** The provider; `onListening` runs once its window listeners are in place (they are set in a layout effect, before this effect). */
export default function ModalsStack({ onListening }: { onListening: () => void }) {
  useEffect(onListening, [onListening]);
  return <ModalsProvider />;
}
