import { text } from '../../contract/i18n';
import { invalid } from '../domain/errors';
import { messages } from './messages';

/** Last-Event-ID from the header (EventSource sends it on reconnect) or, for clients that cannot set it, the query. */
export function parseLastEventId(header: string | string[] | undefined, query: string | undefined): number | undefined {
  const raw = Array.isArray(header) ? header[0] : header;
  const value = raw ?? query;
  if (value === undefined || value === '') return undefined;
  if (!/^\d{1,15}$/.test(value.trim())) throw invalid(text(messages, 'lastEventIdInvalid'), 'lastEventId');
  return Number(value.trim());
}
