import { http } from '../../../lib/api';

export const changeEmail = (input: { newEmail: string; password: string }) => http.post<void>('/api/private/me/email', input);
