import { notifications } from '@mantine/notifications';
import { errorMessage } from './api';

/** Alerts auto-dismiss after 5000 ms. */
export const ALERT_MS = 5000;

export function notifyError(error: unknown) {
  notifications.show({ color: 'red', title: 'Error', message: errorMessage(error), autoClose: ALERT_MS });
}

export function notifySuccess(message: string) {
  notifications.show({ color: 'green', message, autoClose: ALERT_MS });
}
