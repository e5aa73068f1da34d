// The owner edits an agent (docs/product.md §11.8, issue 35): name, email, position and team through PATCH /api/agents/{id},
// checked as on Add Agent, an email another agent has refused with 409, audited, an agent.updated event and the teams'
// team.changed; the agents list names each agent's team and highest tier reached. On both engines.
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { agentPage } from '../../contract/agents';
import { agentDetail } from '../../contract/insight';
import { team as teamSchema } from '../../contract/teams';
import { queryRows } from '../../server/db/client';
import { sequenceAll } from '../../server/db/sequencer';
import { createAgent, createUser, FACTORY_PASSWORD, signedInCookiesForSuite, signInAgent } from '../factories/accounts';
import { addIncome } from '../factories/rewards';
import { describeEachEngine, type TestApp } from '../support/test-app';

describeEachEngine('PATCH /api/agents/{id}: the owner edits an agent', (get) => {
  const cookies = signedInCookiesForSuite(get);
  const patch = (id: number, body: unknown, cookie = cookies.owner) => get().request({ method: 'PATCH', url: `/api/agents/${id}`, headers: { cookie }, payload: body as object });
  const makeTeam = async (body: Record<string, unknown>) => {
    const made = await get().request({ method: 'POST', url: '/api/teams', headers: { cookie: cookies.owner }, payload: body });
    expect(made.statusCode, made.body).toBe(201);
    return teamSchema.parse(made.json());
  };
  const agentRow = async (t: TestApp, id: number) =>
    (await queryRows<{ name: string; email: string; position: string; team_id: number | null; first_name: string | null }>(
      t.database.db,
      sql`select name, email, position, team_id, first_name from agents where id = ${id}`,
    ))[0]!;
  const auditOf = async (t: TestApp, id: number) => {
    await sequenceAll(t.database.db);
    return queryRows<{ action: string; before: unknown; after: unknown }>(
      t.database.db,
      sql`select action, before, after from audit_log where target_type = 'agent' and target_id = ${String(id)} and action = 'agent.updated' order by id`,
    );
  };
  const eventsSince = async (t: TestApp, after: number) => {
    await sequenceAll(t.database.db);
    return queryRows<{ type: string; agent_id: number | null; private_data: Record<string, unknown> }>(
      t.database.db,
      sql`select type, agent_id, private_data from events where id > ${after} order by id`,
    );
  };
  const lastEventId = async (t: TestApp) => {
    await sequenceAll(t.database.db);
    return (await queryRows<{ id: number }>(t.database.db, sql`select coalesce(max(id), 0)::int as id from events`))[0]!.id;
  };

  it('changes the name, email, position and team; audits the fields that changed; announces the agent and both teams', async () => {
    const t = get();
    const agent = await createAgent(t.database.db, { firstName: 'Elena', lastName: 'Ruiz' });
    const north = await makeTeam({ name: `North ${agent.id}`, agentIds: [agent.id] });
    const south = await makeTeam({ name: `South ${agent.id}` });
    const since = await lastEventId(t);

    const edited = await patch(agent.id, { name: '  Elena   Ruiz-Ortega ', email: ' Elena.Ortega@Example.TEST ', position: 'Team Lead', teamId: south.id });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(agentDetail.shape.agent.parse(edited.json())).toMatchObject({ id: agent.id, name: 'Elena Ruiz-Ortega', email: 'elena.ortega@example.test', position: 'Team Lead' });
    expect(await agentRow(t, agent.id)).toEqual({ name: 'Elena Ruiz-Ortega', email: 'elena.ortega@example.test', position: 'Team Lead', team_id: south.id, first_name: null });

    expect(await auditOf(t, agent.id)).toEqual([
      {
        action: 'agent.updated',
        // Never a name or an email in the trail (decision 0022): which fields changed, and the values of the others.
        before: { position: 'Sales Agent', teamId: north.id },
        after: { position: 'Team Lead', teamId: south.id, attributes: ['name', 'email', 'position', 'teamId'] },
      },
    ]);
    const events = await eventsSince(t, since);
    expect(events.map((event) => event.type)).toEqual(['agent.updated', 'team.changed', 'team.changed']);
    expect(events[0]).toMatchObject({ agent_id: agent.id, private_data: { name: 'Elena Ruiz-Ortega', position: 'Team Lead' } });
    expect(events[1]!.private_data).toMatchObject({ teamId: north.id, agentIds: [] });
    expect(events[2]!.private_data).toMatchObject({ teamId: south.id, agentIds: [agent.id] });

    // The agent signs in with the new address.
    const login = await t.request({ method: 'POST', url: '/api/agents/login', payload: { email: 'elena.ortega@example.test', password: FACTORY_PASSWORD } });
    expect(login.statusCode).toBe(200);

    // Only what is sent changes; the same values again change nothing and append nothing.
    const moved = await patch(agent.id, { teamId: null });
    expect(moved.statusCode).toBe(200);
    expect(await agentRow(t, agent.id)).toMatchObject({ name: 'Elena Ruiz-Ortega', position: 'Team Lead', team_id: null });
    const before = await lastEventId(t);
    expect((await patch(agent.id, { name: 'Elena Ruiz-Ortega', teamId: null })).statusCode).toBe(200);
    expect(await eventsSince(t, before)).toEqual([]);
    expect(await auditOf(t, agent.id)).toHaveLength(2);

    // A new name alone: the trail says the name changed, and holds no name.
    expect((await patch(agent.id, { name: 'Elena Ortega' })).statusCode).toBe(200);
    const trail = await auditOf(t, agent.id);
    expect(trail[1]).toEqual({ action: 'agent.updated', before: { teamId: south.id }, after: { teamId: null, attributes: ['teamId'] } });
    expect(trail[2]).toEqual({ action: 'agent.updated', before: null, after: { attributes: ['name'] } });
    expect(JSON.stringify(trail)).not.toMatch(/Elena|example\.test/i);
  });

  it('refuses an email another agent has with 409, bad input with the field’s reason, and changes nothing', async () => {
    const t = get();
    const agent = await createAgent(t.database.db);
    const other = await createAgent(t.database.db);
    const unchanged = await agentRow(t, agent.id);

    const taken = await patch(agent.id, { email: other.email.toUpperCase(), name: 'Someone Else' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: 'CONFLICT', message: 'An account with this email already exists' });

    const cases: [unknown, string, string][] = [
      [{ name: '   ' }, 'name', 'Name is required'],
      [{ position: '' }, 'position', 'Position is required'],
      [{ email: 'not an email' }, 'email', 'Invalid email address'],
      [{ name: 'x'.repeat(101) }, 'name', 'Must be at most 100 characters'],
      [{ teamId: 'north' }, 'teamId', 'teamId must be a team id or null'],
      [{ teamId: 999_999 }, 'teamId', 'No team has the id 999999'],
    ];
    for (const [body, path, message] of cases) {
      const refused = await patch(agent.id, body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      expect(refused.json()).toMatchObject({ code: 'VALIDATION_FAILED', issues: [{ path, message }] });
    }
    for (const body of [{}, { active: false, position: 'Mixed' }, { nickname: 'Ellie' }]) {
      expect((await patch(agent.id, body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await patch(999_999, { name: 'Nobody' })).statusCode).toBe(404);
    expect(await agentRow(t, agent.id)).toEqual(unchanged);
    expect(await auditOf(t, agent.id)).toEqual([]);

    // A staff account's address is not another agent's: the owner may give it (docs/decisions/0048).
    const manager = await createUser(t.database.db);
    expect((await patch(agent.id, { email: manager.email })).statusCode).toBe(200);
    // Only the owner edits agents.
    expect((await patch(agent.id, { name: 'By A Manager' }, cookies.manager)).statusCode).toBe(403);
    expect((await patch(agent.id, { name: 'By The Agent' }, (await signInAgent(t.database.db, agent)).cookie)).statusCode).toBe(403);
  });

  it('lists each agent with its team and the highest tier it reached', async () => {
    const t = get();
    const agent = await createAgent(t.database.db, { firstName: 'Tiered', lastName: `Lister ${Date.now()}` });
    const team = await makeTeam({ name: `Listers ${agent.id}`, agentIds: [agent.id] });
    const page = async () =>
      agentPage.parse((await t.request({ method: 'GET', url: `/api/agents?search=${encodeURIComponent(agent.name)}`, headers: { cookie: cookies.owner } })).json()).agents[0]!;
    expect(await page()).toMatchObject({ id: agent.id, team: { id: team.id, name: team.name }, tier: null });

    const [second] = await queryRows<{ name: string; color: string; threshold: string }>(t.database.db, sql`select name, color, threshold::text from tier_settings where tier_order = 2`);
    await addIncome(t.database.db, agent, second!.threshold);
    expect((await page()).tier).toEqual({ name: second!.name, color: second!.color });
    // A deduction does not take the tier reached away (docs/product.md §9.3), as on the agent's page and in the export.
    await addIncome(t.database.db, agent, '-100.00');
    expect((await page()).tier).toEqual({ name: second!.name, color: second!.color });
    expect((await patch(agent.id, { teamId: null })).statusCode).toBe(200);
    expect((await page()).team).toBeNull();
  });
});
