import type { z } from '@lanebook/core/zod';
import type { OutboxMail, Paged, SuperadminVenue, Venue } from '@lanebook/core/api-types';
import type { superadminVenueCreateSchema } from '@lanebook/core/venue-schemas';
import { http } from '../../lib/api';

/** Superadmin calls are about the platform, not the open venue: they never send X-Venue-Id. */
const noVenue = { noVenue: true } as const;

export type VenueStatus = Venue['status'];

export interface Account {
  id: string;
  email: string;
  name: string;
  isSuperadmin: boolean;
  isDisabled: boolean;
  createdAt: string;
}

export const PAGE_SIZE = 50;

export const superadminKeys = {
  venues: ['superadmin', 'venues'] as const,
  accounts: ['superadmin', 'accounts'] as const,
  outbox: ['superadmin', 'outbox'] as const,
};

export const superadminApi = {
  venues: (query: { status?: VenueStatus; search?: string }, signal?: AbortSignal) =>
    http.get<Paged<SuperadminVenue>>('/api/private/superadmin/venues', { ...noVenue, query, signal }),
  createVenue: (input: z.output<typeof superadminVenueCreateSchema>) => http.post<Venue>('/api/private/superadmin/venues', input, noVenue),
  setVenueStatus: (id: string, status: VenueStatus) =>
    http.patch<Venue>(`/api/private/superadmin/venues/${encodeURIComponent(id)}`, { status }, noVenue),
  joinVenue: (id: string) => http.post<void>(`/api/private/superadmin/venues/${encodeURIComponent(id)}/join`, undefined, noVenue),
  accounts: (query: { search?: string; limit: number; offset: number }, signal?: AbortSignal) =>
    http.get<Paged<Account>>('/api/private/superadmin/users', { ...noVenue, query, signal }),
  setAccountDisabled: (id: string, disabled: boolean) =>
    http.post<void>(`/api/private/superadmin/users/${encodeURIComponent(id)}/${disabled ? 'disable' : 'enable'}`, undefined, noVenue),
  outbox: (query: { limit: number; offset: number }, signal?: AbortSignal) =>
    http.get<Paged<OutboxMail>>('/api/private/superadmin/outbox', { ...noVenue, query, signal }),
};
