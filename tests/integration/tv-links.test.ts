// TV links (docs/product.md §11.20, §12.8): the owner makes, lists and revokes them; a board reads its snapshot and its live
// stream with the token alone, public fields only, amounts only when the link allows them. Both engines, over HTTP.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TV_LINK_NOT_FOUND, TV_LINK_REVOKED, type CreatedTvLink, type TvSnapshot } from '../../contract/tv-links';
import { watchBadges } from '../../server/db/operations/watch-badges';
import { sequenceAll } from '../../server/db/sequencer';
import { finaliseContest } from '../../server/db/operations/watch-contests';
import { localDay, shiftDay } from '../../server/domain/periods';
import { signedInAgent, signedInUser } from '../factories/accounts';
import { addIncome } from '../factories/rewards';
import { openEventStream, type OpenedStream } from '../support/event-stream';
import { listening, startTestApp, type TestApp } from '../support/test-app';
import { testEngines } from '../support/test-database';

for (const engine of testEngines()) {
  describe(`TV links [${engine}]`, () => {
    let t: TestApp & { close(): Promise<void> };
    let base: string;
    let owner: { cookie: string };
    const opened: OpenedStream[] = [];

    const call = (method: string, path: string, body?: unknown, cookie = owner.cookie) =>
      fetch(`${base}${path}`, {
        method,
        headers: { cookie, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      });
    const createLink = async (name: string, showAmounts: boolean) => {
      const res = await call('POST', '/api/tv-links', { name, showAmounts });
      expect(res.status).toBe(201);
      return (await res.json()) as CreatedTvLink;
    };
    const openTv = async (token: string) => {
      const stream = await openEventStream(`${base}/api/tv/${token}/events`);
      opened.push(stream);
      return stream;
    };

    beforeAll(async () => {
      t = await startTestApp(engine, { eventHub: { checkCredentialsMs: 200, leaderboardEveryMs: 200 } });
      base = await listening(t);
      owner = await signedInUser(t, 'owner');
    });
    afterAll(async () => {
      for (const stream of opened) stream.close();
      await t.close();
    });

    it('makes a link whose token is shown once, lists it without the token, and refuses bad input with nothing made', async () => {
      const link = await createLink('Sales floor TV', false);
      expect(link).toMatchObject({ name: 'Sales floor TV', showAmounts: false });
      expect(link.token).toMatch(/^[A-Za-z0-9_-]{32}$/);
      expect(link.url).toBe(`${base}/tv/${link.token}`);
      const list = (await (await call('GET', '/api/tv-links')).json()) as { links: Record<string, unknown>[] };
      const listed = list.links.find((row) => row.id === link.id);
      expect(listed).toEqual({ id: link.id, name: 'Sales floor TV', showAmounts: false, metrics: [], createdAt: link.createdAt });

      for (const [body, message] of [
        [{ name: '', showAmounts: true }, 'Name is required'],
        [{ name: 'TV' }, 'showAmounts must be true or false'],
        [{ name: 'TV', showAmounts: 'yes' }, 'showAmounts must be true or false'],
        [{ name: 'TV\u202Eevil', showAmounts: true }, 'Name must not contain invisible or text-direction characters'],
      ] as const) {
        const res = await call('POST', '/api/tv-links', body);
        expect(res.status).toBe(400);
        expect(((await res.json()) as { message: string }).message).toContain(message);
      }
      const extra = await call('POST', '/api/tv-links', { name: 'TV', showAmounts: true, token: 'mine' });
      expect(extra.status).toBe(400);
      const after = (await (await call('GET', '/api/tv-links')).json()) as { links: unknown[] };
      expect(after.links.length).toBe(list.links.length);
    });

    it('shows the week and month boards and the latest wins, public fields only, amounts only when allowed', async () => {
      const top = await signedInAgent(t, { firstName: 'Top', lastName: 'Seller', email: `top-${engine}@example.test` });
      const second = await signedInAgent(t, { firstName: 'Second', lastName: 'Seller' });
      await addIncome(t.database.db, top, '9000.00', { now: t.clock.now, description: 'Renewal: Secret Client' });
      await addIncome(t.database.db, second, '4000.00', { now: t.clock.now });
      await addIncome(t.database.db, second, '-100.00', { now: t.clock.now, description: 'Chargeback' });

      const plain = await createLink('No amounts', false);
      const withAmounts = await createLink('With amounts', true);
      const anonymous = (token: string) => fetch(`${base}/api/tv/${token}`);

      const res = await anonymous(plain.token);
      expect(res.status).toBe(200);
      const snapshot = (await res.json()) as TvSnapshot;
      expect(snapshot.name).toBe('No amounts');
      expect(snapshot.showAmounts).toBe(false);
      for (const board of [snapshot.week, snapshot.month]) {
        const rows = board.filter((row) => row.agentId === top.id || row.agentId === second.id);
        expect(rows.map((row) => row.name)).toEqual(['Top Seller', 'Second Seller']);
        expect(rows[0]!.rank).toBeLessThan(rows[1]!.rank);
      }
      expect(snapshot.wins.slice(0, 2).map((win) => win.agentName)).toEqual(['Second Seller', 'Top Seller']);
      const text = JSON.stringify(snapshot);
      for (const hidden of ['"amount"', '9000', 'Secret Client', 'Chargeback', `top-${engine}@example.test`, '@']) expect(text).not.toContain(hidden);

      const shown = (await (await anonymous(withAmounts.token)).json()) as TvSnapshot;
      expect(shown.month.find((row) => row.agentId === top.id)?.amount).toBe('9000.00');
      expect(shown.wins.find((win) => win.agentId === second.id)?.amount).toBe('4000.00');
      expect(JSON.stringify(shown)).not.toContain('Secret Client');
    });

    it('shows the team goals in force: percent and pace always, money only when the link shows amounts', async () => {
      const agent = await signedInAgent(t, { firstName: 'Tv', lastName: 'Goal' });
      const team = await call('POST', '/api/teams', { name: 'TV goal team', agentIds: [agent.id] });
      expect(team.status).toBe(201);
      const teamId = ((await team.json()) as { id: number }).id;
      const metric = await call('POST', '/api/metrics', { key: 'tv-calls', name: 'Calls', unit: 'count' });
      expect(metric.status).toBe(201);
      for (const body of [
        { teamId, metric: 'profit', period: 'month', target: '4000.00' },
        { teamId, metric: 'tv-calls', period: 'week', target: 10 },
        // An agent's goal is not the TV's.
        { agentId: agent.id, metric: 'profit', period: 'week', target: '100.00' },
      ]) {
        const res = await call('POST', '/api/goals', body);
        expect(res.status, await res.clone().text()).toBe(201);
      }
      await addIncome(t.database.db, agent, '1000.00', { now: t.clock.now });
      expect((await call('POST', '/api/activities', { agentId: agent.id, metric: 'tv-calls', value: 4 })).status).toBe(201);
      const quiet = await createLink('Goals without amounts', false);
      const loud = await createLink('Goals with amounts', true);
      const read = async (token: string) => ((await (await fetch(`${base}/api/tv/${token}`)).json()) as TvSnapshot).teamGoals.filter((goal) => goal.teamName === 'TV goal team');
      const hidden = await read(quiet.token);
      expect(hidden.map(({ goalId: _id, pace: _pace, ...goal }) => goal)).toEqual([
        { teamName: 'TV goal team', metricName: 'Profit', unit: 'money', period: 'month', percent: 25 },
        { teamName: 'TV goal team', metricName: 'Calls', unit: 'count', period: 'week', percent: 40, actual: 4, target: 10 },
      ]);
      for (const goal of hidden) expect(['ahead', 'on_track', 'behind']).toContain(goal.pace);
      const shown = await read(loud.token);
      expect(shown[0]).toMatchObject({ metricName: 'Profit', percent: 25, actual: '1000.00', target: '4000.00' });
    });

    it('gives each metric a link names a slide of its week’s board: counts always, money only when amounts are shown', async () => {
      for (const metric of [{ key: 'tv-deals', name: 'Deals', unit: 'count' }, { key: 'tv-pipeline', name: 'Pipeline', unit: 'money' }]) {
        expect((await call('POST', '/api/metrics', metric)).status).toBe(201);
      }
      const agent = await signedInAgent(t, { firstName: 'Slide', lastName: 'Star' });
      expect((await call('POST', '/api/activities', { agentId: agent.id, metric: 'tv-deals', value: 7 })).status).toBe(201);
      expect((await call('POST', '/api/activities', { agentId: agent.id, metric: 'tv-pipeline', value: '2500.00' })).status).toBe(201);
      const res = await call('POST', '/api/tv-links', { name: 'Deals TV', showAmounts: false, metrics: ['tv-pipeline', 'tv-deals'] });
      expect(res.status).toBe(201);
      const link = (await res.json()) as CreatedTvLink;
      expect(link.metrics).toEqual(['tv-pipeline', 'tv-deals']);
      const listed = ((await (await call('GET', '/api/tv-links')).json()) as { links: { id: number; metrics: string[] }[] }).links.find((row) => row.id === link.id);
      expect(listed!.metrics).toEqual(['tv-pipeline', 'tv-deals']);
      const snapshot = (await (await fetch(`${base}/api/tv/${link.token}`)).json()) as TvSnapshot;
      expect(snapshot.metricBoards.map((board) => [board.metric, board.name, board.unit])).toEqual([
        ['tv-pipeline', 'Pipeline', 'money'],
        ['tv-deals', 'Deals', 'count'],
      ]);
      expect(snapshot.metricBoards[0]!.week.find((row) => row.agentId === agent.id)).toEqual({ rank: 1, agentId: agent.id, name: agent.name });
      expect(snapshot.metricBoards[1]!.week.find((row) => row.agentId === agent.id)).toEqual({ rank: 1, agentId: agent.id, name: agent.name, amount: '7.00' });
      // A link with none has none.
      expect(((await (await fetch(`${base}/api/tv/${(await createLink('Plain TV', true)).token}`)).json()) as TvSnapshot).metricBoards).toEqual([]);

      const before = ((await (await call('GET', '/api/tv-links')).json()) as { links: unknown[] }).links.length;
      for (const [metrics, message] of [
        [['nope'], 'metrics: there is no metric "nope"'],
        [['profit'], 'Profit is on every TV board already: metrics names the others'],
        [['tv-deals', 'tv-deals'], 'metrics must not repeat a metric'],
        [['a', 'b', 'c', 'd'], 'metrics must be a list of at most 3 metric keys'],
        ['tv-deals', 'metrics must be a list of at most 3 metric keys'],
      ] as const) {
        const refused = await call('POST', '/api/tv-links', { name: 'Bad TV', showAmounts: false, metrics });
        expect(refused.status, JSON.stringify(metrics)).toBe(400);
        expect(((await refused.json()) as { message: string }).message).toBe(message);
      }
      expect(((await (await call('GET', '/api/tv-links')).json()) as { links: unknown[] }).links).toHaveLength(before);
    });

    it('shows the contests on TV with when they end and their first places, public fields only, then the final one for a day', async () => {
      const ana = await signedInAgent(t, { firstName: 'Ana', lastName: 'Racer' });
      const ben = await signedInAgent(t, { firstName: 'Ben', lastName: 'Hidden' });
      expect((await call('PATCH', '/api/agents/me', { publicProfile: false }, ben.cookie)).status).toBe(200);
      expect((await call('POST', '/api/metrics', { key: 'tv-meetings', name: 'Meetings', unit: 'count' })).status).toBe(201);
      const today = localDay(t.clock.now, 'UTC');
      const make = async (body: Record<string, unknown>) => {
        const res = await call('POST', '/api/contests', { startsAt: today, endsAt: shiftDay(today, { days: 2 }), participants: { kind: 'agents', ids: [ana.id, ben.id] }, ...body });
        expect(res.status, await res.clone().text()).toBe(201);
        return ((await res.json()) as { id: number }).id;
      };
      const race = await make({ name: 'TV race', metric: 'tv-meetings', format: 'race', target: 5, showOnTv: true });
      const money = await make({ name: 'TV money', metric: 'profit', format: 'total', showOnTv: true });
      await make({ name: 'Not on TV', metric: 'profit', format: 'total', showOnTv: false });
      expect((await call('POST', '/api/activities', { agentId: ana.id, metric: 'tv-meetings', value: 3 })).status).toBe(201);
      expect((await call('POST', '/api/activities', { agentId: ben.id, metric: 'tv-meetings', value: 6 })).status).toBe(201);
      await addIncome(t.database.db, ana, '500.00', { now: t.clock.now });
      const read = async (token: string) => ((await (await fetch(`${base}/api/tv/${token}`)).json()) as TvSnapshot).contests.filter((contest) => contest.name.startsWith('TV ') || contest.name === 'Not on TV');
      const quiet = await read((await createLink('Contests without amounts', false)).token);
      expect(quiet.map((contest) => contest.name)).toEqual(['TV race', 'TV money']);
      expect(quiet[0]).toEqual({
        contestId: race,
        name: 'TV race',
        metricName: 'Meetings',
        unit: 'count',
        format: 'race',
        state: 'running',
        endsAt: `${shiftDay(today, { days: 3 })}T00:00:00.000Z`,
        target: 5,
        raceWinner: null,
        top: [
          { rank: 1, name: 'Anonymous agent', value: 6, percentOfTarget: 120 },
          { rank: 2, name: ana.name, value: 3, percentOfTarget: 60 },
        ],
      });
      expect(quiet[1]!.top).toEqual([
        { rank: 1, name: ana.name, percentOfTarget: null },
        { rank: 2, name: 'Anonymous agent', percentOfTarget: null },
      ]);
      const loud = await read((await createLink('Contests with amounts', true)).token);
      expect(loud[1]!.top[0]).toEqual({ rank: 1, name: ana.name, value: '500.00', percentOfTarget: null });

      // Final: on TV for a day after it froze, then gone.
      const finalAt = new Date(`${shiftDay(today, { days: 4 })}T00:00:00.000Z`);
      expect(await finaliseContest(t.database.db, money, finalAt, 'UTC', 24)).toBe(true);
      const saved = t.clock.now;
      try {
        t.clock.now = new Date(finalAt.getTime() + 60_000);
        const after = await read((await createLink('Contests later', false)).token);
        expect(after.map((contest) => [contest.name, contest.state])).toEqual([['TV money', 'final']]);
        expect(after[0]!.top.map((row) => row.name)).toEqual([ana.name, 'Anonymous agent']);
        t.clock.now = new Date(finalAt.getTime() + 25 * 60 * 60 * 1000);
        expect(await read((await createLink('Contests much later', false)).token)).toEqual([]);
      } finally {
        t.clock.now = saved;
      }
    });

    it('streams wins and tiers reached to a board, without private fields, amounts only when allowed', async () => {
      const plain = await createLink('Plain board', false);
      const withAmounts = await createLink('Amounts board', true);
      const [plainStream, amountStream] = await Promise.all([openTv(plain.token), openTv(withAmounts.token)]);
      expect(plainStream.status).toBe(200);
      const agent = await signedInAgent(t, { firstName: 'Ticker', lastName: 'Agent' });
      await addIncome(t.database.db, agent, '5000.00', { now: t.clock.now, description: 'Renewal: Private Co' });

      const isWin = (m: { type: string; data: Record<string, unknown> }) => m.type === 'entry.created' && m.data.agentId === agent.id;
      const plainWin = await plainStream.next(isWin);
      expect(plainWin.data).toEqual({ entryId: expect.any(Number), agentId: agent.id, agentName: 'Ticker Agent', transactionType: 'addition', date: expect.any(String) });
      expect((await amountStream.next(isWin)).data).toMatchObject({ amount: '5000.00', agentName: 'Ticker Agent' });
      const tier = await plainStream.next((m) => m.type === 'tier.reached' && m.data.agentId === agent.id);
      expect(tier.data).toMatchObject({ agentName: 'Ticker Agent', tierName: 'Starter' });
      await plainStream.next((m) => m.type === 'leaderboard.changed');
      const all = JSON.stringify([...plainStream.messages, ...amountStream.messages]);
      expect(all).not.toContain('Private Co');
      expect(all).not.toContain('newTotal');
      expect(all).not.toContain('agent.created');
      expect(JSON.stringify(plainStream.messages)).not.toContain('"amount"');
    });

    // Issue 30: an agent who opted out of public boards was "Anonymous agent" by name but kept its agentId on TV
    // boards and in TV streams (and in other agents' streams), which followed it from board to board.
    it('never carries the id of an agent who opted out of public boards: board, ticker and streams', async () => {
      const link = await createLink('Privacy board', true);
      const tv = await openTv(link.token);
      const peer = await signedInAgent(t, { firstName: 'Peer', lastName: 'Watcher' });
      const peerStream = await openEventStream(`${base}/api/events`, { cookie: peer.cookie });
      opened.push(peerStream);
      const shy = await signedInAgent(t, { firstName: 'Shy', lastName: 'Closer' });
      expect((await call('PATCH', '/api/agents/me', { publicProfile: false }, shy.cookie)).status).toBe(200);
      await addIncome(t.database.db, shy, '7777.00', { now: t.clock.now });

      const win = await tv.next((m) => m.type === 'entry.created' && m.data.amount === '7777.00');
      expect(win.data).toMatchObject({ agentId: null, agentName: 'Anonymous agent' });
      for (const stream of [tv, peerStream]) {
        const tier = await stream.next((m) => m.type === 'tier.reached' && m.data.agentName === 'Anonymous agent' && m.data.tierName === 'Starter');
        expect(tier.data.agentId).toBeNull();
      }
      const snapshot = (await (await fetch(`${base}/api/tv/${link.token}`)).json()) as TvSnapshot;
      for (const board of [snapshot.week, snapshot.month]) expect(board.find((row) => row.amount === '7777.00')).toMatchObject({ agentId: null, name: 'Anonymous agent' });
      expect(snapshot.wins.find((row) => row.amount === '7777.00')).toMatchObject({ agentId: null, agentName: 'Anonymous agent' });
      const seen = JSON.stringify([snapshot, tv.messages, peerStream.messages]);
      expect(seen).not.toContain(`"agentId":${shy.id}`);
      expect(seen).not.toContain('Shy Closer');
    });

    it('celebrates a badge earned on the board as a tier is: its name and what earned it, the agent anonymous when it opted out', async () => {
      const rule = await call('POST', '/api/badges', { kind: 'first_entry', name: `Opening act ${engine}` });
      expect(rule.status).toBe(201);
      const tv = await openTv((await createLink('Badge board', false)).token);
      const shown = await signedInAgent(t, { firstName: 'Badge', lastName: 'Earner' });
      const shy = await signedInAgent(t, { firstName: 'Quiet', lastName: 'Earner' });
      expect((await call('PATCH', '/api/agents/me', { publicProfile: false }, shy.cookie)).status).toBe(200);
      // The badge watcher's cursor, made at the newest event as the app makes it when it starts.
      await sequenceAll(t.database.db);
      while ((await watchBadges(t.database.db, 500, t.clock.now, 'UTC')) > 0);
      await addIncome(t.database.db, shown, '120.00', { now: t.clock.now });
      await addIncome(t.database.db, shy, '130.00', { now: t.clock.now });
      // The entries' events wait in the inboxes until a sequencer pass places them; the watcher reads only placed
      // events, so place them first rather than race the hub's own pass (which a busy machine can make late).
      await sequenceAll(t.database.db);
      while ((await watchBadges(t.database.db, 500, t.clock.now, 'UTC')) > 0);

      const named = await tv.next((m) => m.type === 'badge.awarded' && m.data.agentId === shown.id);
      expect(named.data).toEqual({ agentId: shown.id, agentName: 'Badge Earner', badgeId: expect.any(Number), ruleId: expect.any(Number), kind: 'first_entry', name: `Opening act ${engine}`, detail: 'A first sale recorded' });
      const anonymous = await tv.next((m) => m.type === 'badge.awarded' && m.data.agentName === 'Anonymous agent');
      expect(anonymous.data.agentId).toBeNull();
      expect(JSON.stringify(tv.messages)).not.toContain('Quiet Earner');
      // Switched off, so that later tests' first entries earn nothing.
      expect((await call('PATCH', `/api/badges/${((await rule.json()) as { id: number }).id}`, { active: false })).status).toBe(200);
    });

    it('refuses unknown, malformed and revoked tokens with a 404 (a revoked one says so), and revoking ends the board stream', async () => {
      const link = await createLink('Soon revoked', true);
      const stream = await openTv(link.token);
      expect(stream.status).toBe(200);
      for (const token of ['x'.repeat(32), 'short', link.token.slice(0, 31) + '!']) {
        for (const path of [`/api/tv/${encodeURIComponent(token)}`, `/api/tv/${encodeURIComponent(token)}/events`]) {
          const res = await fetch(`${base}${path}`);
          expect(res.status).toBe(404);
          expect(await res.json()).toEqual({ code: 'NOT_FOUND', message: TV_LINK_NOT_FOUND });
        }
      }
      expect((await call('DELETE', `/api/tv-links/${link.id}`)).status).toBe(204);
      await stream.ended;
      for (const path of [`/api/tv/${link.token}`, `/api/tv/${link.token}/events`]) {
        const res = await fetch(`${base}${path}`);
        expect(res.status).toBe(404);
        expect(await res.json()).toEqual({ code: 'NOT_FOUND', message: TV_LINK_REVOKED });
      }
      const list = (await (await call('GET', '/api/tv-links')).json()) as { links: { id: number }[] };
      expect(list.links.map((row) => row.id)).not.toContain(link.id);
      expect((await call('DELETE', `/api/tv-links/${link.id}`)).status).toBe(404);
    });

    it('ends a board stream revoked elsewhere (another instance) at the next check', async () => {
      const link = await createLink('Revoked in the database', false);
      const stream = await openTv(link.token);
      expect(stream.status).toBe(200);
      // As another instance would: the row changes, this instance's hub is not told.
      const { revokeTvLink } = await import('../../server/db/queries/tv-links');
      expect(await revokeTvLink(t.database.db, link.id, new Date())).toBe(true);
      await stream.ended;
    });
  });
}
