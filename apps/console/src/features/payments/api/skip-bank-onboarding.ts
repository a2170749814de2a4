import { http } from '../../../lib/api';

export const skipBankOnboarding = () => http.post<void>('/api/private/venues/current/skip-bank-onboarding');
