import type { FastifyInstance } from 'fastify';
import { IMPORT_CONTENT_TYPE, IMPORT_MAX_BYTES, importQuery, type ImportReport } from '../../contract/imports';
import { errorStatus } from '../../contract/errors';
import type { AppContext } from '../app-context';
import { callerKey, requireOwnerOrToken } from '../auth/permissions';
import { importIncomeEntries } from '../db/operations/import-income-entries';
import { entryImportLookups } from '../db/queries/imports';
import { readCsvFile } from '../domain/csv-file';
import { checkEntryImport } from '../domain/entry-import';
import { AppError } from '../domain/errors';
import { parseInput } from '../http/errors';

const NOT_CSV = 'Send the file as the request body with Content-Type: text/csv';

/**
 * CSV imports (docs/product.md §12.9): the owner, or a token with entries:write, sends a file; every row
 * is checked, then written all together or not at all. The file is the body itself (`text/csv`, at most
 * IMPORT_MAX_BYTES: 413 beyond), read only by the routes of this scope.
 */
export function registerImportRoutes(app: FastifyInstance, ctx: AppContext) {
  void app.register(async (scope) => {
    scope.addContentTypeParser(IMPORT_CONTENT_TYPE, { parseAs: 'buffer', bodyLimit: IMPORT_MAX_BYTES }, (_request, body, done) => done(null, body));

    scope.post('/api/imports/income-entries', { bodyLimit: IMPORT_MAX_BYTES }, async (request, reply) => {
      const caller = await requireOwnerOrToken(ctx, request, reply, 'entries:write');
      const query = parseInput(importQuery, request.query);
      if (!Buffer.isBuffer(request.body)) throw new AppError('UNSUPPORTED_MEDIA_TYPE', NOT_CSV);
      const now = ctx.now();
      const table = await readCsvFile(request.body);
      const checked = await checkEntryImport(table, { ...query, timeZone: ctx.config.orgTimezone, now }, entryImportLookups(ctx.db));
      const report: ImportReport = {
        rows: checked.rows,
        valid: checked.entries.length + checked.duplicates,
        duplicates: checked.duplicates,
        errorCount: checked.errorCount,
        errors: checked.errors,
        created: 0,
        dryRun: query.dryRun,
      };
      if (checked.errorCount > 0 && !query.dryRun) {
        const message = `${checked.errorCount} ${checked.errorCount === 1 ? 'row has an error' : 'rows have errors'}: nothing was imported`;
        return reply.status(errorStatus.IMPORT_REJECTED).send({ message, code: 'IMPORT_REJECTED', ...report });
      }
      if (query.dryRun) return report;
      report.created = await importIncomeEntries(ctx.db, checked.entries, { timeZone: ctx.config.orgTimezone, now });
      request.log.info(
        { rows: report.rows, created: report.created, duplicates: report.duplicates, by: callerKey(caller) },
        'income entries imported',
      );
      return reply.status(201).send(report);
    });
  });
}
