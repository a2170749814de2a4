import { http } from '../../../lib/api';
import type { SignUpValues } from '../schemas';

/** The account signs in once its address is confirmed by the mailed link. */
export const signUp = (values: SignUpValues) =>
  http.post<void>('/api/auth/sign-up/email', { ...values, callbackURL: '/' }, { noVenue: true });
