import { sql } from 'drizzle-orm';
import { composeEmail, emailWords, unsubscribeToken } from '../../domain/emails';
import { formattingLocale, languageOrNull, resolveLanguage, type Language } from '../../../contract/languages';
import { formatMoney } from '../../../contract/money-format';
import { EMAIL_OFF_BY_DEFAULT, notificationDefaults } from '../../../contract/notifications';
import { NOTIFYING_EVENT_TYPES, notificationTexts, readersIn, type ContestAudience, type NotificationDraft, type StaffRecipient } from '../../domain/notifications';
import { scopeOfLedTeams } from '../../domain/team-scope';
import { moveEventCursor, takeEventCursor } from '../event-cursors';
import { jsonColumn, queryRows, type Db } from '../client';
import { appendEvents, type NewEvent } from '../events';
import { readContestAudience } from '../queries/contests';
import { unsubscribeKey } from '../queries/notifications';
import { queuePushes } from '../queries/push-outbox';
import { pushUrlOf } from '../../domain/push';
import { readOrganisationSettings } from '../queries/settings';
import { agents, emailOutbox, events, notificationPreferences, notifications, teamManagers, tierSettings, users } from '../schema';

export const NOTIFIED_THROUGH = 'notifications_notified_through';

/**
 * Makes the notifications of the events committed since the last call, at most `limit` events at a time; returns how
 * many events it read (0: caught up, or another instance is doing it now). As webhooks' fan-out: the cursor row is
 * locked and skipped by others, so one instance at a time does it, and the notifications and the cursor's move commit
 * together (a unique index makes a second notification of one event and kind impossible anyway). On its first run the
 * cursor starts at the newest event: history is not notified. Each recipient's choices are respected: `inApp` makes
 * the notification, `email` queues an email in the outbox (the email worker sends it), `push` a push per device in the
 * push outbox (the push worker sends it). A `notification.created` event
 * per recipient tells open screens to read their bell again.
 */
export async function notifyEvents(db: Db, limit: number, now: Date, links: { appUrl: string }): Promise<number> {
  return db.transaction(async (tx) => {
    const after = await takeEventCursor(tx, NOTIFIED_THROUGH, 'newest');
    if (after === undefined) return 0;
    const rows = await queryRows<{ id: number; type: string; agent_id: number | null; public_data: unknown; private_data: unknown }>(
      tx,
      // By the column e.id, not the float8 alias (which no index holds).
      sql`select e.id::float8 as id, e.type, e.agent_id, e.public_data, e.private_data from ${events} e
        where e.id > ${after} order by e.id limit ${limit}::int`,
    );
    if (rows.length === 0) return 0;
    const relevant = rows.filter((row) => NOTIFYING_EVENT_TYPES.has(row.type));
    // Each owner's and manager's scope, by the rule every request's guard applies (a manager: the teams they lead).
    const staff: StaffRecipient[] =
      relevant.length === 0
        ? []
        : (
            await queryRows<{ id: number; role: 'owner' | 'manager'; led: number[] | null }>(
              tx,
              sql`select u.id, u.role, case when u.role = 'manager'
                  then array(select m.team_id from ${teamManagers} m where m.user_id = u.id order by m.team_id) end as led
                from ${users} u order by u.id`,
            )
          ).map((row) => ({ id: row.id, role: row.role, scope: scopeOfLedTeams(row.led ?? []) }));
    const subjects = [...new Set(relevant.flatMap((row) => (row.agent_id === null ? [] : [row.agent_id])))];
    const teamOf = new Map(
      subjects.length === 0
        ? []
        : (await queryRows<{ id: number; team_id: number | null }>(tx, sql`select id, team_id from ${agents} where id = any(${sql.param(subjects)}::int[])`)).map(
            (row) => [row.id, row.team_id] as const,
          ),
    );
    // Each event's public and private data together, parsed once.
    const parsed = relevant.map((row) => ({
      row,
      data: { ...jsonColumn<Record<string, unknown>>(row.public_data as string), ...jsonColumn<Record<string, unknown>>(row.private_data as string) },
    }));
    // A team's goal is heard of by the team's active agents; its money in the organisation's currency.
    const goalTeams = [...new Set(parsed.flatMap(({ row, data }) => (row.type.startsWith('goal.') && typeof data.teamId === 'number' ? [data.teamId] : [])))];
    const teamAgents = new Map<number, number[]>();
    if (goalTeams.length > 0) {
      const members = await queryRows<{ id: number; team_id: number }>(
        tx,
        sql`select id, team_id from ${agents} where team_id = any(${sql.param(goalTeams)}::int[]) and status = 'active' order by id`,
      );
      for (const member of members) teamAgents.set(member.team_id, [...(teamAgents.get(member.team_id) ?? []), member.id]);
    }
    // A contest's start and final are heard of by its participants (its place and prizes at final).
    const audiences = new Map<number, ContestAudience>();
    for (const { row, data } of parsed) {
      if (!row.type.startsWith('contest.') || typeof data.contestId !== 'number' || audiences.has(data.contestId)) continue;
      audiences.set(data.contestId, await readContestAudience(tx, data.contestId));
    }
    const organisation = relevant.length > 0 ? await readOrganisationSettings(tx) : undefined;
    // Each recipient's own language (null: the organisation's), for the words of its notifications and emails.
    const languages = relevant.length > 0 ? await readLanguages(tx, subjects, staff) : new Map<string, Language>();
    const readers = readersIn(languages, organisation?.locale ?? 'en-US');
    const figure = (value: unknown) => (typeof value === 'string' && organisation ? formatMoney(value, organisation) : typeof value === 'number' ? value.toLocaleString('en-US') : String(value));
    const drafts: NotificationDraft[] = parsed.flatMap(({ row, data }) => {
      return notificationTexts(
        {
          id: row.id,
          type: row.type,
          agentId: row.agent_id,
          agentTeam: row.agent_id === null ? null : (teamOf.get(row.agent_id) ?? null),
          data,
          ...(typeof data.teamId === 'number' ? { teamAgents: teamAgents.get(data.teamId) ?? [] } : {}),
          ...(row.type.startsWith('contest.') && typeof data.contestId === 'number' ? { contest: audiences.get(data.contestId)! } : {}),
        },
        staff,
        figure,
        readers,
      );
    });
    const choices = await choicesOf(tx, drafts);
    const inApp = drafts.filter((draft) => choices(draft).inApp);
    const made = inApp.length === 0 ? [] : await insertNotifications(tx, inApp, now);
    const byEmail = drafts.filter((draft) => choices(draft).email);
    if (byEmail.length > 0) await queueEmails(tx, byEmail, now, links.appUrl, languages);
    // Pushes to the recipients' devices (docs/product.md §12.21), each naming the bell's notification when there is one:
    // one read in the app before its push goes is not pushed.
    const notificationOf = new Map(made.map((row) => [`${row.agent_id !== null ? `agent:${row.agent_id}` : `user:${row.user_id}`}:${row.event_id}:${row.kind}`, row.id]));
    await queuePushes(
      tx,
      drafts
        .filter((draft) => choices(draft).push)
        .map((draft) => ({
          recipient: draft.recipient,
          kind: draft.kind,
          subjectAgentId: draft.subjectAgentId,
          eventId: draft.eventId,
          title: draft.title,
          body: draft.body,
          url: pushUrlOf(draft),
          notificationId: notificationOf.get(`${draft.recipient.kind}:${draft.recipient.id}:${draft.eventId}:${draft.kind}`) ?? null,
        })),
      now,
    );
    await moveEventCursor(tx, NOTIFIED_THROUGH, rows[rows.length - 1]!.id);
    // Open screens read their bell again: an agent's own event (only it reads it), and one for staff naming whom.
    const agentIds = [...new Set(made.flatMap((row) => (row.agent_id !== null ? [row.agent_id] : [])))];
    const userIds = [...new Set(made.flatMap((row) => (row.user_id !== null ? [row.user_id] : [])))];
    const told: NewEvent[] = agentIds.map((agentId) => ({ type: 'notification.created', agentId, public: {}, private: {} }));
    if (userIds.length > 0) told.push({ type: 'notification.created', agentId: null, public: {}, private: { userIds } });
    await appendEvents(tx, told);
    return rows.length;
  });
}

/** Each draft's recipient's choices for its kind (the kind's defaults where none was made), read for those recipients only. */
async function choicesOf(tx: Db, drafts: NotificationDraft[]): Promise<(draft: NotificationDraft) => { inApp: boolean; email: boolean; push: boolean }> {
  const ids = (kind: 'agent' | 'user') => [...new Set(drafts.filter((draft) => draft.recipient.kind === kind).map((draft) => draft.recipient.id))];
  const rows =
    drafts.length === 0
      ? []
      : await queryRows<{ agent_id: number | null; user_id: number | null; kind: string; in_app: boolean; email: boolean; push: boolean }>(
          tx,
          // The choices that differ from all on: kinds whose defaults are all on need no others.
          sql`select agent_id, user_id, kind, in_app, email, push from ${notificationPreferences}
            where (not (in_app and email and push) or kind = any(${sql.param([...EMAIL_OFF_BY_DEFAULT])}::text[]))
              and (agent_id = any(${sql.param(ids('agent'))}::int[]) or user_id = any(${sql.param(ids('user'))}::int[]))`,
        );
  const chosen = new Map(rows.map((row) => [`${row.agent_id !== null ? `agent:${row.agent_id}` : `user:${row.user_id}`}:${row.kind}`, row]));
  return (draft) => {
    const row = chosen.get(`${draft.recipient.kind}:${draft.recipient.id}:${draft.kind}`);
    return row ? { inApp: row.in_app, email: row.email, push: row.push } : notificationDefaults(draft.kind);
  };
}

/** How long an email is tried before it is given up (status failed): long enough for a mail server's bad weekend. */
const EMAIL_TRIED_FOR_MS = 3 * 24 * 60 * 60 * 1000;

/**
 * Queues an email per draft to its recipient's address now, with its words and signed unsubscribe link
 * (server/domain/emails.ts), written once: every attempt sends the same message.
 */
async function queueEmails(tx: Db, drafts: NotificationDraft[], now: Date, appUrl: string, languages: ReadonlyMap<string, Language>): Promise<void> {
  const key = await unsubscribeKey(tx);
  // Amounts in the organisation's currency and locale, as its screens write them (docs/decisions/0068).
  const organisation = await readOrganisationSettings(tx);
  const tierIds = [...new Set(drafts.flatMap((draft) => (draft.tierId === undefined ? [] : [draft.tierId])))];
  const tiers =
    tierIds.length === 0
      ? new Map<number, { name: string; threshold: string }>()
      : new Map(
          (await queryRows<{ id: number; name: string; threshold: string }>(tx, sql`select id, name, threshold::text as threshold from ${tierSettings} where id = any(${sql.param(tierIds)}::int[])`)).map(
            (tier) => [tier.id, tier],
          ),
        );
  const composed = drafts.map((draft) => {
    const unsubscribeUrl = `${appUrl}/api/notifications/unsubscribe/${unsubscribeToken(key, { recipient: draft.recipient, kind: draft.kind })}`;
    const tier = draft.tierId === undefined ? undefined : tiers.get(draft.tierId);
    const reader = { language: languages.get(`${draft.recipient.kind}:${draft.recipient.id}`) ?? resolveLanguage({ orgLocale: organisation.locale }), orgLocale: organisation.locale };
    const detail = tier ? emailWords(reader.language, reader.orgLocale)('tierDetail', { tier: tier.name, threshold: formatMoney(tier.threshold, { currency: organisation.currency, locale: formattingLocale(reader.language, organisation.locale) }) }) : undefined;
    return { draft, unsubscribeUrl, email: composeEmail(draft, { appUrl, unsubscribeUrl }, { orgName: organisation.orgName, ...(detail ? { detail } : {}) }, reader) };
  });
  const column = <T>(of: (row: (typeof composed)[number]) => T) => sql.param(composed.map(of));
  const at = now.toISOString();
  // One array per column (unnest): any number of emails in one statement of ten parameters (a contest of every agent
  // tells thousands at once, more than the 65,535 parameters a statement may have as a list of values).
  await tx.execute(
    sql`insert into ${emailOutbox} (agent_id, user_id, subject_agent_id, kind, event_id, to_address, subject, text_body, html_body, unsubscribe_url,
        status, created_at, next_attempt_at, deliver_until)
      select v.agent_id, v.user_id, v.subject_agent_id, v.kind, v.event_id, coalesce(a.email, u.email), v.subject, v.text_body, v.html_body,
        v.unsubscribe_url, 'pending', ${at}::timestamptz, ${at}::timestamptz, ${new Date(now.getTime() + EMAIL_TRIED_FOR_MS).toISOString()}::timestamptz
      from unnest(${column(({ draft }) => (draft.recipient.kind === 'agent' ? draft.recipient.id : null))}::int[],
          ${column(({ draft }) => (draft.recipient.kind === 'user' ? draft.recipient.id : null))}::int[],
          ${column(({ draft }) => draft.subjectAgentId)}::int[], ${column(({ draft }) => draft.kind)}::text[], ${column(({ draft }) => draft.eventId)}::bigint[],
          ${column(({ email }) => email.subject)}::text[], ${column(({ email }) => email.text)}::text[], ${column(({ email }) => email.html)}::text[],
          ${column(({ unsubscribeUrl }) => unsubscribeUrl)}::text[])
        as v(agent_id, user_id, subject_agent_id, kind, event_id, subject, text_body, html_body, unsubscribe_url)
        left join ${agents} a on a.id = v.agent_id
        left join ${users} u on u.id = v.user_id
      where (a.id is not null or u.id is not null)
        and (v.subject_agent_id is null or exists (select 1 from ${agents} s where s.id = v.subject_agent_id))
      on conflict do nothing`,
  );
}

async function insertNotifications(tx: Db, drafts: NotificationDraft[], now: Date) {
  const column = <T>(of: (draft: NotificationDraft) => T) => sql.param(drafts.map(of));
  // One array per column (unnest), as the emails: any number of notifications in one statement.
  // A recipient deleted meanwhile fails its foreign key: only the recipients that still exist are kept.
  return queryRows<{ id: number; agent_id: number | null; user_id: number | null; event_id: number; kind: string }>(
    tx,
    sql`insert into ${notifications} (agent_id, user_id, kind, subject_agent_id, event_id, title, body, created_at)
      select v.agent_id, v.user_id, v.kind, v.subject_agent_id, v.event_id, v.title, v.body, ${now.toISOString()}::timestamptz
      from unnest(${column((draft) => (draft.recipient.kind === 'agent' ? draft.recipient.id : null))}::int[],
          ${column((draft) => (draft.recipient.kind === 'user' ? draft.recipient.id : null))}::int[], ${column((draft) => draft.kind)}::text[],
          ${column((draft) => draft.subjectAgentId)}::int[], ${column((draft) => draft.eventId)}::bigint[], ${column((draft) => draft.title)}::text[],
          ${column((draft) => draft.body)}::text[])
        as v(agent_id, user_id, kind, subject_agent_id, event_id, title, body)
      where (v.agent_id is null or exists (select 1 from agents a where a.id = v.agent_id))
        and (v.user_id is null or exists (select 1 from users u where u.id = v.user_id))
        and (v.subject_agent_id is null or exists (select 1 from agents a where a.id = v.subject_agent_id))
      on conflict do nothing
      returning id::float8 as id, agent_id, user_id, event_id::float8 as event_id, kind`,
  );
}

/**
 * The languages chosen by the agents these events concern and by the staff (keyed "agent:1", "user:2"); those who
 * follow the organisation's are absent. Agents told of a team goal or a contest are not read here: they read the
 * organisation's language until those notifications are in the catalogs (docs/decisions/0093-message-catalogs.md).
 */
async function readLanguages(tx: Db, agentIds: readonly number[], staff: readonly StaffRecipient[]): Promise<Map<string, Language>> {
  const languages = new Map<string, Language>();
  const add = (kind: 'agent' | 'user', rows: { id: number; language: string | null }[]) => {
    for (const row of rows) {
      const language = languageOrNull(row.language);
      if (language) languages.set(`${kind}:${row.id}`, language);
    }
  };
  if (agentIds.length > 0) {
    add('agent', await queryRows<{ id: number; language: string | null }>(tx, sql`select id, language from ${agents} where id = any(${sql.param([...agentIds])}::int[]) and language is not null`));
  }
  if (staff.length > 0) add('user', await queryRows<{ id: number; language: string | null }>(tx, sql`select id, language from ${users} where language is not null`));
  return languages;
}
