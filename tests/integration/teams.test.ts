// Teams (docs/product.md §12.16, issue 18, docs/decisions/0032-teams.md): the owner makes teams of agents under managers; a
// manager who leads teams reads only their agents on every read route and in the event stream; leaderboards filter by
// team; a team-against-team board. On both engines, over HTTP for the streams.
import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { agentPage } from '../../contract/agents';
import { ownerDashboard } from '../../contract/dashboard';
import { incomeEntryPage } from '../../contract/income-entries';
import { leaderboardBoardPage, trend } from '../../contract/insight';
import { NOT_YOUR_TEAM, OUTSIDE_YOUR_TEAMS, team as teamSchema, teamBoard, teamList, type Team } from '../../contract/teams';
import { queryRows } from '../../server/db/client';
import { TEAM_NAME_TAKEN } from '../../server/db/operations/team-changes';
import { createAgent, createUser, signedInUser, signInUser } from '../factories/accounts';
import { addIncome } from '../factories/rewards';
import { openEventStream, type OpenedStream, type StreamMessage } from '../support/event-stream';
import { httpCaller } from '../support/http-call';
import { liveAppForSuite } from '../support/live-app';
import type { TestApp } from '../support/test-app';
import { testEngines } from '../support/test-database';
import { sequenceAll } from '../../server/db/sequencer';

for (const engine of testEngines()) {
  describe(`teams [${engine}]`, () => {
    let t: TestApp & { close(): Promise<void> };
    let base: string;
    let owner: { cookie: string };
    const opened: OpenedStream[] = [];

    const caller = httpCaller(() => base);
    const call = (method: string, path: string, cookie: string, body?: unknown) => caller(method, path, { cookie, body });
    const makeTeam = async (body: unknown) => {
      const made = await call('POST', '/api/teams', owner.cookie, body);
      expect(made.status, JSON.stringify(made.body)).toBe(201);
      return teamSchema.parse(made.body);
    };
    const db = () => t.database.db;

    liveAppForSuite(engine, opened, (app) => ({ t, base, owner } = app));

    it('makes, lists, renames, re-staffs and deletes teams; an agent is in one team at most; every change is audited', async () => {
      const lead = await createUser(db(), { role: 'manager' });
      const [a1, a2, a3] = [await createAgent(db()), await createAgent(db()), await createAgent(db())];
      const north = await makeTeam({ name: '  North   Region ', managerIds: [lead.id, lead.id], agentIds: [a1.id, a2.id] });
      expect(north).toMatchObject({ name: 'North Region', managers: [{ id: lead.id, name: lead.name }] });
      expect(north.agents.map((agent) => agent.id).sort()).toEqual([a1.id, a2.id].sort());

      // Agent a2 moves to South: it leaves North.
      const south = await makeTeam({ name: 'South', agentIds: [a2.id, a3.id] });
      const list = teamList.parse((await call('GET', '/api/teams', owner.cookie)).body);
      const byName = (name: string) => list.teams.find((team) => team.name === name)!;
      expect(byName('North Region').agents.map((agent) => agent.id)).toEqual([a1.id]);
      expect(byName('South').agents.map((agent) => agent.id).sort()).toEqual([a2.id, a3.id].sort());

      // Same name in other case: 409; nothing made.
      expect(await call('POST', '/api/teams', owner.cookie, { name: 'south' })).toMatchObject({ status: 409, body: { message: TEAM_NAME_TAKEN } });
      expect(await call('PATCH', `/api/teams/${north.id}`, owner.cookie, { name: 'SOUTH' })).toMatchObject({ status: 409 });

      const renamed = await call('PATCH', `/api/teams/${south.id}`, owner.cookie, { name: 'South West', agentIds: [a3.id], managerIds: [lead.id] });
      expect(renamed.status).toBe(200);
      expect(teamSchema.parse(renamed.body)).toMatchObject({ name: 'South West', agents: [{ id: a3.id }], managers: [{ id: lead.id }] });
      const [a2Row] = await queryRows<{ team_id: number | null }>(db(), sql`select team_id from agents where id = ${a2.id}`);
      expect(a2Row!.team_id).toBeNull();

      expect((await call('DELETE', `/api/teams/${south.id}`, owner.cookie)).status).toBe(204);
      expect((await call('DELETE', `/api/teams/${south.id}`, owner.cookie)).status).toBe(404);
      const [a3Row] = await queryRows<{ team_id: number | null }>(db(), sql`select team_id from agents where id = ${a3.id}`);
      expect(a3Row!.team_id).toBeNull();
      // The agents and their history stay.
      expect((await queryRows(db(), sql`select id from agents where id = ${a3.id}`)).length).toBe(1);

      await sequenceAll(db());
      const audit = await queryRows<{ action: string; target_id: string; before: unknown; after: unknown }>(
        db(),
        sql`select action, target_id, before, after from audit_log where target_type = 'team' and target_id in (${String(north.id)}, ${String(south.id)}) order by id`,
      );
      expect(audit.map((row) => [row.action, Number(row.target_id)])).toEqual([
        ['team.created', north.id],
        ['team.created', south.id],
        ['team.updated', south.id],
        ['team.deleted', south.id],
      ]);
      expect(audit[2]!.after).toEqual({ name: 'South West', managerIds: [lead.id], agentIds: [a3.id] });
    });

    it('refuses bad input with a clear message and changes nothing', async () => {
      const otherOwner = await createUser(db(), { role: 'owner' });
      const agent = await createAgent(db());
      const count = async () => (await queryRows<{ n: number }>(db(), sql`select count(*)::int as n from teams`))[0]!.n;
      const before = await count();
      const cases: [unknown, RegExp][] = [
        [{}, /Team name is required/],
        [{ name: '   ' }, /Team name is required/],
        [{ name: 'x'.repeat(61) }, /at most 60/],
        [{ name: 'Bad', managerIds: [otherOwner.id] }, /not manager accounts/],
        [{ name: 'Bad', agentIds: [agent.id, 999_999] }, /No agent has these ids: 999999/],
        [{ name: 'Bad', agentIds: 'all' }, /agentIds must be a list of ids/],
        [{ name: 'Bad', agentIds: [-1] }, /agentIds must be a list of ids/],
        [{ name: 'Bad', colour: 'red' }, /colour/],
      ];
      for (const [body, message] of cases) {
        const answer = await call('POST', '/api/teams', owner.cookie, body);
        expect(answer.status, JSON.stringify(body)).toBe(400);
        expect(answer.body.code).toBe('VALIDATION_FAILED');
        expect(JSON.stringify(answer.body), JSON.stringify(body)).toMatch(message);
      }
      const team = await makeTeam({ name: 'Unchanged' });
      expect((await call('PATCH', `/api/teams/${team.id}`, owner.cookie, {})).status).toBe(400);
      expect((await call('PATCH', `/api/teams/${team.id}`, owner.cookie, { agentIds: [999_998] })).status).toBe(400);
      expect((await call('PATCH', '/api/teams/999999', owner.cookie, { name: 'Nobody' })).status).toBe(404);
      expect((await call('PATCH', '/api/teams/abc', owner.cookie, { name: 'Nobody' })).status).toBe(404);
      expect(await count()).toBe(before + 1);
      expect(teamSchema.parse((await call('PATCH', `/api/teams/${team.id}`, owner.cookie, { name: 'Unchanged' })).body).agents).toEqual([]);
    });

    describe('a manager who leads teams reads only their agents', () => {
      let lead: { id: number; cookie: string };
      let unscoped: { cookie: string };
      let mine: Team;
      let theirs: Team;
      const ids = (agents: { id: number }[]) => agents.map((agent) => agent.id).sort((a, b) => a - b);
      const agentIds: Record<'a1' | 'a2' | 'b1' | 'c1', number> = { a1: 0, a2: 0, b1: 0, c1: 0 };

      beforeAll(async () => {
        const now = t.clock.now;
        const made = async (name: string, income: string) => {
          const agent = await createAgent(db(), { firstName: name, lastName: 'Scope' });
          await addIncome(db(), agent, income, { now, date: now });
          return agent.id;
        };
        agentIds.a1 = await made('Ann', '7000.00');
        agentIds.a2 = await made('Abe', '300.00');
        agentIds.b1 = await made('Bea', '90000.00');
        agentIds.c1 = await made('Cal', '50.00');
        const leadUser = await createUser(db(), { role: 'manager' });
        lead = { id: leadUser.id, cookie: (await signInUser(db(), leadUser)).cookie };
        unscoped = await signedInUser(t, 'manager');
        mine = await makeTeam({ name: 'Scope Mine', managerIds: [leadUser.id], agentIds: [agentIds.a1, agentIds.a2] });
        theirs = await makeTeam({ name: 'Scope Theirs', agentIds: [agentIds.b1] });
      });

      it('on the dashboard, the leaderboards of every period and mode, trends, tiers, agents and entries', async () => {
        const dashboard = ownerDashboard.parse((await call('GET', '/api/owner/dashboard', lead.cookie)).body);
        expect(dashboard.overview.totalAgents).toBe(2);
        expect(dashboard.timePeriods.monthly.income).toBe('7300.00');
        expect(ids(dashboard.agents)).toEqual([agentIds.a1, agentIds.a2].sort((a, b) => a - b));
        expect(new Set(dashboard.recentEntries.map((entry) => entry.agentId))).toEqual(new Set([agentIds.a1, agentIds.a2]));
        // A manager who leads no team, and the owner, read everyone.
        const everyone = ownerDashboard.parse((await call('GET', '/api/owner/dashboard', unscoped.cookie)).body);
        expect(everyone.overview.totalAgents).toBeGreaterThanOrEqual(4);
        expect(ids(everyone.agents)).toEqual(expect.arrayContaining([agentIds.b1, agentIds.c1]));

        for (const query of ['', '?period=week', '?period=quarter', '?period=year', '?period=all', '?search=scope', '?offset=1&limit=1']) {
          const page = leaderboardBoardPage.parse((await call('GET', `/api/owner/leaderboard${query}`, lead.cookie)).body);
          for (const agent of page.agents) expect([agentIds.a1, agentIds.a2], query).toContain(agent.id);
        }
        const board = leaderboardBoardPage.parse((await call('GET', '/api/owner/leaderboard', lead.cookie)).body);
        expect(board.total).toBe(2);
        // Ranked within the team.
        expect(board.agents.map((agent) => [agent.id, agent.rank])).toEqual([
          [agentIds.a1, 1],
          [agentIds.a2, 2],
        ]);
        expect(leaderboardBoardPage.parse((await call('GET', `/api/owner/leaderboard?team=${mine.id}`, lead.cookie)).body).total).toBe(2);
        expect(await call('GET', `/api/owner/leaderboard?team=${theirs.id}`, lead.cookie)).toMatchObject({ status: 403, body: { message: NOT_YOUR_TEAM } });

        const trends = trend.parse((await call('GET', '/api/owner/trends?granularity=month&count=1', lead.cookie)).body);
        expect(trends.points.at(-1)!.income).toBe('7300.00');
        const tiers = (await call('GET', '/api/owner/tier-distribution', lead.cookie)).body as { none: number; tiers: { agents: number }[] };
        expect(tiers.none + tiers.tiers.reduce((sum, tier) => sum + tier.agents, 0)).toBe(2);

        const agents = agentPage.parse((await call('GET', '/api/agents?limit=100', lead.cookie)).body);
        expect(ids(agents.agents)).toEqual([agentIds.a1, agentIds.a2].sort((a, b) => a - b));
        expect(agents.total).toBe(2);
        expect((await call('GET', `/api/agents?team=${theirs.id}`, lead.cookie)).status).toBe(403);

        const entries = incomeEntryPage.parse((await call('GET', '/api/income-entries?limit=500', lead.cookie)).body);
        expect(new Set(entries.entries.map((entry) => entry.agentId))).toEqual(new Set([agentIds.a1, agentIds.a2]));
      });

      it('answers 403 for another team’s agent (or one in no team) on every route that names it', async () => {
        for (const other of [agentIds.b1, agentIds.c1]) {
          for (const path of [`/api/agents/${other}`, `/api/agents/${other}/history`, `/api/rewards/agent/${other}`, `/api/income-entries?agentId=${other}`]) {
            const answer = await call('GET', path, lead.cookie);
            expect(answer, path).toMatchObject({ status: 403, body: { code: 'FORBIDDEN', message: OUTSIDE_YOUR_TEAMS } });
          }
        }
        for (const path of [`/api/agents/${agentIds.a1}`, `/api/agents/${agentIds.a1}/history`, `/api/rewards/agent/${agentIds.a1}`, `/api/income-entries?agentId=${agentIds.a1}`]) {
          expect((await call('GET', path, lead.cookie)).status, path).toBe(200);
        }
        // An id that names nobody is still a 404.
        expect((await call('GET', '/api/agents/999999', lead.cookie)).status).toBe(404);
      });

      it('in the CSV exports', async () => {
        const entries = parse((await call('GET', '/api/exports/income-entries.csv', lead.cookie)).text, { columns: true, bom: true }) as { agentId: string }[];
        expect(new Set(entries.map((row) => Number(row.agentId)))).toEqual(new Set([agentIds.a1, agentIds.a2]));
        const agents = parse((await call('GET', '/api/exports/agents.csv', lead.cookie)).text, { columns: true, bom: true }) as { id: string }[];
        expect(agents.map((row) => Number(row.id)).sort((a, b) => a - b)).toEqual([agentIds.a1, agentIds.a2].sort((a, b) => a - b));
        expect((await call('GET', `/api/exports/income-entries.csv?agentId=${agentIds.b1}`, lead.cookie)).status).toBe(403);
      });

      it('in the event stream, following the team as the owner changes it', async () => {
        const stream = await openEventStream(`${base}/api/events`, { cookie: lead.cookie });
        opened.push(stream);
        expect(stream.status).toBe(200);
        const entryOf = (agentId: number) => (message: StreamMessage) => message.type === 'entry.created' && message.data.agentId === agentId;
        const post = (agentId: number) => call('POST', '/api/income-entries', owner.cookie, { agentId, amount: '10.00' });
        expect((await post(agentIds.b1)).status).toBe(201);
        expect((await post(agentIds.a1)).status).toBe(201);
        await stream.next(entryOf(agentIds.a1));
        expect(stream.messages.filter(entryOf(agentIds.b1))).toEqual([]);

        // The owner moves b1 into the manager's team: its events reach the manager from then on.
        expect((await call('PATCH', `/api/teams/${mine.id}`, owner.cookie, { agentIds: [agentIds.a1, agentIds.a2, agentIds.b1] })).status).toBe(200);
        await stream.next((message) => message.type === 'team.changed' && message.data.teamId === mine.id);
        expect((await post(agentIds.b1)).status).toBe(201);
        await stream.next(entryOf(agentIds.b1));
        expect((await call('GET', `/api/agents/${agentIds.b1}`, lead.cookie)).status).toBe(200);
        // And back.
        expect((await call('PATCH', `/api/teams/${mine.id}`, owner.cookie, { agentIds: [agentIds.a1, agentIds.a2] })).status).toBe(200);
        await stream.next((message) => message.type === 'team.changed' && Array.isArray(message.data.agentIds) && message.data.agentIds.length === 2);
        const seen = stream.messages.filter(entryOf(agentIds.b1)).length;
        expect((await post(agentIds.b1)).status).toBe(201);
        expect((await post(agentIds.a2)).status).toBe(201);
        await stream.next(entryOf(agentIds.a2));
        expect(stream.messages.filter(entryOf(agentIds.b1)).length).toBe(seen);
        expect((await call('PATCH', `/api/teams/${theirs.id}`, owner.cookie, { agentIds: [agentIds.b1] })).status).toBe(200);
      });

      // Issue 30: the team board showed a manager who leads teams every team's income (a one-agent team's is that
      // agent's; with leaderboard.changed, each amount by difference).
      it('on the team board: only the teams they lead, ranked among themselves; others see every team', async () => {
        const led = teamBoard.parse((await call('GET', '/api/teams/leaderboard?period=all', lead.cookie)).body);
        expect(led.scope).toBe('led-teams');
        expect(led.teams.map((row) => [row.teamId, row.rank])).toEqual([[mine.id, 1]]);
        expect(JSON.stringify(led)).not.toContain('Scope Theirs');
        for (const reader of [owner, unscoped]) {
          const all = teamBoard.parse((await call('GET', '/api/teams/leaderboard?period=all', reader.cookie)).body);
          expect(all.scope).toBe('organisation');
          expect(all.teams.map((row) => row.teamId)).toEqual(expect.arrayContaining([mine.id, theirs.id]));
        }
      });

      // Issue 30: a manager who leads teams heard team.changed of every team, and leaderboard.changed after every
      // team's entries.
      it('in the event stream: no other team’s team.changed, nor a leaderboard.changed for its entries', async () => {
        const leadStream = await openEventStream(`${base}/api/events`, { cookie: lead.cookie });
        const everyone = await openEventStream(`${base}/api/events`, { cookie: unscoped.cookie });
        opened.push(leadStream, everyone);
        const teamEvent = (teamId: number) => (message: StreamMessage) => message.type === 'team.changed' && message.data.teamId === teamId;
        const entryOf = (agentId: number) => (message: StreamMessage) => message.type === 'entry.created' && message.data.agentId === agentId;

        expect((await call('PATCH', `/api/teams/${theirs.id}`, owner.cookie, { name: 'Scope Theirs Renamed' })).status).toBe(200);
        await everyone.next(teamEvent(theirs.id));
        expect((await call('POST', '/api/income-entries', owner.cookie, { agentId: agentIds.b1, amount: '25.00' })).status).toBe(201);
        // Once the hub has sent the boards' change that follows b1's entry, an a1 entry: whatever the lead got for b1
        // came before it on the same connection.
        const b1Entry = await everyone.next(entryOf(agentIds.b1));
        await everyone.next((message) => message.type === 'leaderboard.changed' && message.id! >= b1Entry.id!);
        expect((await call('POST', '/api/income-entries', owner.cookie, { agentId: agentIds.a1, amount: '25.00' })).status).toBe(201);
        const a1Entry = await leadStream.next(entryOf(agentIds.a1));
        const before = leadStream.messages.slice(0, leadStream.messages.indexOf(a1Entry));
        expect(before.map((message) => message.type)).toEqual([]);
        // Their own team's entries and changes they do hear of.
        await leadStream.next((message) => message.type === 'leaderboard.changed');
        expect((await call('PATCH', `/api/teams/${mine.id}`, owner.cookie, { name: 'Scope Mine Renamed' })).status).toBe(200);
        expect((await leadStream.next(teamEvent(mine.id))).data).toMatchObject({ name: 'Scope Mine Renamed', managerIds: [lead.id] });

        // An agent of theirs moved to another team: their team changed, and they hear that (of their team only).
        expect((await call('PATCH', `/api/teams/${theirs.id}`, owner.cookie, { agentIds: [agentIds.b1, agentIds.a2] })).status).toBe(200);
        expect((await leadStream.next((message) => teamEvent(mine.id)(message) && (message.data.agentIds as number[]).length === 1)).data.agentIds).toEqual([agentIds.a1]);
        expect((await call('PATCH', `/api/teams/${mine.id}`, owner.cookie, { agentIds: [agentIds.a1, agentIds.a2] })).status).toBe(200);
        await leadStream.next((message) => teamEvent(mine.id)(message) && (message.data.agentIds as number[]).length === 2);
        // A manager taken off a team hears of it as the change that ends their lead.
        expect((await call('PATCH', `/api/teams/${mine.id}`, owner.cookie, { managerIds: [] })).status).toBe(200);
        expect((await leadStream.next((message) => teamEvent(mine.id)(message) && (message.data.managerIds as number[]).length === 0)).data).toMatchObject({
          formerManagerIds: [lead.id],
        });
        expect((await call('PATCH', `/api/teams/${mine.id}`, owner.cookie, { managerIds: [lead.id], name: 'Scope Mine' })).status).toBe(200);
        expect((await call('PATCH', `/api/teams/${theirs.id}`, owner.cookie, { name: 'Scope Theirs' })).status).toBe(200);
        await leadStream.next((message) => teamEvent(mine.id)(message) && message.data.name === 'Scope Mine');
        expect(leadStream.messages.filter(teamEvent(theirs.id))).toEqual([]);
      });

      it('lists only the teams a manager leads; the owner sees every team', async () => {
        const led = teamList.parse((await call('GET', '/api/teams', lead.cookie)).body);
        expect(led.teams.map((team) => team.id)).toEqual([mine.id]);
        const all = teamList.parse((await call('GET', '/api/teams', owner.cookie)).body);
        expect(all.teams.map((team) => team.id)).toEqual(expect.arrayContaining([mine.id, theirs.id]));
        // The owner filters any board by team.
        const filtered = leaderboardBoardPage.parse((await call('GET', `/api/owner/leaderboard?team=${theirs.id}&period=all`, owner.cookie)).body);
        expect(filtered.agents.map((agent) => agent.id)).toEqual([agentIds.b1]);
      });
    });

    it('ranks teams against each other by income, with the income per active agent', async () => {
      const now = t.clock.now;
      const agent = async (income: string) => {
        const made = await createAgent(db());
        if (income !== '0') await addIncome(db(), made, income, { now, date: now });
        return made.id;
      };
      const big = [await agent('1000.00'), await agent('0'), await agent('0.01')];
      const small = [await agent('500.00')];
      const leaver = await agent('99999.00');
      const bigTeam = await makeTeam({ name: 'Board Big', agentIds: [...big, leaver] });
      const smallTeam = await makeTeam({ name: 'Board Small', agentIds: small });
      const empty = await makeTeam({ name: 'Board Empty' });
      expect((await call('PATCH', `/api/agents/${leaver}`, owner.cookie, { active: false })).status).toBe(200);

      const board = teamBoard.parse((await call('GET', '/api/teams/leaderboard', owner.cookie)).body);
      const row = (id: number) => board.teams.find((team) => team.teamId === id)!;
      // 1,000.01 over three active agents: 333.336... rounds to 333.34; the inactive agent counts for nothing.
      expect(row(bigTeam.id)).toMatchObject({ name: 'Board Big', agents: 3, income: '1000.01', average: '333.34' });
      expect(row(smallTeam.id)).toMatchObject({ agents: 1, income: '500.00', average: '500.00' });
      expect(row(empty.id)).toMatchObject({ agents: 0, income: '0.00', average: '0.00' });
      expect(row(bigTeam.id).rank).toBeLessThan(row(smallTeam.id).rank);
      expect(board.period.kind).toBe('month');
      const ranks = board.teams.map((team) => team.rank);
      expect(ranks).toEqual([...ranks].sort((a, b) => a - b));

      const allTime = teamBoard.parse((await call('GET', '/api/teams/leaderboard?period=all', owner.cookie)).body);
      expect(allTime.period.kind).toBe('all');
      expect((await call('GET', '/api/teams/leaderboard?period=decade', owner.cookie)).status).toBe(400);
      expect((await call('GET', '/api/teams/leaderboard?at=2999-01-01', owner.cookie)).status).toBe(400);
      // A manager who leads no team reads every team, as the owner does.
      const manager = await signedInUser(t, 'manager');
      expect(teamBoard.parse((await call('GET', '/api/teams/leaderboard', manager.cookie)).body).teams.length).toBe(board.teams.length);
    });
  });
}
