// A module of its own, so that the lazy import splits off the stack (and its styles) while the store stays in the entry.
import '@mantine/notifications/styles.css';

export { Notifications as default } from '@mantine/notifications';
