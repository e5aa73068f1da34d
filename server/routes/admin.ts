import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context';
import { requireOwner } from '../auth/permissions';
import { dumpEmbeddedDatabase } from '../db/backup';
import { AppError } from '../domain/errors';

const BACKUP_ON_POSTGRES =
  'This server uses a PostgreSQL database: back it up with pg_dump (see Backups in the README)';

/** Maintenance for the owner (docs/decisions/0007-backups.md). */
export function registerAdminRoutes(app: FastifyInstance, ctx: AppContext) {
  // A backup of the embedded database while the app runs (the app holds the data dir, so no other process can read it).
  app.post('/api/admin/backup', async (request, reply) => {
    const owner = await requireOwner(ctx, request, reply);
    if (ctx.engine !== 'pglite') throw new AppError('NOT_FOUND', BACKUP_ON_POSTGRES);
    const archive = await dumpEmbeddedDatabase(ctx.db);
    request.log.info({ userId: owner.id, bytes: archive.size }, 'database backup taken');
    const stamp = ctx.now().toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-');
    return reply
      .header('content-type', 'application/gzip')
      .header('content-disposition', `attachment; filename="tiertrack-backup-${stamp}.tar.gz"`)
      .header('cache-control', 'no-store')
      .send(Buffer.from(await archive.arrayBuffer()));
  });
}
