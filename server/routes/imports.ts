import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { randomBytes } from 'node:crypto';
import { agentImportQuery, IMPORT_CONTENT_TYPE, IMPORT_MAX_BYTES, importQuery, type AgentImportReport, type ImportMode, type ImportReport } from '../../contract/imports';
import { OWNER_RESET_LINK_DAYS, resetLinkFor } from '../../contract/password-resets';
import { errorStatus } from '../../contract/errors';
import type { AppContext } from '../app-context';
import { callerKey, requireOwnerOrToken } from '../auth/permissions';
import { importIncomeEntries } from '../db/operations/import-income-entries';
import { importAgents } from '../db/operations/import-agents';
import { takenEmails } from '../db/queries/agents';
import { actorOf } from '../auth/audit-actor';
import { hashPassword } from '../auth/passwords';
import { hashToken } from '../auth/sessions';
import { emailHoldersBarringAgent } from '../domain/agent-emails';
import { checkAgentImport } from '../domain/agent-import';
import { activityImportLookups, entryImportLookups } from '../db/queries/imports';
import { readCsvFile } from '../domain/csv-file';
import { checkEntryImport, checkRowImport, type CheckedRows } from '../domain/entry-import';
import { render, text } from '../../contract/i18n';
import { AppError, conflict, invalid, notFound } from '../domain/errors';
import { messages } from './messages';
import { activityImportKind } from '../domain/metrics';
import { activityImportQuery, PROFIT_METRIC } from '../../contract/metrics';
import { importActivities } from '../db/operations/import-activities';
import { findMetric } from '../db/queries/metrics';
import { parseInput } from '../http/errors';
import { ImportSlots } from '../http/import-slots';
import { inRequestLanguage } from '../http/request-language';

const DAY_MS = 24 * 60 * 60 * 1000;

/** A one-time link token for an imported agent without a password, and the hash stored for it. */
const newLinkToken = () => {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: hashToken(token) };
};

/**
 * The answer to a checked file of rows (entries, activities): its report. A dry run's report as it is. A commit with
 * any row wrong is 422 with that report and nothing written, unless `mode` is valid-rows and some row is valid: then
 * the valid rows are written and the others counted as skipped (docs/decisions/0080-crm-import-files.md). Else `write`
 * runs and the report says how many rows it wrote (201).
 */
async function answerRowImport(
  request: FastifyRequest,
  reply: FastifyReply,
  checked: CheckedRows,
  valid: number,
  query: { dryRun: boolean; mode: ImportMode },
  write: (report: ImportReport) => Promise<number>,
) {
  const { dryRun, mode } = query;
  const report: ImportReport = {
    rows: checked.rows,
    valid: valid + checked.duplicates,
    duplicates: checked.duplicates,
    errorCount: checked.errorCount,
    errors: checked.errors,
    created: 0,
    dryRun,
    mode,
    invalidRows: checked.invalidRows,
    skipped: 0,
    columns: checked.columns,
    ...(checked.dates ? { dates: checked.dates } : {}),
  };
  if (checked.errorCount > 0 && !dryRun) {
    const partial = mode === 'valid-rows' && valid + checked.duplicates > 0;
    if (!partial) {
      const refusal = mode === 'valid-rows' ? text(messages, 'everyRowWrong') : text(messages, 'rowsWrong', { count: checked.errorCount });
      const message = inRequestLanguage(request, reply, () => render(refusal));
      return reply.status(errorStatus.IMPORT_REJECTED).send({ message, code: 'IMPORT_REJECTED', ...report });
    }
    report.skipped = checked.invalidRows.length;
  }
  if (dryRun) return report;
  report.created = await write(report);
  return reply.status(201).send(report);
}

/**
 * CSV imports (docs/product.md §12.9): the owner, or a token with entries:write (agents:write for agents), sends a
 * file; every row is checked, then written all together or not at all. The file is the body itself (`text/csv`, at most
 * IMPORT_MAX_BYTES: 413 beyond), read only by the routes of this scope.
 */
export function registerImportRoutes(app: FastifyInstance, ctx: AppContext) {
  const slots = new ImportSlots();
  void app.register(async (scope) => {
    scope.addContentTypeParser(IMPORT_CONTENT_TYPE, { parseAs: 'buffer', bodyLimit: IMPORT_MAX_BYTES }, (_request, body, done) => done(null, body));

    scope.post('/api/imports/income-entries', { bodyLimit: IMPORT_MAX_BYTES }, slots.guard(async (request, reply) => {
      const caller = await requireOwnerOrToken(ctx, request, reply, 'entries:write');
      slots.take(request, callerKey(caller));
      const query = parseInput(importQuery, request.query);
      if (!Buffer.isBuffer(request.body)) throw new AppError('UNSUPPORTED_MEDIA_TYPE', text(messages, 'notCsv'));
      const now = ctx.now();
      const table = await readCsvFile(request.body);
      const options = { ...query, timeZone: ctx.config.orgTimezone, now, locale: ctx.organisation.current().locale };
      const checked = await checkEntryImport(table, options, entryImportLookups(ctx.db));
      return answerRowImport(request, reply, checked, checked.entries.length, query, async (report) => {
        const skipped = { mode: query.mode, skippedRows: report.skipped ?? 0 };
        const created = await importIncomeEntries(ctx.db, checked.entries, { timeZone: ctx.config.orgTimezone, now, actor: actorOf(request, caller), ...skipped });
        request.log.info({ rows: report.rows, created, duplicates: report.duplicates, ...skipped, by: callerKey(caller) }, 'income entries imported');
        return created;
      });
    }));

    // One metric per file (?metric=key): the owner, or a token with activities:write (docs/decisions/0072-metrics-and-activities.md).
    scope.post('/api/imports/activities', { bodyLimit: IMPORT_MAX_BYTES }, slots.guard(async (request, reply) => {
      const caller = await requireOwnerOrToken(ctx, request, reply, 'activities:write');
      slots.take(request, callerKey(caller));
      const query = parseInput(activityImportQuery, request.query);
      if (query.metric === PROFIT_METRIC) throw invalid(text(messages, 'profitImported'), 'metric');
      const metric = await findMetric(ctx.db, query.metric);
      if (!metric) throw notFound('Metric');
      if (!metric.active) throw conflict(text(messages, 'metricInactive', { name: metric.name }));
      if (!Buffer.isBuffer(request.body)) throw new AppError('UNSUPPORTED_MEDIA_TYPE', text(messages, 'notCsv'));
      const now = ctx.now();
      const table = await readCsvFile(request.body);
      const options = { ...query, timeZone: ctx.config.orgTimezone, now, locale: ctx.organisation.current().locale };
      const checked = await checkRowImport(activityImportKind(metric.unit), table, options, activityImportLookups(ctx.db, metric.id));
      return answerRowImport(request, reply, checked, checked.accepted.length, query, async (report) => {
        const skipped = { mode: query.mode, skippedRows: report.skipped ?? 0 };
        const created = await importActivities(ctx.db, metric, checked.accepted, { timeZone: ctx.config.orgTimezone, now, actor: actorOf(request, caller), ...skipped });
        request.log.info({ rows: report.rows, created, duplicates: report.duplicates, ...skipped, metric: metric.key, by: callerKey(caller) }, 'activities imported');
        return created;
      });
    }));

    scope.post('/api/imports/agents', { bodyLimit: IMPORT_MAX_BYTES }, slots.guard(async (request, reply) => {
      const caller = await requireOwnerOrToken(ctx, request, reply, 'agents:write');
      slots.take(request, callerKey(caller));
      const query = parseInput(agentImportQuery, request.query);
      if (!Buffer.isBuffer(request.body)) throw new AppError('UNSUPPORTED_MEDIA_TYPE', text(messages, 'notCsv'));
      const table = await readCsvFile(request.body);
      const checked = await checkAgentImport(table, query, (emails) => takenEmails(ctx.db, emails, emailHoldersBarringAgent('owner')));
      const report: AgentImportReport = {
        rows: checked.rows,
        valid: checked.agents.length,
        duplicates: 0,
        errorCount: checked.errorCount,
        errors: checked.errors,
        created: 0,
        dryRun: query.dryRun,
        links: [],
      };
      if (checked.errorCount > 0 && !query.dryRun) {
        const message = inRequestLanguage(request, reply, () => render(text(messages, 'rowsWrong', { count: checked.errorCount })));
        return reply.status(errorStatus.IMPORT_REJECTED).send({ message, code: 'IMPORT_REJECTED', ...report });
      }
      if (query.dryRun) return report;

      const now = ctx.now();
      const linksExpireAt = new Date(now.getTime() + OWNER_RESET_LINK_DAYS * DAY_MS);
      const imported = await importAgents(
        ctx.db,
        checked.agents,
        { now, createdBy: caller.kind === 'user' ? caller.user.id : null, linksExpireAt, actor: actorOf(request, caller) },
        { hashPassword, newLinkToken },
      );
      const origin = ctx.linkOrigin();
      report.created = imported.length;
      report.links = imported.flatMap(({ id, linkToken }, index) =>
        linkToken === null
          ? []
          : [{ agentId: id, name: checked.agents[index]!.name, email: checked.agents[index]!.email, url: resetLinkFor(origin, linkToken), expiresAt: linksExpireAt.toISOString() }],
      );
      request.log.info({ rows: report.rows, created: report.created, links: report.links.length, by: callerKey(caller) }, 'agents imported');
      return reply.status(201).send(report);
    }));
  });
}
