import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AuditActorList } from '@contract/audit';
import { apiJson } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const auditActorsQueryOptions = queryOptions({
  queryKey: queryKeys.auditActors,
  queryFn: () => apiJson<AuditActorList>('GET', '/api/audit/actors'),
});

/** Everyone who appears in the trail, for the filter by person; read again when the tab opens, as the trail grows. */
export function useAuditActors() {
  return useQuery({ ...auditActorsQueryOptions, refetchOnMount: 'always' });
}
