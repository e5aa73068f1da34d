import type { FastifyInstance } from 'fastify';
import { backupRequest } from '../../contract/admin';
import type { AppContext } from '../app-context';
import { requireOwner } from '../auth/permissions';
import { requireRecentPassword } from '../auth/sessions';
import { appendAudit } from '../db/audit';
import { takeEmbeddedBackup } from '../db/backup';
import { text } from '../../contract/i18n';
import { AppError } from '../domain/errors';
import { messages } from './messages';
import { userActor } from '../auth/audit-actor';
import { parseInput } from '../http/errors';

/** Maintenance for the owner (docs/decisions/0007-backups.md). */
export function registerAdminRoutes(app: FastifyInstance, ctx: AppContext) {
  // A backup of the embedded database while the app runs (the app holds the data dir, so no other process can read
  // it), streamed as it is taken; encrypted when the optional JSON body gives a passphrase.
  app.post('/api/admin/backup', async (request, reply) => {
    const owner = await requireOwner(ctx, request, reply);
    if (ctx.engine !== 'pglite') throw new AppError('NOT_FOUND', text(messages, 'backupOnPostgres'));
    const { passphrase } = parseInput(backupRequest, request.body ?? {});
    await requireRecentPassword(ctx, request, 'user');
    // The whole database leaves (password hashes, second-factor and webhook secrets, contact details): the trail says
    // who took it and when, in the backup itself too.
    await appendAudit(ctx.db, userActor(request, owner), { action: 'backup.taken', targetType: 'database', targetId: null, after: { encrypted: passphrase !== undefined } }, ctx.now());
    const backup = await takeEmbeddedBackup(ctx.db, passphrase === undefined ? {} : { passphrase });
    backup.done.then(
      (bytes) => request.log.info({ userId: owner.id, bytes, encrypted: backup.encrypted }, 'database backup taken'),
      (error: Error) => request.log.warn({ userId: owner.id, reason: error.message }, 'database backup not completed'),
    );
    const stamp = ctx.now().toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-');
    const name = `tiertrack-backup-${stamp}.tar.gz${backup.encrypted ? '.enc' : ''}`;
    return reply
      .header('content-type', backup.encrypted ? 'application/octet-stream' : 'application/gzip')
      .header('content-disposition', `attachment; filename="${name}"`)
      .header('cache-control', 'no-store')
      .send(backup.stream);
  });
}
