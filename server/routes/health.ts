import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { HealthStatus, Liveness } from '../../contract/health';
import type { AppContext } from '../app-context';
import { databaseAnswers } from '../db/queries/health';
import { DATABASE_RETRY_AFTER_SECONDS } from '../http/errors';

/** A load balancer gives up on a check after a few seconds: the database gets two. */
const DATABASE_CHECK_MS = 2000;

/**
 * Health for load balancers and supervisors (docs/decisions/0039): `/api/health/live` says the process answers and
 * reads nothing; `/api/health` (and `/api/health/ready`) says whether this instance can serve, 503 when its database
 * does not answer. Public: they tell nothing about the data.
 */
export function registerHealthRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get('/api/health/live', async (): Promise<Liveness> => ({ status: 'live' }));

  const ready = async (_request: FastifyRequest, reply: FastifyReply) => {
    const up = await databaseAnswers(ctx.db, DATABASE_CHECK_MS);
    const answer: HealthStatus = { status: up ? 'ready' : 'unavailable', live: true, ready: up, checks: { database: up ? 'up' : 'down' } };
    if (!up) reply.status(503).header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
    return answer;
  };
  app.get('/api/health', ready);
  app.get('/api/health/ready', ready);
}
