// The requests the benchmark sends, each kind with fresh random parameters (a page, a search, an agent, an amount),
// as the owner or one of the generated agents.
import type { AutocannonRequest } from 'autocannon';
import { BENCH_OWNER } from './protocol';
import { REFERENCE_AGENT_PASSWORD } from './reference-data';

export const requestKinds = [
  'dashboard',
  'leaderboard',
  'agentTierData',
  'agentsList',
  'incomeEntry',
  'leaderboardAnyPage',
  'leaderboardSearch',
  'agentsSearch',
  'periodLeaderboard',
  'trends',
  'agentHistory',
  'myRank',
  'metricLeaderboard',
  'activity',
  'goalProgress',
  'contestStandings',
] as const;
export type RequestKind = (typeof requestKinds)[number];

/** The status a request of that kind answers when it succeeds. */
export const expectedStatus = (kind: RequestKind) => (kind === 'incomeEntry' || kind === 'activity' ? 201 : 200);

/** The reference data set's count metrics (scripts/bench/bulk-load.ts REFERENCE_METRICS). */
const METRIC_KEYS = ['calls', 'meetings', 'deals'] as const;

const SEARCHES = ['smith', 'liam', 'garcia', 'ava n', 'son', 'lee', 'agent12', 'patel', 'o', 'renewal'];
const FIRST_PAGES = 20;
/** Days of past periods the period boards are asked for (the reference data spans the last months). */
const PAST_DAYS = ['2026-01-15', '2026-06-30', '2026-09-01', '2026-10-20', '2026-11-03'];

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;
const randomInt = (min: number, max: number) => min + Math.floor(Math.random() * (max - min + 1));

export interface Sessions {
  /** The owner's sessions (one per simulated device: the app reads each request's own session). */
  owners: string[];
  agents: string[];
}

/** Signs in as the benchmark's owner `ownerCount` times and as the first `agentCount` generated agents; their cookies. */
export async function signIn(base: string, ownerCount: number, agentCount: number): Promise<Sessions> {
  const cookieOf = (res: Response) =>
    res.headers
      .getSetCookie()
      .map((line) => line.split(';')[0]!)
      .join('; ');
  const login = async (url: string, email: string, password: string) => {
    const res = await fetch(`${base}${url}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) });
    if (!res.ok) throw new Error(`Sign-in as ${email} failed: ${res.status} ${await res.text()}`);
    return cookieOf(res);
  };
  const owners: string[] = [];
  for (let n = 1; n <= ownerCount; n++) owners.push(await login('/api/auth/login', BENCH_OWNER.email, BENCH_OWNER.password));
  const agents: string[] = [];
  for (let n = 1; n <= agentCount; n++) agents.push(await login('/api/agents/login', `agent${n}@bench.example`, REFERENCE_AGENT_PASSWORD));
  return { owners, agents };
}

/** The team whose goals the benchmark reads: GOAL_TEAM_SIZE agents, the team's goal and each agent's. */
export const GOAL_TEAM_NAME = 'Benchmark goals team';
export const GOAL_TEAM_SIZE = 250;

/**
 * Sets up the goals the benchmark reads, once per data set (a later run finds them): a team of the first
 * GOAL_TEAM_SIZE agents with a monthly profit goal, and each of its agents a weekly calls goal. The team's id.
 */
export async function prepareGoals(base: string, ownerCookie: string, agentIds: { first: number; last: number }): Promise<number> {
  const call = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: { cookie: ownerCookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: res.status, body: (await res.json()) as unknown };
  };
  const members = Array.from({ length: Math.min(GOAL_TEAM_SIZE, agentIds.last - agentIds.first + 1) }, (_, i) => agentIds.first + i);
  const teams = (await call('GET', '/api/teams')).body as { teams: Array<{ id: number; name: string }> };
  let teamId = teams.teams.find((team) => team.name === GOAL_TEAM_NAME)?.id;
  if (teamId === undefined) {
    const made = await call('POST', '/api/teams', { name: GOAL_TEAM_NAME, agentIds: members });
    if (made.status !== 201) throw new Error(`Could not make the goals team: ${made.status} ${JSON.stringify(made.body)}`);
    teamId = (made.body as { id: number }).id;
  }
  // 409: set by an earlier run on this data set.
  const teamGoal = await call('POST', '/api/goals', { teamId, metric: 'profit', period: 'month', target: '2500000.00', recurring: true });
  if (teamGoal.status !== 201 && teamGoal.status !== 409) throw new Error(`Could not set the team's goal: ${teamGoal.status} ${JSON.stringify(teamGoal.body)}`);
  const agentGoals = await call('POST', '/api/goals/batch', { metric: 'calls', period: 'week', recurring: true, goals: members.map((agentId, i) => ({ agentId, target: 40 + (i % 20) })) });
  if (agentGoals.status !== 201 && agentGoals.status !== 409) throw new Error(`Could not set the agents' goals: ${agentGoals.status} ${JSON.stringify(agentGoals.body)}`);
  return teamId;
}

/** The running contest the benchmark reads: everyone's profit over a week from today. */
export const CONTEST_NAME = 'Benchmark contest';

/**
 * Sets up the running contest of every agent the benchmark reads (a later run on the same day finds it): a total on
 * profit from today for a week. "Today" is the organisation's: the UTC day before, of or after, whichever it accepts
 * as today's (a published contest starts today or later). Its id.
 */
export async function prepareContest(base: string, ownerCookie: string): Promise<number> {
  const call = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: { cookie: ownerCookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: res.status, body: (await res.json()) as unknown };
  };
  const running = (await call('GET', '/api/contests?state=running')).body as { contests: Array<{ id: number; name: string; participants: { kind: string } }> };
  const found = running.contests.find((contest) => contest.name === CONTEST_NAME && contest.participants.kind === 'all');
  if (found) return found.id;
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  for (const offset of [-1, 0, 1]) {
    const made = await call('POST', '/api/contests', {
      name: CONTEST_NAME,
      metric: 'profit',
      startsAt: day(offset),
      endsAt: day(offset + 6),
      format: 'total',
      participants: { kind: 'all' },
      prizes: [{ place: 1, text: 'The benchmark cup' }],
      showOnTv: true,
    });
    if (made.status === 201 && (made.body as { state: string }).state === 'running') return (made.body as { id: number }).id;
    if (made.status === 201) throw new Error(`The benchmark contest was made but is ${(made.body as { state: string }).state}, not running`);
  }
  throw new Error('Could not make the benchmark contest: no day near today was accepted as its first');
}

/** One request of a kind, with fresh random parameters (a page, a search, an agent, an amount). */
export function requestOf(
  kind: RequestKind,
  sessions: Sessions,
  agentIds: { first: number; last: number },
  totalAgents: number,
  goalTeamId = 0,
  contestId = 0,
): AutocannonRequest {
  const owner = { cookie: pick(sessions.owners) };
  const page = (pages: number) => randomInt(0, Math.max(0, pages - 1)) * 25;
  switch (kind) {
    case 'dashboard':
      return { method: 'GET', path: '/api/owner/dashboard', headers: owner };
    case 'leaderboard':
      return { method: 'GET', path: `/api/owner/leaderboard?offset=${page(FIRST_PAGES)}&limit=25`, headers: owner };
    case 'leaderboardAnyPage':
      return { method: 'GET', path: `/api/owner/leaderboard?offset=${page(Math.ceil(totalAgents / 25))}&limit=25`, headers: owner };
    case 'leaderboardSearch':
      return { method: 'GET', path: `/api/owner/leaderboard?search=${encodeURIComponent(pick(SEARCHES))}`, headers: owner };
    case 'agentsList':
      return { method: 'GET', path: `/api/agents?offset=${page(FIRST_PAGES)}&limit=25`, headers: owner };
    case 'agentsSearch':
      return { method: 'GET', path: `/api/agents?search=${encodeURIComponent(pick(SEARCHES))}`, headers: owner };
    case 'agentTierData':
      return { method: 'GET', path: '/api/agent-tier-data', headers: { cookie: pick(sessions.agents) } };
    case 'periodLeaderboard': {
      // Any period but this month's (which the live board serves), now or a past one, by income or by growth.
      const period = pick(['week', 'month', 'quarter', 'year', 'all'] as const);
      const at = period === 'month' ? `&at=${pick(PAST_DAYS)}` : period === 'all' ? '' : pick(['', `&at=${pick(PAST_DAYS)}`]);
      const mode = period !== 'all' && Math.random() < 0.25 ? '&mode=growth' : '';
      return { method: 'GET', path: `/api/owner/leaderboard?period=${period}${at}${mode}&offset=${page(4)}&limit=25`, headers: owner };
    }
    case 'trends':
      return { method: 'GET', path: `/api/owner/trends?granularity=${pick(['week', 'month'])}&count=12`, headers: owner };
    case 'agentHistory':
      return { method: 'GET', path: `/api/agents/${randomInt(agentIds.first, agentIds.last)}/history?granularity=${pick(['week', 'month'])}&count=12`, headers: owner };
    case 'myRank':
      return { method: 'GET', path: `/api/agents/me/rank?period=${pick(['week', 'month', 'quarter', 'year', 'all'])}`, headers: { cookie: pick(sessions.agents) } };
    case 'metricLeaderboard': {
      // A count metric's board of any period, now or a past one, one of the first 4 pages.
      const period = pick(['week', 'month', 'quarter', 'year'] as const);
      const at = pick(['', `&at=${pick(PAST_DAYS)}`]);
      return { method: 'GET', path: `/api/owner/leaderboard?metric=${pick(METRIC_KEYS)}&period=${period}${at}&offset=${page(4)}&limit=25`, headers: owner };
    }
    case 'activity':
      return {
        method: 'POST',
        path: '/api/activities',
        headers: { ...owner, 'content-type': 'application/json' },
        body: JSON.stringify({ agentId: randomInt(agentIds.first, agentIds.last), metric: 'calls', value: randomInt(1, 5) }),
      };
    case 'goalProgress':
      // A whole team's goals with their progress: the team's own and each of its agents'.
      return { method: 'GET', path: `/api/goals?teamId=${goalTeamId}`, headers: owner };
    case 'contestStandings':
      // A running contest of every agent: the owner a page of its first 100 places, or an agent its first page and own place.
      return Math.random() < 0.5
        ? { method: 'GET', path: `/api/contests/${contestId}/standings?offset=${page(4)}&limit=25`, headers: owner }
        : { method: 'GET', path: `/api/contests/${contestId}/standings?limit=10`, headers: { cookie: pick(sessions.agents) } };
    case 'incomeEntry': {
      const cents = randomInt(-5_000, 50_000) || 1;
      const amount = `${cents < 0 ? '-' : ''}${Math.floor(Math.abs(cents) / 100)}.${String(Math.abs(cents) % 100).padStart(2, '0')}`;
      return {
        method: 'POST',
        path: '/api/income-entries',
        headers: { ...owner, 'content-type': 'application/json' },
        body: JSON.stringify({ agentId: randomInt(agentIds.first, agentIds.last), amount, description: 'Benchmark entry' }),
      };
    }
  }
}
