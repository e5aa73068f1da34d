/**
 * The oldest event cursor (contract/events.ts EVENT_CURSOR_HEADER) among the reads since the stream last opened: the
 * stream's first Last-Event-ID, so that an event committed between a screen's first read and the stream's opening is
 * replayed rather than missed.
 */
let earliest: number | undefined;

/** Notes the cursor of one answer (the header's value, or null when it had none). */
export function noteEventCursor(value: string | null): void {
  if (value === null || !/^\d{1,15}$/.test(value)) return;
  const cursor = Number(value);
  if (earliest === undefined || cursor < earliest) earliest = cursor;
}

/** The oldest cursor noted since the last call, if any; forgets it. */
export function takeEarliestEventCursor(): string | undefined {
  const cursor = earliest;
  earliest = undefined;
  return cursor === undefined ? undefined : String(cursor);
}
