import { z } from 'zod';

// Apart from contract/events.ts, which has no zod: the screens that follow the stream do not load the validator.

/** `?lastEventId=` for clients that cannot set the Last-Event-ID header (the header wins when both are present). */
export const eventStreamQuery = z
  .object({ lastEventId: z.string().regex(/^\d{1,15}$/, 'lastEventId must be an event id (digits)').optional() })
  .strict();
