import { client } from '../../../lib/api';

export const skipBankOnboarding = () => client.post('/api/private/venues/current/skip-bank-onboarding');
