/** Error texts the server sends and the console shows; no zod, so every page can import them. */
export const PASSWORD_CHANGE_FAILED = 'Password change failed. Double check old password and try again.';
export const PROFILE_UPDATE_FAILED = 'An error occurred while updating profile data. Try again later.';
export const ITEM_ERROR = 'An error occurred while receiving, creating, updating or deleting the item. Try again later.';
export const INTERNAL_ERROR = 'Internal server error. Try again later.';
export const NO_RESPONSE_ERROR = 'The server did not respond to the request. Try again later.';
