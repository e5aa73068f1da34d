import { useQuery } from '@tanstack/react-query';
import { userQueryOptions } from './auth';
import { organisationSettingsQueryOptions } from './organisation-settings-query';

/**
 * Whether the signed-in account may change data: owners may, managers see the same figures and change nothing
 * (docs/product.md §3.4). Read from the session the screen was opened with, so no screen needs it handed down.
 */
export function useCanEdit(): boolean {
  const { data } = useQuery({ ...userQueryOptions, select: (user) => user?.role === 'owner' });
  return data === true;
}

/**
 * Whether the signed-in account records income entries, voids them and moves reward claims along: the owner always; a
 * manager while the owner lets managers record (for the agents of their teams: the server checks each one). Read from
 * the organisation's settings, which settings.changed refreshes on every page.
 */
export function useCanRecord(): boolean {
  const { data: role } = useQuery({ ...userQueryOptions, select: (user) => user?.role });
  const { data: managersRecord } = useQuery({ ...organisationSettingsQueryOptions, select: (settings) => settings.managersRecord, enabled: role === 'manager' });
  return role === 'owner' || (role === 'manager' && managersRecord === true);
}
