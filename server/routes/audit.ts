import type { FastifyInstance } from 'fastify';
import { auditListQuery, type AuditActorList, type AuditPage } from '../../contract/audit';
import type { AppContext } from '../app-context';
import { requireOwner } from '../auth/permissions';
import { listAuditActors, listAuditPage } from '../db/queries/audit';
import { parseInput } from '../http/errors';

/** The audit trail (docs/product.md §12.12), for the owner only: a page of it, newest first, and who appears in it. */
export function registerAuditRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get('/api/audit', async (request, reply): Promise<AuditPage> => {
    await requireOwner(ctx, request, reply);
    const query = parseInput(auditListQuery, request.query);
    const page = await listAuditPage(ctx.db, query, ctx.config.orgTimezone);
    return { ...page, offset: query.offset, limit: query.limit };
  });

  app.get('/api/audit/actors', async (request, reply): Promise<AuditActorList> => {
    await requireOwner(ctx, request, reply);
    return listAuditActors(ctx.db);
  });
}
