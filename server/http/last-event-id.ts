import { invalid } from '../domain/errors';

/** Last-Event-ID from the header (EventSource sends it on reconnect) or, for clients that cannot set it, the query. */
export function parseLastEventId(header: string | string[] | undefined, query: string | undefined): number | undefined {
  const raw = Array.isArray(header) ? header[0] : header;
  const value = raw ?? query;
  if (value === undefined || value === '') return undefined;
  if (!/^\d{1,15}$/.test(value.trim())) throw invalid('Last-Event-ID must be an event id (digits)', 'lastEventId');
  return Number(value.trim());
}
