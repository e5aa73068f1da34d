// The course of contests (docs/decisions/0077-contests.md): the start told once, standings told at most once a second
// as entries arrive, the end told with when the results freeze, back-dated entries and voids moving the standings in
// the grace period, then one final: the results frozen, audited, prizes awarded, a recurring contest's next window
// published; a race won by the first to reach the target in commit order, whatever happens after. On both engines,
// with the notifier's steps called as the notifier calls them.
import { sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { contest as contestSchema, contestList, contestStandings, type Contest } from '../../contract/contests';
import { queryRows } from '../../server/db/client';
import { latestEventId, readEventsAfter, type StoredEvent } from '../../server/db/events';
import { notifyEvents } from '../../server/db/operations/notify-events';
import { finaliseContest, tickContests, watchContests } from '../../server/db/operations/watch-contests';
import { sequenceAll } from '../../server/db/sequencer';
import { contestPrizeList } from '../../contract/contests';
import { rewardClaim } from '../../contract/rewards';
import { createAgent, ownerCookie, SESSIONS_OUTLIVE_CLOCK, signInAgent, uniqueSuffix } from '../factories/accounts';
import { addIncome, createRewardOption } from '../factories/rewards';
import { describeEachEngine, type TestApp } from '../support/test-app';

// Wednesday 2026-11-18, 15:00 UTC (the tests' organisation time zone is UTC).
const NOW = new Date('2026-11-18T15:00:00Z');
const TODAY = '2026-11-18';
const GRACE_HOURS = 24;

describeEachEngine('the course of contests', (get) => {
  let owner: string;
  let calls: string;
  let rewardOptionId: number;
  let tierId: number;

  async function call(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown) {
    const res = await get().request({ method, url, headers: { cookie: owner }, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
    return { status: res.statusCode, body: res.statusCode === 204 ? undefined : res.json() };
  }
  const made = async (body: Record<string, unknown>): Promise<Contest> => {
    const res = await call('POST', '/api/contests', { name: 'Call week', metric: calls, startsAt: TODAY, endsAt: '2026-11-24', format: 'total', ...body });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return contestSchema.parse(res.body);
  };
  const record = async (agentId: number, value: number, date = '2026-11-18T12:00:00Z') => {
    const res = await call('POST', '/api/activities', { agentId, metric: calls, value, date });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return (res.body as { id: number }).id;
  };
  const standingsOf = async (id: number) => {
    const res = await call('GET', `/api/contests/${id}/standings`);
    expect(res.status).toBe(200);
    return contestStandings.parse(res.body);
  };
  const stateOf = async (id: number) => contestSchema.parse((await call('GET', `/api/contests/${id}`)).body).state;
  const agents = async (...firsts: string[]) => {
    const made: { id: number; name: string; cookie: string }[] = [];
    for (const first of firsts) {
      const row = await createAgent(get().database.db, { firstName: first, lastName: `Runner ${uniqueSuffix()}`.slice(0, 30) });
      made.push({ id: row.id, name: row.name, cookie: (await signInAgent(get().database.db, row, SESSIONS_OUTLIVE_CLOCK)).cookie });
    }
    return made;
  };
  const asAgent = async (cookie: string, method: 'GET' | 'POST', url: string, payload?: unknown) => {
    const res = await get().request({ method, url, headers: { cookie }, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
    return { status: res.statusCode, body: res.json() as Record<string, unknown> };
  };
  const shipTo = { name: 'Ben Runner', email: 'ben@example.test', address: '1 Prize Lane', shippingInfo: 'Leave at the door' };

  /** The notifier's contest steps, until the events are all read: the watcher in batches of `batch`, then the clock's. */
  async function pass(t: TestApp, batch = 500) {
    await sequenceAll(t.database.db);
    while ((await watchContests(t.database.db, batch, t.clock.now, 'UTC')) > 0);
    const ticked = await tickContests(t.database.db, t.clock.now, 'UTC', GRACE_HOURS);
    await sequenceAll(t.database.db);
    while ((await notifyEvents(t.database.db, 500, t.clock.now, { appUrl: 'http://tiertrack.test' })) > 0);
    return ticked;
  }
  const contestEvents = async (t: TestApp, from: number, contestId: number): Promise<StoredEvent[]> => {
    await sequenceAll(t.database.db);
    return (await readEventsAfter(t.database.db, from, 10_000)).filter((event) => event.type.startsWith('contest.') && event.public.contestId === contestId);
  };

  beforeAll(async () => {
    const t = get();
    t.clock.now = NOW;
    owner = await ownerCookie(t, SESSIONS_OUTLIVE_CLOCK);
    calls = `calls-${uniqueSuffix()}`.toLowerCase().replace(/[^a-z0-9-]/g, '').slice(0, 40);
    expect((await call('POST', '/api/metrics', { key: calls, name: 'Calls', unit: 'count' })).status).toBe(201);
    const [tier] = await queryRows<{ id: number }>(t.database.db, sql`select id from tier_settings order by id limit 1`);
    tierId = tier!.id;
    rewardOptionId = (await createRewardOption(t.database.db, { tierId, title: 'A weekend away' })).id;
    // The watchers' cursors start at the newest event: from here on.
    await pass(t);
  });

  it('tells the start once, standings at most once a second, the end, and freezes the results after the grace', async () => {
    const t = get();
    t.clock.now = NOW;
    const [ana, ben, cleo] = await agents('Ana', 'Ben', 'Cleo');
    await sequenceAll(t.database.db);
    const from = await latestEventId(t.database.db);
    const contest = await made({
      participants: { kind: 'agents', ids: [ana!.id, ben!.id, cleo!.id] },
      prizes: [
        { place: 1, text: 'A weekend away', rewardOptionId },
        { place: 2, text: 'Lunch with the CEO' },
      ],
    });
    await pass(t);
    await pass(t);
    const notified = (kind: string) =>
      queryRows<{ agent_id: number | null; user_id: number | null; title: string; body: string }>(
        t.database.db,
        sql`select n.agent_id, n.user_id, n.title, n.body from notifications n join events e on e.id = n.event_id
          where n.kind = ${kind} and (e.public_data->>'contestId')::int = ${contest.id} order by n.agent_id nulls last, n.user_id`,
      );
    expect(await notified('contest_started')).toEqual(
      [ana!, ben!, cleo!].map((agent) => ({ agent_id: agent.id, user_id: null, title: 'The contest Call week has begun', body: 'Calls, from 2026-11-18 to 2026-11-24. The most by the end wins.' })),
    );
    const started = (await contestEvents(t, from, contest.id)).filter((event) => event.type === 'contest.started');
    expect(started).toHaveLength(1);
    expect(started[0]!.public).toMatchObject({ name: 'Call week', metric: calls, metricName: 'Calls', startsAt: TODAY, endsAt: '2026-11-24', format: 'total' });

    // Standings: told once for what arrived together, then not again within the second.
    await record(ana!.id, 5);
    await record(ben!.id, 3);
    expect((await pass(t)).standingsDueAt).toBeNull();
    const standingsTold = async () => (await contestEvents(t, from, contest.id)).filter((event) => event.type === 'contest.standings').length;
    expect(await standingsTold()).toBe(1);
    await record(cleo!.id, 1);
    expect((await pass(t)).standingsDueAt).toEqual(new Date(NOW.getTime() + 1_000));
    expect(await standingsTold()).toBe(1);
    t.clock.now = new Date(NOW.getTime() + 1_000);
    expect((await pass(t)).standingsDueAt).toBeNull();
    expect(await standingsTold()).toBe(2);
    // Nothing moved: nothing told.
    t.clock.now = new Date(NOW.getTime() + 5_000);
    await pass(t);
    expect(await standingsTold()).toBe(2);

    // The window closes at the end of the 24th: ended, told once with when the results freeze.
    t.clock.now = new Date('2026-11-25T01:00:00Z');
    await pass(t);
    await pass(t);
    expect(await stateOf(contest.id)).toBe('ended');
    const ended = (await contestEvents(t, from, contest.id)).filter((event) => event.type === 'contest.ended');
    expect(ended.map((event) => event.public.finalAt)).toEqual(['2026-11-26T00:00:00.000Z']);

    // In the grace period a back-dated entry still moves the standings; one outside the window does not.
    await record(ben!.id, 4, '2026-11-20T09:00:00Z');
    await record(cleo!.id, 50, '2026-11-25T00:30:00Z');
    expect((await standingsOf(contest.id)).standings.map((row) => [row.rank, row.name, row.value])).toEqual([
      [1, ben!.name, 7],
      [2, ana!.name, 5],
      [3, cleo!.name, 1],
    ]);
    t.clock.now = new Date('2026-11-25T23:59:00Z');
    await pass(t);
    expect(await stateOf(contest.id)).toBe('ended');

    // Final: frozen, audited, told, the prizes awarded by place.
    t.clock.now = new Date('2026-11-26T00:00:00Z');
    await pass(t);
    await pass(t);
    expect(await stateOf(contest.id)).toBe('final');
    const final = (await contestEvents(t, from, contest.id)).filter((event) => event.type === 'contest.final');
    expect(final).toHaveLength(1);
    expect(final[0]!.public).toEqual({ contestId: contest.id, name: 'Call week', metric: calls, metricName: 'Calls' });
    expect(final[0]!.private).toMatchObject({
      podium: [
        { rank: 1, id: ben!.id, name: ben!.name, value: 7 },
        { rank: 2, id: ana!.id, name: ana!.name, value: 5 },
        { rank: 3, id: cleo!.id, name: cleo!.name, value: 1 },
      ],
      prizesAwarded: 2,
    });
    // Each participant hears where it finished and what it won; the owner hears the podium.
    const podium = `1st ${ben!.name} (7), 2nd ${ana!.name} (5), 3rd ${cleo!.name} (1).`;
    const results = await notified('contest_result');
    expect(results.filter((row) => row.agent_id !== null)).toEqual([
      { agent_id: ana!.id, user_id: null, title: 'You won Lunch with the CEO in Call week!', body: `You finished 2nd. ${podium}` },
      { agent_id: ben!.id, user_id: null, title: 'You won A weekend away in Call week!', body: `You finished 1st. ${podium}` },
      { agent_id: cleo!.id, user_id: null, title: 'Call week is final', body: `You finished 3rd. ${podium}` },
    ]);
    expect(results.filter((row) => row.user_id !== null).map((row) => [row.title, row.body])).toContainEqual(['Call week is final', podium]);
    const awards = await queryRows<{ place: number; agent_id: number; prize_text: string; reward_option_id: number | null }>(
      t.database.db,
      sql`select place, agent_id, prize_text, reward_option_id from contest_awards where contest_id = ${contest.id} order by place`,
    );
    expect(awards).toEqual([
      { place: 1, agent_id: ben!.id, prize_text: 'A weekend away', reward_option_id: rewardOptionId },
      { place: 2, agent_id: ana!.id, prize_text: 'Lunch with the CEO', reward_option_id: null },
    ]);
    const audit = await queryRows<{ actor_kind: string; after: { state: string; participants: number } }>(
      t.database.db,
      sql`select actor_kind, after from audit_log where action = 'contest.finalised' and target_id = ${String(contest.id)}`,
    );
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor_kind: 'system', after: { state: 'final', participants: 3 } });

    // Frozen: a later back-dated entry or a void no longer moves the results.
    const late = await record(ana!.id, 10, '2026-11-21T09:00:00Z');
    expect((await call('POST', `/api/activities/${late}/void`, { reason: 'Entered by mistake' })).status).toBe(200);
    await record(ana!.id, 10, '2026-11-21T10:00:00Z');
    await pass(t);
    const frozen = await standingsOf(contest.id);
    expect(frozen.state).toBe('final');
    expect(frozen.standings.map((row) => [row.rank, row.name, row.value, row.gap])).toEqual([
      [1, ben!.name, 7, null],
      [2, ana!.name, 5, 2],
      [3, cleo!.name, 1, 4],
    ]);
    // A final contest cannot be cancelled.
    expect((await call('POST', `/api/contests/${contest.id}/cancel`)).status).toBe(409);
  });

  it('turns a prize that is a reward into the winner’s claim, which goes through the claim lifecycle', async () => {
    const t = get();
    t.clock.now = NOW;
    const [kim, lou] = await agents('Kim', 'Lou');
    const contest = await made({
      name: 'Prize week',
      endsAt: '2026-11-20',
      participants: { kind: 'agents', ids: [kim!.id, lou!.id] },
      prizes: [
        { place: 1, text: 'A weekend away', rewardOptionId },
        { place: 2, text: 'A handshake' },
      ],
    });
    await record(kim!.id, 8);
    await record(lou!.id, 2);
    t.clock.now = new Date('2026-11-22T00:00:00Z');
    await pass(t);
    expect(await stateOf(contest.id)).toBe('final');

    const prizesOf = async (cookie: string) => {
      const res = await asAgent(cookie, 'GET', '/api/agents/me/prizes');
      expect(res.status).toBe(200);
      return contestPrizeList.parse(res.body).prizes.filter((prize) => prize.contestId === contest.id);
    };
    const [won] = await prizesOf(kim!.cookie);
    expect(won).toMatchObject({ contestName: 'Prize week', place: 1, prizeText: 'A weekend away', rewardTitle: 'A weekend away', claim: null });
    const [handshake] = await prizesOf(lou!.cookie);
    expect(handshake).toMatchObject({ place: 2, prizeText: 'A handshake', rewardTitle: null });

    // Not one's own prize: not found; a prize given in person: nothing to claim; bad details: refused, nothing made.
    expect((await asAgent(lou!.cookie, 'POST', `/api/agents/me/prizes/${won!.id}/claim`, shipTo)).status).toBe(404);
    const inPerson = await asAgent(lou!.cookie, 'POST', `/api/agents/me/prizes/${handshake!.id}/claim`, shipTo);
    expect(inPerson.status).toBe(409);
    expect(inPerson.body.message).toBe('A handshake is not a reward to claim: it is given to you in person');
    const invalid = await asAgent(kim!.cookie, 'POST', `/api/agents/me/prizes/${won!.id}/claim`, { ...shipTo, email: 'not an email' });
    expect(invalid.status).toBe(400);
    expect((await prizesOf(kim!.cookie))[0]!.claim).toBeNull();

    const claimed = await asAgent(kim!.cookie, 'POST', `/api/agents/me/prizes/${won!.id}/claim`, shipTo);
    expect(claimed.status, JSON.stringify(claimed.body)).toBe(201);
    const claimId = (claimed.body.claim as { id: number }).id;
    expect((await prizesOf(kim!.cookie))[0]!.claim).toEqual({ id: claimId, status: 'pending' });
    expect((await asAgent(kim!.cookie, 'POST', `/api/agents/me/prizes/${won!.id}/claim`, shipTo)).status).toBe(409);

    // The owner sees it among the claims, as the contest's prize, and moves it along like any claim.
    const claims = await call('GET', '/api/owner/reward-claims?status=pending');
    const listed = (claims.body as unknown[]).map((row) => rewardClaim.parse(row)).find((row) => row.id === claimId);
    expect(listed).toMatchObject({ agentId: kim!.id, rewardTitle: 'A weekend away', address: '1 Prize Lane', prize: { contestId: contest.id, contestName: 'Prize week', place: 1 } });
    expect((await call('PATCH', `/api/reward-claims/${claimId}/process`)).status).toBe(200);
    expect((await prizesOf(kim!.cookie))[0]!.claim).toEqual({ id: claimId, status: 'processed' });

    // The tier of the prize's reward stays Kim's own to claim when Kim reaches it.
    await addIncome(t.database.db, kim!, '6000.00', { now: t.clock.now });
    const tierClaim = await asAgent(kim!.cookie, 'POST', '/api/agents/claim-reward', {
      tierId,
      rewardOptionId,
      agentData: { name: 'Kim Runner', email: 'kim@example.test', address: '2 Tier Road' },
    });
    expect(tierClaim.status, JSON.stringify(tierClaim.body)).toBe(201);
    const mine = await asAgent(kim!.cookie, 'GET', '/api/agents/me/claims');
    expect((mine.body as unknown as { prize: unknown }[]).map((row) => row.prize)).toEqual([null, { contestId: contest.id, contestName: 'Prize week', place: 1 }]);
  });

  it('gives a race to the first to reach the target in commit order, and keeps it through a void', async () => {
    const t = get();
    t.clock.now = NOW;
    const [dora, eli] = await agents('Dora', 'Eli');
    await sequenceAll(t.database.db);
    const from = await latestEventId(t.database.db);
    const race = await made({ name: 'First to ten', format: 'race', target: 10, participants: { kind: 'agents', ids: [dora!.id, eli!.id] } });
    await pass(t);
    await record(dora!.id, 6);
    await record(eli!.id, 9);
    const crossing = await record(dora!.id, 5);
    await record(eli!.id, 3);
    // Read one event at a time: each step's figures are those as of its event, not the tables' now.
    await pass(t, 1);
    const board = await standingsOf(race.id);
    expect(board.raceWinner).toBe(dora!.name);
    expect(board.standings.map((row) => [row.rank, row.name, row.value, row.percentOfTarget])).toEqual([
      [1, dora!.name, 11, 110],
      [2, eli!.name, 12, 120],
    ]);
    const told = (await contestEvents(t, from, race.id)).filter((event) => event.type === 'contest.standings' && event.public.raceWonBy !== null);
    expect(told.map((event) => event.public.raceWonBy)).toEqual([dora!.name]);
    // A void after the race was won does not take it back.
    expect((await call('POST', `/api/activities/${crossing}/void`, { reason: 'Counted twice' })).status).toBe(200);
    await pass(t);
    expect((await standingsOf(race.id)).raceWinner).toBe(dora!.name);

    // Final: the winner takes first place whatever the figures.
    t.clock.now = new Date('2026-11-26T00:00:00Z');
    await pass(t);
    expect((await standingsOf(race.id)).standings.map((row) => [row.rank, row.name])).toEqual([
      [1, dora!.name],
      [2, eli!.name],
    ]);
  });

  it('reads the events of one batch in order too, and names the highest when the target was reached before any event (an import)', async () => {
    const t = get();
    t.clock.now = NOW;
    const [fay, gus, hal] = await agents('Fay', 'Gus', 'Hal');
    const race = await made({ name: 'Batch race', format: 'race', target: 4, participants: { kind: 'agents', ids: [fay!.id, gus!.id] } });
    await pass(t);
    await record(gus!.id, 4);
    await record(fay!.id, 9);
    await pass(t);
    expect((await standingsOf(race.id)).raceWinner).toBe(gus!.name);

    // Figures that reached the target with no event to order them by: the highest wins.
    const imported = await made({ name: 'Imported race', format: 'race', target: 3, participants: { kind: 'agents', ids: [fay!.id, gus!.id, hal!.id] } });
    expect((await standingsOf(imported.id)).raceWinner).toBeNull();
    await record(hal!.id, 1);
    await pass(t);
    expect((await standingsOf(imported.id)).raceWinner).toBe(fay!.name);
  });

  it('publishes a recurring contest’s next window when it is final, and never finalises twice', async () => {
    const t = get();
    t.clock.now = NOW;
    const [ivy] = await agents('Ivy');
    const weekly = await made({ name: 'Weekly calls', participants: { kind: 'agents', ids: [ivy!.id] }, recurrence: 'weekly', endsAt: '2026-11-20' });
    await record(ivy!.id, 2);
    await pass(t);
    t.clock.now = new Date('2026-11-22T00:00:00Z');
    // Two instances at once: one finalises, the other finds it taken or done.
    const outcomes = await Promise.all([
      finaliseContest(t.database.db, weekly.id, t.clock.now, 'UTC', GRACE_HOURS),
      finaliseContest(t.database.db, weekly.id, t.clock.now, 'UTC', GRACE_HOURS),
    ]);
    expect(outcomes.filter(Boolean)).toHaveLength(1);
    expect(await queryRows(t.database.db, sql`select name, rank, value::text as value from contest_results where contest_id = ${weekly.id}`)).toEqual([
      { name: ivy!.name, rank: 1, value: '2.00' },
    ]);
    const next = contestList.parse((await call('GET', '/api/contests')).body).contests.filter((listed) => listed.name === 'Weekly calls' && listed.id !== weekly.id);
    expect(next.map((listed) => [listed.startsAt, listed.endsAt, listed.state, listed.recurrence])).toEqual([['2026-11-25', '2026-11-27', 'scheduled', 'weekly']]);
  });

  it('neither starts nor finalises a cancelled contest or a draft', async () => {
    const t = get();
    t.clock.now = NOW;
    const [jo] = await agents('Jo');
    await sequenceAll(t.database.db);
    const from = await latestEventId(t.database.db);
    const cancelled = await made({ name: 'Called off', participants: { kind: 'agents', ids: [jo!.id] }, startsAt: '2026-11-19' });
    expect((await call('POST', `/api/contests/${cancelled.id}/cancel`)).status).toBe(200);
    const draft = await made({ name: 'Not yet', participants: { kind: 'agents', ids: [jo!.id] }, draft: true });
    t.clock.now = new Date('2026-11-30T00:00:00Z');
    await pass(t);
    expect(await stateOf(cancelled.id)).toBe('cancelled');
    expect(await stateOf(draft.id)).toBe('draft');
    expect((await contestEvents(t, from, cancelled.id)).map((event) => event.type)).toEqual(['contest.changed', 'contest.changed']);
    expect(await contestEvents(t, from, draft.id)).toHaveLength(1);
  });
});
