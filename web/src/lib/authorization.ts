import { useQuery } from '@tanstack/react-query';
import { userQueryOptions } from './auth';

/**
 * Whether the signed-in account may change data: owners may, managers see the same figures and change nothing
 * (docs/product.md §3.4). Read from the session the screen was opened with, so no screen needs it handed down.
 */
export function useCanEdit(): boolean {
  const { data } = useQuery({ ...userQueryOptions, select: (user) => user?.role === 'owner' });
  return data === true;
}
