// SCIM 2.0 provisioning at /scim/v2 (DESIGN §8, docs/decisions/0091-scim-provisioning.md): the company directory
// provisions agents (SCIM Users) and teams (SCIM Groups) with an API token of the scim scope. The request sequences of
// Okta and Microsoft Entra ID are played as those clients send them (tests/fixtures/scim/); then what they rely on:
// credentials and SCIM error bodies, filters, uniqueness, deprovisioning that ends sessions and live streams at once
// and keeps history, pagination, team membership, and PATCHes refused whole.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { beforeAll, expect, it } from 'vitest';
import { z } from 'zod';
import { ACCOUNT_INACTIVE } from '../../contract/sign-up-text';
import { SCIM_MAX_RESULTS, SCIM_PEOPLE_REFUSED, SCIM_SCHEMA, SCIM_SCOPE_REQUIRED, SCIM_TOKEN_REQUIRED, scimGroup, scimListResponse, scimUser } from '../../contract/scim';
import { queryRows } from '../../server/db/client';
import { createTeam } from '../../server/db/operations/create-team';
import { SYSTEM_ACTOR } from '../../server/db/audit';
import { sequenceAll } from '../../server/db/sequencer';
import { createApiToken } from '../factories/api-tokens';
import { createAgent, createUser, FACTORY_PASSWORD, signedInUser, signInAgent, uniqueSuffix } from '../factories/accounts';
import { addIncome } from '../factories/rewards';
import { createApp } from '../../server/app';
import { openEventStream, type OpenedStream } from '../support/event-stream';
import { describeEachEngine, listening } from '../support/test-app';

interface Step {
  name: string;
  request: { method: InjectOptions['method']; path: string; body?: unknown };
  expect: { status: number; body?: unknown; absent?: string[] };
  /** Values of the answer kept for later steps: name -> dotted path ("Resources.0.id"). */
  capture?: Record<string, string>;
}

interface Sequence {
  client: string;
  headers: Record<string, string>;
  steps: Step[];
}

const sequence = (name: string): Sequence => JSON.parse(readFileSync(new URL(`../fixtures/scim/${name}`, import.meta.url), 'utf8')) as Sequence;

/** The value with every {{name}} in its strings replaced (a name the test does not give fails loudly). */
function filled<T>(value: T, vars: Record<string, string>): T {
  if (typeof value === 'string') {
    return value.replace(/\{\{(\w+)\}\}/g, (_match, name: string) => {
      if (vars[name] === undefined) throw new Error(`no value for {{${name}}}`);
      return vars[name];
    }) as T;
  }
  if (Array.isArray(value)) return value.map((item: unknown) => filled(item, vars)) as T;
  if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, filled(item, vars)])) as T;
  return value;
}

const valueAt = (body: unknown, path: string) => path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], body);

const ERROR_URN = SCIM_SCHEMA.error;
const PATCH_URN = SCIM_SCHEMA.patchOp;
const userList = scimListResponse(scimUser);
/** A page of users or groups, read for the ids and the paging. */
const idList = scimListResponse(z.object({ id: z.string() }));

describeEachEngine(
  'SCIM provisioning',
  (get) => {
    let directory = '';
    let directoryTokenId = 0;
    let readToken = '';
    let owner = '';
    let base = '';
    const opened: OpenedStream[] = [];

    beforeAll(async () => {
      const t = get();
      const ownerAccount = await signedInUser(t, 'owner');
      owner = ownerAccount.cookie;
      const token = await createApiToken(t.database.db, ownerAccount, ['scim'], { name: 'Company directory', now: t.clock.now });
      directory = token.authorization;
      directoryTokenId = token.id;
      readToken = (await createApiToken(t.database.db, ownerAccount, ['read'], { now: t.clock.now })).authorization;
      base = await listening(t);
      return () => {
        for (const stream of opened) stream.close();
      };
    });

    /** A SCIM request as a directory sends it: the token, a JSON body labelled application/scim+json. */
    const scim = (method: InjectOptions['method'], path: string, body?: unknown, headers: Record<string, string> = {}) =>
      get().request({
        method,
        url: `/scim/v2${path}`,
        headers: { authorization: directory, ...(body !== undefined ? { 'content-type': 'application/scim+json' } : {}), ...headers },
        ...(body !== undefined ? { payload: typeof body === 'string' ? body : JSON.stringify(body) } : {}),
      });
    const patch = (path: string, operations: unknown[]) => scim('PATCH', path, { schemas: [PATCH_URN], Operations: operations });
    const expectScimError = (res: LightMyRequestResponse, status: number, scimType?: string) => {
      expect(res.statusCode, res.body).toBe(status);
      expect(res.headers['content-type']).toBe('application/scim+json; charset=utf-8');
      expect(res.json()).toEqual({ schemas: [ERROR_URN], status: String(status), ...(scimType ? { scimType } : {}), detail: expect.any(String) });
    };
    const userNamed = async (email: string) => userList.parse((await scim('GET', `/Users?filter=${encodeURIComponent(`userName eq "${email}"`)}`)).json());
    const agentRow = async (id: number) =>
      (
        await queryRows<{ status: string; email: string; name: string; position: string; external_id: string | null; scim_deleted: boolean; total_income: string; team_id: number | null; password_hash: string }>(
          get().database.db,
          sql`select status, email, name, position, external_id, scim_deleted_at is not null as scim_deleted, total_income::text as total_income, team_id, password_hash from agents where id = ${id}`,
        )
      )[0]!;
    const auditOf = async (targetType: string, targetId: number) => {
      await sequenceAll(get().database.db);
      return queryRows<{ action: string; actor_kind: string; actor_id: number | null }>(
        get().database.db,
        sql`select action, actor_kind, actor_id from audit_log where target_type = ${targetType} and target_id = ${String(targetId)} order by id`,
      );
    };

    /** Plays a client's request sequence step by step, checking each answer as the client would. */
    async function play(name: string, vars: Record<string, string>): Promise<Record<string, string>> {
      const { client, headers, steps } = sequence(name);
      for (const step of steps) {
        const request = filled(step.request, vars);
        const res = await get().request({
          method: request.method,
          url: `/scim/v2${request.path}`,
          headers: { ...headers, authorization: directory },
          ...(request.body !== undefined ? { payload: JSON.stringify(request.body) } : {}),
        });
        const where = `${client}, ${step.name}: ${res.body.slice(0, 300)}`;
        expect(res.statusCode, where).toBe(step.expect.status);
        if (res.statusCode === 204) expect(res.body, where).toBe('');
        else expect(res.headers['content-type'], where).toBe('application/scim+json; charset=utf-8');
        if (step.expect.body !== undefined) expect(res.json(), where).toMatchObject(filled(step.expect.body, vars) as object);
        for (const key of step.expect.absent ?? []) expect(res.json(), where).not.toHaveProperty(key);
        for (const [variable, path] of Object.entries(step.capture ?? {})) vars[variable] = String(valueAt(res.json(), path));
      }
      return vars;
    }

    it('plays Okta’s SCIM 2.0 test and profile push: created without a password, found in any case, replaced, deactivated', async () => {
      const t = get();
      await createAgent(t.database.db);
      const sfx = uniqueSuffix();
      const userName = `marisol.okafor.${sfx}@example.test`;
      const vars = await play('okta-users.json', {
        userName,
        userNameUpper: userName.toUpperCase(),
        givenName: 'Marisol',
        familyName: 'Okafor',
        externalId: `00u${sfx}`,
        randomUserName: `nobody.${sfx}@example.test`,
      });
      const id = Number(vars.userId);
      const row = await agentRow(id);
      expect(row).toMatchObject({ status: 'active', email: userName, name: 'Marisol Okafor-Reyes', position: 'Senior Account Executive', external_id: `00u${sfx}`, scim_deleted: false });
      // No password came from the directory (Okta sent one): none signs in.
      expect(row.password_hash).toMatch(/^!scim-/);
      const signIn = await t.request({ method: 'POST', url: '/api/agents/login', payload: { email: userName, password: '1mz050nq' } });
      expect(signIn.statusCode).toBe(401);
      // Every change is the token's in the audit trail.
      expect(await auditOf('agent', id)).toEqual([
        { action: 'agent.created', actor_kind: 'token', actor_id: directoryTokenId },
        { action: 'agent.updated', actor_kind: 'token', actor_id: directoryTokenId },
        { action: 'agent.deactivated', actor_kind: 'token', actor_id: directoryTokenId },
        { action: 'agent.reactivated', actor_kind: 'token', actor_id: directoryTokenId },
      ]);
    });

    it('plays Okta’s Group Push: a team made, members pushed, renamed, one removed, deleted; the agents stay', async () => {
      const db = get().database.db;
      const first = await createAgent(db);
      const second = await createAgent(db);
      const vars = await play('okta-groups.json', {
        groupName: `Okta Sales ${uniqueSuffix()}`,
        memberId: String(first.id),
        memberEmail: first.email,
        otherMemberId: String(second.id),
        otherMemberEmail: second.email,
      });
      const teamId = Number(vars.groupId);
      expect((await auditOf('team', teamId)).map((row) => [row.action, row.actor_kind])).toEqual([
        ['team.created', 'token'],
        ['team.updated', 'token'],
        ['team.updated', 'token'],
        ['team.updated', 'token'],
        ['team.deleted', 'token'],
      ]);
      expect(await agentRow(first.id)).toMatchObject({ status: 'active', team_id: null, scim_deleted: false });
    });

    it('plays Microsoft Entra ID’s user requests: string booleans, a path per attribute, the delete', async () => {
      const sfx = uniqueSuffix();
      const vars = await play('entra-users.json', {
        userName: `elin.berg.${sfx}@contoso.test`,
        givenName: 'Elin',
        familyName: 'Berg',
        externalId: randomUUID(),
        newEmail: `elin.lindqvist.${sfx}@contoso.test`,
        finalEmail: `e.lindqvist.${sfx}@contoso.test`,
      });
      const row = await agentRow(Number(vars.userId));
      // Deleted: inactive and hidden from SCIM, the row and what it says kept.
      expect(row).toMatchObject({ status: 'inactive', scim_deleted: true, email: `e.lindqvist.${sfx}@contoso.test`, name: 'Elin Lindqvist', position: 'Regional Sales Lead' });
      expect((await auditOf('agent', Number(vars.userId))).map((r) => r.action)).toEqual([
        'agent.created',
        'agent.updated',
        'agent.updated',
        'agent.updated',
        'agent.deactivated',
        'agent.reactivated',
        'agent.deactivated',
        'agent.deprovisioned',
      ]);
    });

    it('plays Microsoft Entra ID’s group requests: excludedAttributes=members, Add and Remove with the members in the value', async () => {
      const member = await createAgent(get().database.db);
      const vars = await play('entra-groups.json', { groupName: `Entra Sales ${uniqueSuffix()}`, groupExternalId: randomUUID(), memberId: String(member.id) });
      expect((await scim('GET', `/Groups/${vars.groupId}`)).statusCode).toBe(404);
    });

    it('refuses every caller but a token with the scim scope, with SCIM error bodies, and changes nothing', async () => {
      const t = get();
      const agent = await createAgent(t.database.db);
      const agentCookie = (await signInAgent(t.database.db, agent, t.clock.now)).cookie;
      const body = JSON.stringify({ schemas: [SCIM_SCHEMA.user], userName: `refused.${uniqueSuffix()}@example.test`, displayName: 'Refused Person' });
      const attempt = (headers: Record<string, string>) =>
        t.request({ method: 'POST', url: '/scim/v2/Users', headers: { 'content-type': 'application/scim+json', ...headers }, payload: body });

      const anonymous = await attempt({});
      expectScimError(anonymous, 401);
      expect(anonymous.json().detail).toBe(SCIM_TOKEN_REQUIRED);
      expect(anonymous.headers['www-authenticate']).toBe('Bearer realm="TierTrack SCIM"');
      expectScimError(await attempt({ authorization: 'Basic dGllcjp0cmFjaw==' }), 401);
      expectScimError(await attempt({ authorization: 'Bearer tt_not_a_token_anyone_has' }), 401);
      const wrongScope = await attempt({ authorization: readToken });
      expectScimError(wrongScope, 403);
      expect(wrongScope.json().detail).toBe(SCIM_SCOPE_REQUIRED);
      for (const cookie of [owner, agentCookie]) {
        const person = await attempt({ cookie });
        expectScimError(person, 403);
        expect(person.json().detail).toBe(SCIM_PEOPLE_REFUSED);
      }
      // Reads too, and the discovery documents.
      expectScimError(await t.request({ method: 'GET', url: '/scim/v2/Users' }), 401);
      expectScimError(await t.request({ method: 'GET', url: '/scim/v2/ServiceProviderConfig', headers: { authorization: readToken } }), 403);
      expect((await userNamed(JSON.parse(body).userName)).totalResults).toBe(0);
      // An address under /scim/v2 that is no endpoint is a SCIM 404.
      expectScimError(await scim('GET', '/Bulk'), 404);
      expectScimError(await scim('PUT', '/Users'), 404);
    });

    it('filters by userName (any case), externalId, emails.value and id; refuses other filters with invalidFilter', async () => {
      const made = await scim('POST', '/Users', { schemas: [SCIM_SCHEMA.user], userName: `Filter.Me.${uniqueSuffix()}@Example.test`, displayName: 'Filter Me', externalId: `ext-${uniqueSuffix()}` });
      expect(made.statusCode, made.body).toBe(201);
      const user = scimUser.parse(made.json());
      expect(user.userName).toBe(user.userName!.toLowerCase());
      const found = async (filter: string) => userList.parse((await scim('GET', `/Users?filter=${encodeURIComponent(filter)}`)).json()).Resources.map((r) => r.id);
      expect(await found(`userName eq "${user.userName!.toUpperCase()}"`)).toEqual([user.id]);
      expect(await found(`externalId eq "${user.externalId}"`)).toEqual([user.id]);
      expect(await found(`externalId eq "${user.externalId!.toUpperCase()}"`)).toEqual([]);
      expect(await found(`emails.value eq "${user.userName}"`)).toEqual([user.id]);
      expect(await found(`emails eq "${user.userName}"`)).toEqual([user.id]);
      expect(await found(`id eq "${user.id}"`)).toEqual([user.id]);
      expect(await found(`urn:ietf:params:scim:schemas:core:2.0:User:userName Eq "${user.userName}"`)).toEqual([user.id]);
      expect(await found('id eq "not-a-number"')).toEqual([]);
      for (const filter of [
        `userName co "${user.userName}"`,
        `userName sw "filter"`,
        'userName pr',
        `userName eq "${user.userName}" and externalId eq "x"`,
        `(userName eq "${user.userName}")`,
        `not (userName eq "${user.userName}")`,
        'title eq "Sales Agent"',
        'name.givenName eq "Filter"',
        'userName eq',
        'userName eq unquoted',
        'userName eq "unclosed',
        'userName eq 12',
        'urn:example:other:userName eq "x"',
      ]) {
        expectScimError(await scim('GET', `/Users?filter=${encodeURIComponent(filter)}`), 400, 'invalidFilter');
      }
      expectScimError(await scim('GET', `/Groups?filter=${encodeURIComponent('members eq "1"')}`), 400, 'invalidFilter');
      expectScimError(await scim('GET', '/Users?count=abc'), 400, 'invalidValue');
    });

    it('refuses a second user with the same userName (any case) or externalId, and a second team of the same name, changing nothing', async () => {
      const sfx = uniqueSuffix();
      const first = scimUser.parse((await scim('POST', '/Users', { userName: `unique.${sfx}@example.test`, displayName: 'Unique One', externalId: `one-${sfx}` })).json());
      const second = scimUser.parse((await scim('POST', '/Users', { userName: `other.${sfx}@example.test`, displayName: 'Unique Two', externalId: `two-${sfx}` })).json());
      const before = (await scim('GET', `/Users/${second.id}`)).json();

      expectScimError(await scim('POST', '/Users', { userName: `UNIQUE.${sfx}@example.test`, displayName: 'Copy' }), 409, 'uniqueness');
      expectScimError(await scim('POST', '/Users', { userName: `third.${sfx}@example.test`, displayName: 'Copy', externalId: `one-${sfx}` }), 409, 'uniqueness');
      expectScimError(await scim('PUT', `/Users/${second.id}`, { userName: first.userName, displayName: 'Unique Two' }), 409, 'uniqueness');
      expectScimError(await patch(`/Users/${second.id}`, [{ op: 'replace', path: 'externalId', value: `one-${sfx}` }]), 409, 'uniqueness');
      expectScimError(await patch(`/Users/${second.id}`, [{ op: 'replace', path: 'title', value: 'Changed' }, { op: 'Replace', path: 'userName', value: first.userName }]), 409, 'uniqueness');
      expect((await scim('GET', `/Users/${second.id}`)).json()).toEqual(before);
      expect((await userNamed(`third.${sfx}@example.test`)).totalResults).toBe(0);

      const team = (await scim('POST', '/Groups', { displayName: `Unique Team ${sfx}` })).json();
      expectScimError(await scim('POST', '/Groups', { displayName: `UNIQUE team ${sfx}` }), 409, 'uniqueness');
      const other = (await scim('POST', '/Groups', { displayName: `Other Team ${sfx}`, externalId: `grp-${sfx}` })).json();
      expectScimError(await patch(`/Groups/${team.id}`, [{ op: 'Replace', path: 'displayName', value: `Other Team ${sfx}` }]), 409, 'uniqueness');
      expectScimError(await patch(`/Groups/${team.id}`, [{ op: 'Replace', path: 'externalId', value: `grp-${sfx}` }]), 409, 'uniqueness');
      expect((await scim('GET', `/Groups/${other.id}`)).json()).toMatchObject({ displayName: `Other Team ${sfx}`, externalId: `grp-${sfx}` });
      expect((await scim('GET', `/Groups/${team.id}`)).json()).toMatchObject({ displayName: `Unique Team ${sfx}` });
    });

    it('ends an agent’s sessions and live streams at once when the directory makes it inactive or deletes it; reactivation lets it sign in', async () => {
      const t = get();
      for (const deprovision of ['patch', 'put', 'delete'] as const) {
        const agent = await createAgent(t.database.db);
        const { cookie } = await signInAgent(t.database.db, agent, t.clock.now);
        const stream = await openEventStream(`${base}/api/events`, { cookie });
        opened.push(stream);
        expect(stream.status).toBe(200);
        expect((await t.request({ method: 'GET', url: '/api/agents/session', headers: { cookie } })).statusCode).toBe(200);

        const res =
          deprovision === 'patch' ? await patch(`/Users/${agent.id}`, [{ op: 'Replace', path: 'active', value: 'False' }])
          : deprovision === 'put' ? await scim('PUT', `/Users/${agent.id}`, { userName: agent.email, displayName: agent.name, active: false })
          : await scim('DELETE', `/Users/${agent.id}`);
        expect(res.statusCode, `${deprovision}: ${res.body}`).toBe(deprovision === 'delete' ? 204 : 200);
        // At once: the cookie the agent holds no longer works, and its open stream has ended.
        const session = await t.request({ method: 'GET', url: '/api/agents/session', headers: { cookie } });
        expect(session.statusCode, deprovision).toBe(401);
        // A deadline far above the moment it takes, so only a stream that never ends fails (a busy machine is slow).
        await Promise.race([stream.ended, new Promise((_resolve, reject) => setTimeout(() => reject(new Error(`${deprovision}: the stream did not end`)), 30_000))]);
        const login = await t.request({ method: 'POST', url: '/api/agents/login', payload: { email: agent.email, password: FACTORY_PASSWORD } });
        expect(login.statusCode, deprovision).toBe(403);
        expect(login.json().message).toBe(ACCOUNT_INACTIVE);

        if (deprovision === 'delete') {
          // Deleted, it comes back only when the directory creates it again (the same userName).
          expect((await scim('POST', '/Users', { userName: agent.email, displayName: agent.name })).statusCode).toBe(201);
        } else {
          expect((await patch(`/Users/${agent.id}`, [{ op: 'replace', value: { active: true } }])).json()).toMatchObject({ active: true });
        }
        const back = await t.request({ method: 'POST', url: '/api/agents/login', payload: { email: agent.email, password: FACTORY_PASSWORD } });
        expect(back.statusCode, deprovision).toBe(200);
      }
    });

    it('ends a deprovisioned agent’s stream on another instance at once, through the event, not at that instance’s session check', async () => {
      const t = get();
      // A second instance on the same database whose own check of open streams' sessions would come only after an hour.
      const twin = await createApp({ database: t.database, config: t.config, webRoot: null, demo: false, now: () => t.clock.now, notifications: false, eventHub: { checkCredentialsMs: 60 * 60 * 1000 } });
      try {
        const twinBase = await listening({ app: twin });
        const agent = await createAgent(t.database.db);
        const { cookie } = await signInAgent(t.database.db, agent, t.clock.now);
        const stream = await openEventStream(`${twinBase}/api/events`, { cookie });
        opened.push(stream);
        expect(stream.status).toBe(200);
        expect((await scim('DELETE', `/Users/${agent.id}`)).statusCode).toBe(204);
        await Promise.race([stream.ended, new Promise((_resolve, reject) => setTimeout(() => reject(new Error('the stream on the other instance did not end')), 25_000))]);
        expect((await twin.inject({ method: 'GET', url: '/api/agents/session', headers: { cookie } })).statusCode).toBe(401);
      } finally {
        await twin.close();
      }
    });

    it('deletes by deactivating and hiding: entries and totals stay, and the same userName brings the same agent back', async () => {
      const t = get();
      const agent = await createAgent(t.database.db);
      await addIncome(t.database.db, agent, '1500.00', { now: t.clock.now });
      await addIncome(t.database.db, agent, '250.50', { now: t.clock.now });
      const team = await createTeam(t.database.db, { name: `Kept Team ${uniqueSuffix()}`, managerIds: [], agentIds: [agent.id] }, SYSTEM_ACTOR, t.clock.now);

      expect((await scim('DELETE', `/Users/${agent.id}`)).statusCode).toBe(204);
      expectScimError(await scim('GET', `/Users/${agent.id}`), 404);
      expectScimError(await scim('PUT', `/Users/${agent.id}`, { userName: agent.email, displayName: 'Ghost' }), 404);
      expectScimError(await patch(`/Users/${agent.id}`, [{ op: 'replace', path: 'active', value: true }]), 404);
      expectScimError(await scim('DELETE', `/Users/${agent.id}`), 404);
      expect((await userNamed(agent.email)).totalResults).toBe(0);
      // Nor is it a member of its team any more, as SCIM sees it; nor can it be made one.
      expect(scimGroup.parse((await scim('GET', `/Groups/${team.id}`)).json()).members).toEqual([]);
      expectScimError(await patch(`/Groups/${team.id}`, [{ op: 'add', path: 'members', value: [{ value: String(agent.id) }] }]), 400, 'invalidValue');

      // Its history stays: the owner still reads its entries and totals.
      expect(await agentRow(agent.id)).toMatchObject({ status: 'inactive', scim_deleted: true, total_income: '1750.50' });
      const [entries] = await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from income_entries where agent_id = ${agent.id}`);
      expect(entries!.n).toBe(2);
      const detail = await t.request({ method: 'GET', url: `/api/agents/${agent.id}`, headers: { cookie: owner } });
      expect(detail.statusCode).toBe(200);
      expect(detail.json()).toMatchObject({ agent: { id: agent.id, status: 'inactive', totalIncome: '1750.50' } });

      // Created again (whatever the case of the address): the same agent, active, with its history and attributes as sent.
      const again = await scim('POST', '/Users', { userName: agent.email.toUpperCase(), name: { givenName: 'Back', familyName: 'Again' }, title: 'Returning Agent' });
      expect(again.statusCode, again.body).toBe(201);
      expect(again.headers.location).toMatch(new RegExp(`/scim/v2/Users/${agent.id}$`));
      expect(again.json()).toMatchObject({ id: String(agent.id), active: true, displayName: 'Back Again', title: 'Returning Agent', groups: [{ value: String(team.id) }] });
      expect(await agentRow(agent.id)).toMatchObject({ status: 'active', scim_deleted: false, total_income: '1750.50' });
      expect((await auditOf('agent', agent.id)).map((row) => row.action)).toEqual(['agent.deactivated', 'agent.deprovisioned', 'agent.updated', 'agent.reprovisioned', 'agent.reactivated']);
    });

    it('pages users and groups: startIndex from 1, count up to the most it returns, totalResults every match', async () => {
      const t = get();
      for (let i = 0; i < 3; i++) await createAgent(t.database.db);
      for (let i = 0; i < 3; i++) await scim('POST', '/Groups', { displayName: `Paged Team ${uniqueSuffix()}` });
      for (const endpoint of ['Users', 'Groups']) {
        const list = idList;
        const all = list.parse((await scim('GET', `/${endpoint}?count=${SCIM_MAX_RESULTS}`)).json());
        expect(all.totalResults).toBeGreaterThanOrEqual(3);
        const ids = all.Resources.map((r) => Number(r.id));
        expect(ids).toEqual([...ids].sort((a, b) => a - b));
        const page = list.parse((await scim('GET', `/${endpoint}?startIndex=2&count=2`)).json());
        expect(page).toMatchObject({ totalResults: all.totalResults, startIndex: 2, itemsPerPage: 2 });
        expect(page.Resources.map((r) => r.id)).toEqual(all.Resources.slice(1, 3).map((r) => r.id));
        const last = list.parse((await scim('GET', `/${endpoint}?startIndex=${all.totalResults}&count=5`)).json());
        expect(last.Resources.map((r) => r.id)).toEqual([all.Resources.at(-1)!.id]);
        // Nothing past the end; count 0 (or negative) only counts; startIndex below 1 counts as 1.
        expect(list.parse((await scim('GET', `/${endpoint}?startIndex=${all.totalResults + 1}`)).json())).toMatchObject({ totalResults: all.totalResults, itemsPerPage: 0, Resources: [] });
        expect(list.parse((await scim('GET', `/${endpoint}?count=0`)).json())).toMatchObject({ totalResults: all.totalResults, itemsPerPage: 0, Resources: [] });
        expect(list.parse((await scim('GET', `/${endpoint}?count=-4`)).json())).toMatchObject({ itemsPerPage: 0 });
        expect(list.parse((await scim('GET', `/${endpoint}?startIndex=-3&count=1`)).json())).toMatchObject({ startIndex: 1, Resources: [{ id: all.Resources[0]!.id }] });
        expect(list.parse((await scim('GET', `/${endpoint}?count=100000`)).json()).itemsPerPage).toBeLessThanOrEqual(SCIM_MAX_RESULTS);
      }
    });

    it('moves an agent between groups (one team at most), never touching the teams’ managers', async () => {
      const t = get();
      const sfx = uniqueSuffix();
      const [pat, sam] = [await createAgent(t.database.db), await createAgent(t.database.db)];
      const manager = await createUser(t.database.db, { role: 'manager' });
      const north = await createTeam(t.database.db, { name: `North ${sfx}`, managerIds: [manager.id], agentIds: [] }, SYSTEM_ACTOR, t.clock.now);
      const south = scimGroup.parse((await scim('POST', '/Groups', { displayName: `South ${sfx}`, members: [{ value: String(pat.id) }, { value: sam.id }] })).json());
      expect(south.members!.map((m) => m.value)).toEqual([String(pat.id), String(sam.id)]);

      // Added to North, Pat leaves South.
      const added = await patch(`/Groups/${north.id}`, [{ op: 'Add', path: 'members', value: [{ value: String(pat.id) }] }]);
      expect(added.statusCode, added.body).toBe(200);
      expect(scimGroup.parse(added.json()).members!.map((m) => m.value)).toEqual([String(pat.id)]);
      expect(scimGroup.parse((await scim('GET', `/Groups/${south.id}`)).json()).members!.map((m) => m.value)).toEqual([String(sam.id)]);
      expect(scimUser.parse((await scim('GET', `/Users/${pat.id}`)).json()).groups).toEqual([{ value: String(north.id), display: `North ${sfx}`, $ref: expect.stringMatching(new RegExp(`/scim/v2/Groups/${north.id}$`)), type: 'direct' }]);

      // A whole list (PUT): Sam moves in, Pat out; a replace of the members does the same; North's manager stays.
      const put = await scim('PUT', `/Groups/${north.id}`, { displayName: `North ${sfx}`, members: [{ value: String(sam.id) }] });
      expect(scimGroup.parse(put.json()).members!.map((m) => m.value)).toEqual([String(sam.id)]);
      expect(scimGroup.parse((await scim('GET', `/Groups/${south.id}`)).json()).members).toEqual([]);
      const replaced = await patch(`/Groups/${north.id}`, [{ op: 'replace', path: 'members', value: [{ value: String(pat.id) }, { value: String(sam.id) }] }, { op: 'remove', path: `members[value eq "${sam.id}"]` }]);
      expect(scimGroup.parse(replaced.json()).members!.map((m) => m.value)).toEqual([String(pat.id)]);
      const teams = (await t.request({ method: 'GET', url: '/api/teams', headers: { cookie: owner } })).json() as { teams: { id: number; managers: { id: number }[]; agents: { id: number }[] }[] };
      expect(teams.teams.find((team) => team.id === north.id)).toMatchObject({ managers: [{ id: manager.id }], agents: [{ id: pat.id }] });
      // Removing a member that is not in the group changes nothing (a directory may repeat itself).
      expect((await patch(`/Groups/${north.id}`, [{ op: 'Remove', path: 'members', value: [{ value: String(sam.id) }] }])).statusCode).toBe(200);
      expect((await auditOf('team', north.id)).map((row) => row.action)).toEqual(['team.created', 'team.updated', 'team.updated', 'team.updated']);
    });

    it('refuses a PATCH with any bad operation whole: a 400 with its scimType, nothing changed', async () => {
      const made = scimUser.parse((await scim('POST', '/Users', { userName: `patch.${uniqueSuffix()}@example.test`, displayName: 'Patch Target', title: 'Closer' })).json());
      const group = scimGroup.parse((await scim('POST', '/Groups', { displayName: `Patch Team ${uniqueSuffix()}` })).json());
      const userBefore = (await scim('GET', `/Users/${made.id}`)).json();
      const groupBefore = (await scim('GET', `/Groups/${group.id}`)).json();
      const auditBefore = [(await auditOf('agent', Number(made.id))).length, (await auditOf('team', Number(group.id))).length];

      const userCases: [unknown[], string][] = [
        [[{ op: 'replace', path: 'bogusAttribute', value: 'x' }], 'invalidPath'],
        [[{ op: 'replace', path: 'title', value: 'Changed first' }, { op: 'replace', path: 'name.nickName', value: 'x' }], 'invalidPath'],
        [[{ op: 'Replace', path: 'emails[type eq "work"', value: 'a@example.test' }], 'invalidPath'],
        [[{ op: 'Replace', path: 'emails[type co "work"].value', value: 'a@example.test' }], 'invalidPath'],
        [[{ op: 'replace', path: 'urn:example:custom:2.0:User:title', value: 'x' }], 'invalidPath'],
        [[{ op: 'replace', path: 'id', value: '999999999' }], 'mutability'],
        [[{ op: 'replace', value: { id: '999999999', title: 'Changed' } }], 'mutability'],
        [[{ op: 'add', path: 'groups', value: [{ value: String(group.id) }] }], 'mutability'],
        [[{ op: 'remove' }], 'noTarget'],
        [[{ op: 'Replace', path: 'active', value: 'yes' }], 'invalidValue'],
        [[{ op: 'replace', path: 'title', value: 'x'.repeat(101) }], 'invalidValue'],
        [[{ op: 'remove', path: 'userName' }], 'invalidValue'],
        [[{ op: 'remove', path: 'displayName' }], 'invalidValue'],
        [[{ op: 'replace', path: 'userName', value: 'not an email' }], 'invalidValue'],
        [[{ op: 'copy', path: 'title', value: 'x' }], 'invalidValue'],
        [[], 'invalidValue'],
      ];
      for (const [operations, scimType] of userCases) expectScimError(await patch(`/Users/${made.id}`, operations), 400, scimType);
      expectScimError(await scim('PATCH', `/Users/${made.id}`, '{"Operations": [', {}), 400, 'invalidSyntax');

      const groupCases: [unknown[], string][] = [
        [[{ op: 'add', path: 'members', value: [{ value: '2147483647' }] }], 'invalidValue'],
        [[{ op: 'add', path: 'members', value: [{ value: 'pat' }] }], 'invalidValue'],
        [[{ op: 'Replace', path: 'displayName', value: 'Renamed' }, { op: 'Add', path: 'owner', value: 'x' }], 'invalidPath'],
        [[{ op: 'add', path: 'members[value eq "1"]', value: [{ value: '1' }] }], 'invalidPath'],
        [[{ op: 'remove', path: 'displayName' }], 'invalidValue'],
        [[{ op: 'replace', value: { id: '999', displayName: 'Renamed' } }], 'mutability'],
      ];
      for (const [operations, scimType] of groupCases) expectScimError(await patch(`/Groups/${group.id}`, operations), 400, scimType);

      expect((await scim('GET', `/Users/${made.id}`)).json()).toEqual(userBefore);
      expect((await scim('GET', `/Groups/${group.id}`)).json()).toEqual(groupBefore);
      expect([(await auditOf('agent', Number(made.id))).length, (await auditOf('team', Number(group.id))).length]).toEqual(auditBefore);
    });

    it('describes exactly what it supports: ServiceProviderConfig, ResourceTypes, Schemas', async () => {
      const config = (await scim('GET', '/ServiceProviderConfig')).json();
      expect(config).toMatchObject({
        schemas: [SCIM_SCHEMA.serviceProviderConfig],
        patch: { supported: true },
        bulk: { supported: false },
        filter: { supported: true, maxResults: SCIM_MAX_RESULTS },
        changePassword: { supported: false },
        sort: { supported: false },
        etag: { supported: false },
        authenticationSchemes: [{ type: 'oauthbearertoken', primary: true }],
      });
      expect(config.authenticationSchemes[0].description).toMatch(/owners and managers are not SCIM resources/);

      const types = (await scim('GET', '/ResourceTypes')).json();
      expect(types).toMatchObject({ schemas: [SCIM_SCHEMA.listResponse], totalResults: 2 });
      expect(types.Resources.map((type: { id: string; endpoint: string; schema: string }) => [type.id, type.endpoint, type.schema])).toEqual([
        ['User', '/Users', SCIM_SCHEMA.user],
        ['Group', '/Groups', SCIM_SCHEMA.group],
      ]);
      expect((await scim('GET', '/ResourceTypes/Group')).json()).toMatchObject({ id: 'Group', name: 'Group' });
      expectScimError(await scim('GET', '/ResourceTypes/Manager'), 404);

      const schemas = (await scim('GET', '/Schemas')).json();
      expect(schemas.Resources.map((schema: { id: string }) => schema.id)).toEqual([SCIM_SCHEMA.user, SCIM_SCHEMA.group]);
      const user = (await scim('GET', `/Schemas/${SCIM_SCHEMA.user}`)).json();
      // The attributes the schema names are those a User carries (beside schemas, id, externalId and meta).
      const resource = scimUser.parse((await scim('POST', '/Users', { userName: `schema.${uniqueSuffix()}@example.test`, name: { givenName: 'Schema', familyName: 'Reader' } })).json());
      expect(user.attributes.map((attribute: { name: string }) => attribute.name).sort()).toEqual(
        Object.keys(resource).filter((key) => !['schemas', 'id', 'externalId', 'meta'].includes(key)).sort(),
      );
      expect(user.attributes.find((attribute: { name: string }) => attribute.name === 'userName')).toMatchObject({ required: true, uniqueness: 'server', caseExact: false });
      expect((await scim('GET', `/Schemas/${SCIM_SCHEMA.group}`)).json().attributes.map((attribute: { name: string }) => attribute.name)).toEqual(['displayName', 'members']);
      expectScimError(await scim('GET', `/Schemas/${SCIM_SCHEMA.enterpriseUser}`), 404);
    });

    it('answers with the attributes asked for, takes application/json as well, refuses other media types, and lists no owner or manager', async () => {
      const t = get();
      const made = await scim('POST', '/Users?attributes=userName,active', { userName: `json.${uniqueSuffix()}@example.test`, displayName: 'Json Body' }, { 'content-type': 'application/json' });
      expect(made.statusCode, made.body).toBe(201);
      expect(Object.keys(made.json()).sort()).toEqual(['active', 'id', 'schemas', 'userName']);
      const id = made.json().id as string;
      expect(Object.keys((await scim('GET', `/Users/${id}?excludedAttributes=groups,emails,meta`)).json())).not.toEqual(expect.arrayContaining(['groups']));
      expect(Object.keys((await scim('GET', `/Users/${id}?attributes=name.givenName`)).json()).sort()).toEqual(['id', 'schemas']);
      expect(Object.keys((await scim('GET', `/Users/${id}?attributes=urn:ietf:params:scim:schemas:core:2.0:User:displayName`)).json()).sort()).toEqual(['displayName', 'id', 'schemas']);
      // excludedAttributes cannot take id away (always returned).
      expect((await scim('GET', `/Users/${id}?excludedAttributes=id`)).json()).toHaveProperty('id', id);

      const text = await scim('POST', '/Users', JSON.stringify({ userName: `text.${uniqueSuffix()}@example.test`, displayName: 'Text Body' }), { 'content-type': 'text/plain' });
      expectScimError(text, 415);

      const manager = await createUser(t.database.db, { role: 'manager' });
      expect((await userNamed(manager.email)).totalResults).toBe(0);
    });
  },
  { eventHub: { checkCredentialsMs: 200 } },
);
