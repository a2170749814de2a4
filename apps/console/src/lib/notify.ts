import { notifications } from '@mantine/notifications';
import { itemError, type ItemOperation } from '@lanebook/core/messages';
import { errorMessage, itemOperationOf } from './api';

/** Alerts auto-dismiss after 5000 ms (decision 036). */
export const ALERT_MS = 5000;

/**
 * A failed call: the danger alert of decision 036 ("An error occurred while creating the item.
 * Try again later.", the operation read from the request's method) as
 * the title, and the failure's own words (errorMessage's order) as the message.
 */
export function notifyError(error: unknown) {
  notifyItemError(itemOperationOf(error), error);
}

/** notifyError for a failure that is not a call's (a partial clone, a form's leftover field errors). */
export function notifyItemError(operation: ItemOperation, error: unknown) {
  notifyDanger(itemError(operation), errorMessage(error));
}

/** A danger alert with its own title (the profile's failure text, say). */
export function notifyDanger(title: string, message?: string) {
  notifications.show({ color: 'red', title, message, autoClose: ALERT_MS });
}

export function notifySuccess(message: string) {
  notifications.show({ color: 'green', message, autoClose: ALERT_MS });
}
