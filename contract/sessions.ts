import { z } from 'zod';

// Signed-in devices (docs/product.md §12.15): each person sees and ends their own sessions.

/** One of the caller's sessions: when it began, when it was last used (to within 5 minutes), and the browser's name. */
export const deviceSession = z.object({
  id: z.number(),
  /** The session this request came with. */
  current: z.boolean(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  expiresAt: z.string(),
  userAgent: z.string().nullable(),
});
export type DeviceSession = z.infer<typeof deviceSession>;

/** GET /api/sessions: the caller's live sessions, most recently used first. */
export const deviceSessionList = z.object({ sessions: z.array(deviceSession) });
export type DeviceSessionList = z.infer<typeof deviceSessionList>;

/** DELETE /api/sessions (every session but this one): how many ended. */
export const endedSessions = z.object({ ended: z.number() });
export type EndedSessions = z.infer<typeof endedSessions>;
