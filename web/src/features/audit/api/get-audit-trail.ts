import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { AUDIT_PAGE_SIZE, type AuditAction, type AuditListParams, type AuditPage } from '@contract/audit';
import { apiJson } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** The trail's filter as the tab holds it: unset fields filter nothing. Days are YYYY-MM-DD (docs/product.md §12.12). */
export interface AuditFilter {
  actor?: string;
  action?: AuditAction;
  from?: string;
  to?: string;
}

/** The filter's query string, shared by the page read and the CSV export (GET /api/exports/audit.csv takes the same). */
export function auditFilterParams(filter: AuditFilter): URLSearchParams {
  const params: AuditListParams = {};
  if (filter.actor) params.actor = filter.actor;
  if (filter.action) params.action = filter.action;
  if (filter.from) params.from = filter.from;
  if (filter.to) params.to = filter.to;
  return new URLSearchParams(params as Record<string, string>);
}

function auditPageParams(filter: AuditFilter, offset: number): string {
  const params = auditFilterParams(filter);
  params.set('offset', String(offset));
  params.set('limit', String(AUDIT_PAGE_SIZE));
  return params.toString();
}

export const auditPageQueryOptions = (filter: AuditFilter, offset: number) =>
  queryOptions({
    queryKey: [...queryKeys.audit, auditPageParams(filter, offset)],
    queryFn: () => apiJson<AuditPage>('GET', `/api/audit?${auditPageParams(filter, offset)}`),
    // The page shown stays on screen while the next one loads.
    placeholderData: keepPreviousData,
  });

/**
 * A page of the audit trail, newest first. Read again each time the tab opens: every change anywhere appends a row,
 * and no live event names the trail, so a cached page would be missing the newest changes.
 */
export function useAuditPage(filter: AuditFilter, offset: number, enabled: boolean) {
  return useQuery({ ...auditPageQueryOptions(filter, offset), enabled, refetchOnMount: 'always' });
}
