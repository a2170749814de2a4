import type { InviteAnswer, Paged, VenueUser, VenueUserRow } from '@lanebook/core/api-types';
import type { VenueRole } from '@lanebook/core/permissions';
import { http } from '../../lib/api';

/** Query keys: everything under ['users', venueId] is dropped after a change to the venue's users. */
export const usersKey = (venueId: string | null) => ['users', venueId] as const;

export interface UserListFilters {
  role?: VenueRole;
  sort: 'az' | 'za' | 'new' | 'old';
  search?: string;
}

export const usersApi = {
  list: (filters: UserListFilters, signal?: AbortSignal) =>
    http.get<Paged<VenueUserRow>>('/api/private/users', { query: { ...filters }, signal }),
  get: (id: string, signal?: AbortSignal) => http.get<VenueUser>(`/api/private/users/${encodeURIComponent(id)}`, { signal }),
  invite: (input: { email: string; role: VenueRole }) => http.post<InviteAnswer>('/api/private/users', input),
  withdraw: (email: string) => http.delete<void>(`/api/private/users/invitations/${encodeURIComponent(email)}`),
  /** A person's profile: the server allows it to the person and to superadmins only. */
  update: (id: string, patch: { name?: string; phone?: string }) =>
    http.patch<VenueUser>(`/api/private/users/${encodeURIComponent(id)}`, patch),
  changeRole: (id: string, role: VenueRole) => http.patch<VenueUser>(`/api/private/users/${encodeURIComponent(id)}/role`, { role }),
  remove: (id: string) => http.delete<void>(`/api/private/users/${encodeURIComponent(id)}`),
};
