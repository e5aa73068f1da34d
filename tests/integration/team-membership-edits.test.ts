// Team edits move only the agents they name (docs/decisions/0079-team-membership-edits.md, issue 35): PATCH /api/teams/{id}
// with addAgentIds and removeAgentIds, a rename that moves nobody, and the whole-list agentIds kept for integrations.
// On both engines.
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { team as teamSchema } from '../../contract/teams';
import { queryRows } from '../../server/db/client';
import { sequenceAll } from '../../server/db/sequencer';
import { createAgent, signedInCookiesForSuite } from '../factories/accounts';
import { describeEachEngine, type TestApp } from '../support/test-app';

describeEachEngine('PATCH /api/teams/{id}: membership edits', (get) => {
  const cookies = signedInCookiesForSuite(get);
  const call = (method: string, url: string, body?: unknown) =>
    get().request({ method: method as 'POST', url, headers: { cookie: cookies.owner }, ...(body === undefined ? {} : { payload: body as object }) });
  const makeTeam = async (body: Record<string, unknown>) => {
    const made = await call('POST', '/api/teams', body);
    expect(made.statusCode, made.body).toBe(201);
    return teamSchema.parse(made.json());
  };
  const teamOf = async (t: TestApp, agentId: number) =>
    (await queryRows<{ team_id: number | null }>(t.database.db, sql`select team_id from agents where id = ${agentId}`))[0]!.team_id;
  const members = (team: { agents: { id: number }[] }) => team.agents.map((agent) => agent.id).sort((a, b) => a - b);

  it('a rename from a dialog opened before another team took an agent moves nobody', async () => {
    const t = get();
    const [elena, marco, ana] = [await createAgent(t.database.db), await createAgent(t.database.db), await createAgent(t.database.db)];
    const north = await makeTeam({ name: `North ${elena.id}`, agentIds: [elena.id, marco.id] });
    const south = await makeTeam({ name: `South ${elena.id}`, agentIds: [ana.id] });

    // Elena joins South: she leaves North, and only she moves.
    const joined = await call('PATCH', `/api/teams/${south.id}`, { addAgentIds: [elena.id] });
    expect(joined.statusCode, joined.body).toBe(200);
    expect(members(teamSchema.parse(joined.json()))).toEqual([elena.id, ana.id].sort((a, b) => a - b));
    expect(await teamOf(t, elena.id)).toBe(south.id);
    expect(await teamOf(t, marco.id)).toBe(north.id);

    // North, renamed from a dialog that still showed Elena: the name changes, Elena stays in South.
    const renamed = await call('PATCH', `/api/teams/${north.id}`, { name: `North Region ${elena.id}` });
    expect(renamed.statusCode).toBe(200);
    expect(teamSchema.parse(renamed.json())).toMatchObject({ name: `North Region ${elena.id}`, agents: [{ id: marco.id }] });
    expect(await teamOf(t, elena.id)).toBe(south.id);

    // Removing an agent who already left for another team does not pull her out of it.
    const removed = await call('PATCH', `/api/teams/${north.id}`, { removeAgentIds: [elena.id, marco.id] });
    expect(removed.statusCode).toBe(200);
    expect(members(teamSchema.parse(removed.json()))).toEqual([]);
    expect(await teamOf(t, elena.id)).toBe(south.id);
    expect(await teamOf(t, marco.id)).toBeNull();

    // South lost Elena to North and Ana leaves in the same request: the audit and both teams' events say so.
    await sequenceAll(t.database.db);
    const [{ id: since }] = (await queryRows<{ id: number }>(t.database.db, sql`select coalesce(max(id), 0)::int as id from events`)) as [{ id: number }];
    const moved = await call('PATCH', `/api/teams/${north.id}`, { addAgentIds: [elena.id], removeAgentIds: [] });
    expect(moved.statusCode).toBe(200);
    expect(await call('PATCH', `/api/teams/${south.id}`, { removeAgentIds: [ana.id] }).then((answer) => answer.statusCode)).toBe(200);
    await sequenceAll(t.database.db);
    const events = await queryRows<{ private_data: { teamId: number; agentIds: number[] } }>(
      t.database.db,
      sql`select private_data from events where id > ${since} and type = 'team.changed' order by id`,
    );
    expect(events.map((event) => [event.private_data.teamId, event.private_data.agentIds])).toEqual([
      [north.id, [elena.id]],
      [south.id, [ana.id]],
      [south.id, []],
    ]);
    const audit = await queryRows<{ before: { agentIds: number[] }; after: { agentIds: number[] } }>(
      t.database.db,
      sql`select before, after from audit_log where target_type = 'team' and target_id = ${String(south.id)} and action = 'team.updated' order by id`,
    );
    expect(audit.map((row) => [row.before.agentIds, row.after.agentIds]).at(-1)).toEqual([[ana.id], []]);
  });

  it('keeps agentIds (the whole list) for integrations, and refuses mixed or unknown members clearly, changing nothing', async () => {
    const t = get();
    const [a1, a2] = [await createAgent(t.database.db), await createAgent(t.database.db)];
    const team = await makeTeam({ name: `Whole ${a1.id}`, agentIds: [a1.id] });
    const replaced = await call('PATCH', `/api/teams/${team.id}`, { agentIds: [a2.id] });
    expect(members(teamSchema.parse(replaced.json()))).toEqual([a2.id]);
    expect(await teamOf(t, a1.id)).toBeNull();

    const refusals: [unknown, string, string][] = [
      [{ agentIds: [a1.id], addAgentIds: [a2.id] }, 'agentIds', 'Send agentIds (the whole list) or addAgentIds and removeAgentIds (the changes), not both'],
      [{ addAgentIds: [a1.id], removeAgentIds: [a1.id] }, 'removeAgentIds', `An agent cannot both join and leave the team: ${a1.id}`],
      [{ addAgentIds: [999_999] }, 'addAgentIds', 'No agent has these ids: 999999'],
      [{ removeAgentIds: [999_998] }, 'removeAgentIds', 'No agent has these ids: 999998'],
      [{ addAgentIds: ['x'] }, 'addAgentIds.0', 'addAgentIds must be a list of ids'],
    ];
    for (const [body, path, message] of refusals) {
      const refused = await call('PATCH', `/api/teams/${team.id}`, body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      expect(refused.json()).toMatchObject({ code: 'VALIDATION_FAILED', issues: [{ path, message }] });
    }
    expect((await call('PATCH', `/api/teams/${team.id}`, {})).json()).toMatchObject({ code: 'VALIDATION_FAILED', message: expect.stringContaining('Nothing to change') });
    expect(await teamOf(t, a1.id)).toBeNull();
    expect(await teamOf(t, a2.id)).toBe(team.id);
  });
});
