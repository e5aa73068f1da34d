import { z } from 'zod';
import { text, zodText } from './i18n';
import { messages } from './messages';

// Apart from contract/events.ts, which has no zod: the screens that follow the stream do not load the validator.

/** `?lastEventId=` for clients that cannot set the Last-Event-ID header (the header wins when both are present). */
export const eventStreamQuery = z
  .object({ lastEventId: z.string().regex(/^\d{1,15}$/, zodText(text(messages, 'lastEventId'))).optional() })
  .strict();
