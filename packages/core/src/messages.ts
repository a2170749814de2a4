/** Error texts the server sends and the console shows; no zod, so every page can import them. */
export const PASSWORD_CHANGE_FAILED = 'Password change failed. Double check old password and try again.';
export const PROFILE_UPDATE_FAILED = 'An error occurred while updating profile data. Try again later.';
/** What failed on an item (decision 036): a read, a create, an update or a delete. */
export type ItemOperation = 'receiving' | 'creating' | 'updating' | 'deleting';
/** The danger alert of a failed read, create, update or delete (decision 036). */
export const itemError = (operation: ItemOperation) => `An error occurred while ${operation} the item. Try again later.`;
export const INTERNAL_ERROR = 'Internal server error. Try again later.';
export const NO_RESPONSE_ERROR = 'The server did not respond to the request. Try again later.';
/** A page's code that does not arrive in this long fails as a ChunkLoadError (decision 036). */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
