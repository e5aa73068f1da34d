// Deactivation (docs/product.md §12.16, issue 18): the owner makes an agent inactive. It cannot sign in, its sessions and live
// streams end, it leaves every board and other readers' streams, it keeps its history, and it can be made active
// again. On both engines, over HTTP for the streams.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { AGENT_PENDING_APPROVAL, NO_LINK_FOR_INACTIVE } from '../../contract/agents';
import { leaderboardBoardPage, myRank } from '../../contract/insight';
import { ownerDashboard } from '../../contract/dashboard';
import { ACCOUNT_INACTIVE } from '../../contract/sign-up';
import { queryRows } from '../../server/db/client';
import { createAgent, FACTORY_PASSWORD, signedInAgent, signedInUser } from '../factories/accounts';
import { addIncome } from '../factories/rewards';
import { openEventStream, type OpenedStream, type StreamMessage } from '../support/event-stream';
import { httpCaller } from '../support/http-call';
import { liveAppForSuite } from '../support/live-app';
import type { TestApp } from '../support/test-app';
import { testEngines } from '../support/test-database';
import { sequenceAll } from '../../server/db/sequencer';

for (const engine of testEngines()) {
  describe(`PATCH /api/agents/{id} {active} [${engine}]`, () => {
    let t: TestApp & { close(): Promise<void> };
    let base: string;
    let owner: { cookie: string };
    const opened: OpenedStream[] = [];

    const call = httpCaller(() => base);
    const setActive = (id: number, active: unknown, cookie = owner.cookie) => call('PATCH', `/api/agents/${id}`, { cookie, body: { active } });
    const signIn = (email: string, password = FACTORY_PASSWORD) => call('POST', '/api/agents/login', { body: { email, password } });
    const leaderboard = async (query = '') => leaderboardBoardPage.parse((await call('GET', `/api/owner/leaderboard${query}`, { cookie: owner.cookie })).body);
    const open = async (path: string, cookie?: string) => {
      const stream = await openEventStream(`${base}${path}`, cookie ? { cookie } : {});
      opened.push(stream);
      return stream;
    };
    const auditRows = async (id: number) =>
      (await sequenceAll(t.database.db), queryRows)<{ action: string; before: unknown; after: unknown }>(
        t.database.db,
        sql`select action, before, after from audit_log where target_type = 'agent' and target_id = ${String(id)} and action like 'agent.%activated' order by id`,
      );

    liveAppForSuite(engine, opened, (app) => ({ t, base, owner } = app));

    it('ends the sessions and streams, refuses sign-in with its own message, keeps the history, and can be undone', async () => {
      const agent = await signedInAgent(t, { total: '1200.00' });
      const stream = await open('/api/events', agent.cookie);
      expect(stream.status).toBe(200);

      const made = await setActive(agent.id, false);
      expect(made.status, JSON.stringify(made.body)).toBe(200);
      expect(made.body).toMatchObject({ id: agent.id, status: 'inactive', totalIncome: '1200.00', totalEntries: 1 });
      // Its session has ended, and its open stream with it.
      expect((await call('GET', '/api/agents/me', { cookie: agent.cookie })).status).toBe(401);
      await stream.ended;
      // The right password is told why; a wrong one learns nothing more than before.
      const refused = await signIn(agent.email);
      expect(refused).toMatchObject({ status: 403, body: { message: ACCOUNT_INACTIVE } });
      expect((await signIn(agent.email, 'not the password at all')).status).toBe(401);
      // The history stays: figures, entries.
      const detail = await call('GET', `/api/agents/${agent.id}`, { cookie: owner.cookie });
      expect(detail.body).toMatchObject({ agent: { status: 'inactive', totalIncome: '1200.00' } });
      const entries = await call('GET', `/api/income-entries?agentId=${agent.id}`, { cookie: owner.cookie });
      expect(entries.status).toBe(200);
      expect(JSON.stringify(entries.body)).toContain('1200.00');
      // The agent list still shows it, marked inactive.
      const list = await call('GET', `/api/agents?search=${encodeURIComponent(agent.email)}`, { cookie: owner.cookie });
      expect(list.body).toMatchObject({ total: 1, agents: [{ id: agent.id, status: 'inactive' }] });

      // Asking again changes nothing and appends nothing.
      expect((await setActive(agent.id, false)).body).toMatchObject({ status: 'inactive' });
      expect((await auditRows(agent.id)).map((row) => row.action)).toEqual(['agent.deactivated']);

      const back = await setActive(agent.id, true);
      expect(back).toMatchObject({ status: 200, body: { id: agent.id, status: 'active' } });
      expect((await signIn(agent.email)).status).toBe(200);
      expect(await auditRows(agent.id)).toEqual([
        { action: 'agent.deactivated', before: { status: 'active' }, after: { status: 'inactive', sessionsEnded: 1 } },
        { action: 'agent.reactivated', before: { status: 'inactive' }, after: { status: 'active' } },
      ]);
    });

    it('leaves every board (dashboard, leaderboards of each period and mode, ranks, TV) and comes back when active', async () => {
      const now = t.clock.now;
      const lastMonth = new Date(now.getTime() - 35 * 24 * 60 * 60 * 1000);
      const top = await createAgent(t.database.db, { firstName: 'Topmost', lastName: 'Leaver' });
      await addIncome(t.database.db, top, '90000.00', { now, date: now });
      await addIncome(t.database.db, top, '500.00', { now, date: lastMonth });
      const viewer = await signedInAgent(t, { firstName: 'Viewing', lastName: 'Agent', total: '10.00' });
      const tv = await call('POST', '/api/tv-links', { cookie: owner.cookie, body: { name: 'Floor TV', showAmounts: true } });
      const tvToken = String(tv.body.token);

      const ids = (page: { agents: { id: number }[] }) => page.agents.map((agent) => agent.id);
      const boards = async () => {
        const dashboard = ownerDashboard.parse((await call('GET', '/api/owner/dashboard', { cookie: owner.cookie })).body);
        const pages = await Promise.all(
          ['', '?period=week', '?period=year', '?period=all', '?period=month&mode=growth', `?search=${encodeURIComponent(top.email)}`, '?offset=0&limit=100'].map(
            (query) => leaderboard(query),
          ),
        );
        const rank = myRank.parse((await call('GET', '/api/agents/me/rank?period=all', { cookie: viewer.cookie })).body);
        const tvBoard = (await call('GET', `/api/tv/${tvToken}`)).body;
        return { dashboard, pages, rank, tvBoard };
      };

      const before = await boards();
      expect(before.dashboard.agents[0]!.id).toBe(top.id);
      for (const [i, page] of before.pages.entries()) if (i !== 4) expect(ids(page), `board ${i}`).toContain(top.id);
      expect(before.rank.neighbours.map((row) => row.name)).toContain(top.name);
      expect(JSON.stringify(before.tvBoard)).toContain(top.name);

      expect((await setActive(top.id, false)).status).toBe(200);
      const after = await boards();
      expect(ids(after.dashboard)).not.toContain(top.id);
      expect(after.dashboard.overview.totalAgents).toBe(before.dashboard.overview.totalAgents - 1);
      // Its income stays in the team's totals: that history happened.
      expect(after.dashboard.timePeriods).toEqual(before.dashboard.timePeriods);
      for (const [i, page] of after.pages.entries()) expect(ids(page), `board ${i}`).not.toContain(top.id);
      expect(after.pages[0]!.total).toBe(before.pages[0]!.total - 1);
      expect(after.pages[5]!.total).toBe(0);
      expect(after.rank.of).toBe(before.rank.of - 1);
      expect(after.rank.rank).toBe(before.rank.rank - 1);
      expect(after.rank.neighbours.map((row) => row.name)).not.toContain(top.name);
      expect(JSON.stringify(after.tvBoard)).not.toContain(top.name);

      expect((await setActive(top.id, true)).status).toBe(200);
      const again = await boards();
      expect(again.dashboard.agents[0]!.id).toBe(top.id);
      expect(again.rank).toEqual(before.rank);
    });

    it('keeps its events from other agents and TV links, while staff still hear of them', async () => {
      const leaver = await createAgent(t.database.db, { firstName: 'Quiet', lastName: 'Leaver' });
      const stayer = await createAgent(t.database.db, { firstName: 'Loud', lastName: 'Stayer' });
      const other = await signedInAgent(t);
      const tv = await call('POST', '/api/tv-links', { cookie: owner.cookie, body: { name: 'Lobby TV', showAmounts: true } });
      expect((await setActive(leaver.id, false)).status).toBe(200);
      const staffStream = await open('/api/events', owner.cookie);
      const agentStream = await open('/api/events', other.cookie);
      const tvStream = await open(`/api/tv/${String(tv.body.token)}/events`);

      const reached = (agentId: number) => (message: StreamMessage) => message.type === 'tier.reached' && message.data.agentId === agentId;
      // A late commission for the inactive agent reaches a tier; then the active one does.
      const post = (agentId: number) => call('POST', '/api/income-entries', { cookie: owner.cookie, body: { agentId, amount: '6000.00' } });
      expect((await post(leaver.id)).status).toBe(201);
      expect((await post(stayer.id)).status).toBe(201);
      await staffStream.next(reached(leaver.id));
      await agentStream.next(reached(stayer.id));
      await tvStream.next(reached(stayer.id));
      expect(agentStream.messages.filter(reached(leaver.id))).toEqual([]);
      expect(tvStream.messages.filter((message) => message.data.agentId === leaver.id)).toEqual([]);
    });

    it('refuses password links for an inactive agent: the owner’s with a reason, the emailed one silently', async () => {
      const agent = await createAgent(t.database.db);
      const link = await call('POST', `/api/agents/${agent.id}/reset-link`, { cookie: owner.cookie });
      expect(link.status).toBe(201);
      const token = new URL(String(link.body.url)).hash.replace('#token=', '');
      expect((await setActive(agent.id, false)).status).toBe(200);
      // The link made before ends with the deactivation.
      expect((await call('POST', '/api/password-resets/complete', { body: { token, newPassword: 'a brand new password' } })).status).toBe(400);
      expect(await call('POST', `/api/agents/${agent.id}/reset-link`, { cookie: owner.cookie })).toMatchObject({ status: 409, body: { message: NO_LINK_FOR_INACTIVE } });
      const emailed = await call('POST', '/api/password-resets', { body: { email: agent.email } });
      expect(emailed.status).toBe(202);
      const queued = await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from email_outbox where agent_id = ${agent.id}`);
      expect(queued[0]!.n).toBe(0);
    });

    it('answers bad input, unknown agents and pending agents clearly, changing nothing', async () => {
      const agent = await createAgent(t.database.db);
      for (const body of [{}, { active: 'no' }, { active: null }, { active: false, name: 'x' }]) {
        const bad = await call('PATCH', `/api/agents/${agent.id}`, { cookie: owner.cookie, body });
        expect(bad.status, JSON.stringify(body)).toBe(400);
        expect(bad.body).toMatchObject({ code: 'VALIDATION_FAILED' });
      }
      expect((await setActive(999_999, false)).status).toBe(404);
      expect((await setActive(Number.NaN, false)).status).toBe(404);
      await t.database.db.execute(sql`update agents set status = 'pending' where id = ${agent.id}`);
      expect(await setActive(agent.id, false)).toMatchObject({ status: 409, body: { message: AGENT_PENDING_APPROVAL } });
      const [row] = await queryRows<{ status: string }>(t.database.db, sql`select status from agents where id = ${agent.id}`);
      expect(row!.status).toBe('pending');
      expect(await auditRows(agent.id)).toEqual([]);
      // A manager may not (the authorization matrix checks every caller).
      const manager = await signedInUser(t, 'manager');
      expect((await setActive(agent.id, false, manager.cookie)).status).toBe(403);
    });
  });
}
