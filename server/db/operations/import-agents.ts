import { sql } from 'drizzle-orm';
import type { ImportedAgent } from '../../domain/agent-import';
import { text } from '../../../contract/i18n';
import { conflict } from '../../domain/errors';
import { messages } from './messages';
import { queryRows, type Db } from '../client';
import { pgErrorCode, UNIQUE_VIOLATION } from '../errors';
import { appendAudit, type AuditActor } from '../audit';
import { appendingEvents } from '../events';
import { agentCreatedEventColumns } from '../rule-sql';
import { agents, passwordResets } from '../schema';

/** Rows written by one statement. */
const IMPORT_BATCH_ROWS = 5_000;
/** Argon2 hashes computed at once for an agent import's password column (libuv has four threads by default). */
const PASSWORD_HASHES_AT_ONCE = 4;

/** The stored hash of an agent that has no password yet: no password matches it (argon2 refuses to read it). */
export const NO_PASSWORD_HASH = '!no-password-yet';

export interface AgentToImport {
  name: string;
  email: string;
  position: string;
  /** Argon2 hash; null: the agent gets the one-time link `resetTokenHash` names. */
  passwordHash: string | null;
  resetTokenHash: string | null;
}

/** How an import makes the credentials it stores (server/auth: argon2 hashes, one-time link tokens and their hashes). */
export interface ImportCredentials {
  hashPassword: (password: string) => Promise<string>;
  /** A new one-time link token and the hash stored for it. */
  newLinkToken: () => { token: string; tokenHash: string };
}

/** An imported agent: its id, and the token of its one-time link when the file gave it no password. */
export interface ImportedAgentId {
  id: number;
  linkToken: string | null;
}

/**
 * Imports the checked rows of an agent file (docs/product.md §12.9): each agent without a password gets a one-time link
 * token, each password is hashed (a few at a time: argon2 runs on libuv's threads, so other requests still get theirs),
 * then every row is written in one transaction (writeImportedAgents). Returns each agent's id and link token, in file
 * order.
 */
export async function importAgents(
  db: Db,
  checked: readonly ImportedAgent[],
  options: { now: Date; createdBy: number | null; linksExpireAt: Date; actor: AuditActor },
  credentials: ImportCredentials,
): Promise<ImportedAgentId[]> {
  const tokens: (string | null)[] = [];
  const list: AgentToImport[] = checked.map((agent) => {
    const link = agent.password === null ? credentials.newLinkToken() : null;
    tokens.push(link?.token ?? null);
    return { name: agent.name, email: agent.email, position: agent.position, passwordHash: null, resetTokenHash: link?.tokenHash ?? null };
  });
  const withPassword = checked.flatMap((agent, index) => (agent.password === null ? [] : [{ index, password: agent.password }]));
  for (let start = 0; start < withPassword.length; start += PASSWORD_HASHES_AT_ONCE) {
    await Promise.all(
      withPassword.slice(start, start + PASSWORD_HASHES_AT_ONCE).map(async ({ index, password }) => {
        list[index]!.passwordHash = await credentials.hashPassword(password);
      }),
    );
  }
  const ids = await writeImportedAgents(db, list, options);
  return ids.map((id, index) => ({ id, linkToken: tokens[index]! }));
}

/**
 * Writes the checked rows of an agent import, all in ONE transaction or none (docs/product.md §12.9): the agents
 * (active), the one-time links of those without a password (valid until `linksExpireAt`), and an agent.created event
 * each, appended last. Returns the ids in file order. An email taken meanwhile is a 409, and nothing is written.
 */
async function writeImportedAgents(
  db: Db,
  list: readonly AgentToImport[],
  options: { now: Date; createdBy: number | null; linksExpireAt: Date; actor: AuditActor },
): Promise<number[]> {
  if (list.length === 0) return [];
  const now = options.now.toISOString();
  try {
    return await db.transaction(async (tx) => {
      const ids: number[] = [];
      for (let start = 0; start < list.length; start += IMPORT_BATCH_ROWS) {
        const batch = list.slice(start, start + IMPORT_BATCH_ROWS);
        const rows = await queryRows<{ id: number }>(
          tx,
          sql`insert into ${agents} (email, name, position, password_hash, status, created_at)
            select v.email, v.name, v.position, v.hash, 'active', ${now}::timestamptz
            from unnest(${sql.param(batch.map((a) => a.email))}::text[], ${sql.param(batch.map((a) => a.name))}::text[],
              ${sql.param(batch.map((a) => a.position))}::text[], ${sql.param(batch.map((a) => a.passwordHash ?? NO_PASSWORD_HASH))}::text[])
              with ordinality as v(email, name, position, hash, n)
            order by v.n
            returning id`,
        );
        // Identity values follow the insert's order, which is the file's.
        ids.push(...rows.map((row) => row.id).sort((a, b) => a - b));
        const links = batch.flatMap((agent, index) => (agent.resetTokenHash ? [{ id: ids[start + index]!, hash: agent.resetTokenHash }] : []));
        if (links.length > 0) {
          await tx.execute(
            sql`insert into ${passwordResets} (kind, account_id, token_hash, source, created_by, created_at, expires_at)
              select 'agent', l.id, l.hash, 'import', ${options.createdBy}::int, ${now}::timestamptz, ${options.linksExpireAt.toISOString()}::timestamptz
              from unnest(${sql.param(links.map((l) => l.id))}::int[], ${sql.param(links.map((l) => l.hash))}::text[]) as l(id, hash)`,
          );
        }
      }
      const events = sql`
        select ${agentCreatedEventColumns({
          n: sql`row_number() over (order by a.id)`,
          agentId: sql`a.id`,
          values: { agentId: sql`a.id`, agentName: sql`a.name`, status: sql`'active'` },
        })}
        from ${agents} a where a.id = any(${sql.param(ids)}::int[])`;
      await appendAudit(tx, options.actor, { action: 'agents.imported', targetType: 'agent', targetId: null, after: { agentIds: ids, links: list.filter((agent) => agent.resetTokenHash).length } }, options.now);
      await queryRows(tx, sql`with ${appendingEvents(tx, events)} select 1 from notified`);
      return ids;
    });
  } catch (error) {
    if (pgErrorCode(error) === UNIQUE_VIOLATION) throw conflict(text(messages, 'importAgentRace'));
    throw error;
  }
}
