import { z } from 'zod';

/**
 * GET /api/health: whether this instance is live (the process answers) and ready (its database answers), for load
 * balancers and supervisors. 200 when ready, 503 (with Retry-After) when not.
 */
export const healthStatus = z.object({
  status: z.enum(['ready', 'unavailable']),
  live: z.literal(true),
  ready: z.boolean(),
  checks: z.object({ database: z.enum(['up', 'down']) }),
});
export type HealthStatus = z.infer<typeof healthStatus>;

/** GET /api/health/live: the process runs and answers (never reads the database). */
export const liveness = z.object({ status: z.literal('live') });
export type Liveness = z.infer<typeof liveness>;
