import { describe, expect, it } from 'vitest';
import { notificationTexts, readersIn } from './notifications';
import { everyAgentScope, scopeOfLedTeams } from './team-scope';

describe('notificationTexts', () => {
  const registered = { id: 7, type: 'agent.created', agentId: 42, agentTeam: null, data: { agentName: 'Pat New', status: 'active', via: 'sign-up' } };
  const staff = [
    { id: 1, role: 'owner' as const, scope: everyAgentScope() },
    { id: 2, role: 'manager' as const, scope: scopeOfLedTeams([]) },
    { id: 3, role: 'manager' as const, scope: scopeOfLedTeams([5]) },
  ];

  it('tells owners and managers who lead no team of a registration, not a manager who leads teams (the agent is in none)', () => {
    const drafts = notificationTexts(registered, staff);
    expect(drafts.map((draft) => draft.recipient)).toEqual([
      { kind: 'user', id: 1 },
      { kind: 'user', id: 2 },
    ]);
    expect(drafts[0]).toMatchObject({ kind: 'agent_registered', title: 'Pat New registered', body: 'They can sign in now.', subjectAgentId: 42 });
  });

  it('words each recipient’s notification in their language: their own choice, else the organisation’s', () => {
    const claim = { id: 8, type: 'claim.created', agentId: 42, agentTeam: 5, data: { agentName: 'Pat New', tierName: 'Bronze', rewardTitle: 'Headphones' } };
    const owners = [
      { id: 1, role: 'owner' as const, scope: everyAgentScope() },
      { id: 5, role: 'owner' as const, scope: everyAgentScope() },
    ];
    const drafts = notificationTexts(claim, owners, String, readersIn(new Map([['user:5', 'fr' as const]]), 'de-DE'));
    expect(drafts.map((draft) => [draft.recipient.id, draft.title, draft.body])).toEqual([
      [1, 'Pat New hat die Prämie der Stufe Bronze angefordert', '„Headphones“ wartet unter Prämienansprüche.'],
      [5, 'Pat New a réclamé la récompense du palier Bronze', '« Headphones » attend dans Demandes de récompense.'],
    ]);
  });

  it('tells only owners of a new claim', () => {
    const claim = { id: 8, type: 'claim.created', agentId: 42, agentTeam: 5, data: { agentName: 'Pat New', tierName: 'Bronze', rewardTitle: 'Headphones' } };
    expect(notificationTexts(claim, staff).map((draft) => draft.recipient)).toEqual([{ kind: 'user', id: 1 }]);
  });

  it('tells a manager who leads teams of an agent of theirs, never of another team’s', () => {
    const ofTeam = (agentTeam: number | null) => notificationTexts({ ...registered, agentTeam }, staff).map((draft) => draft.recipient.id);
    expect(ofTeam(5)).toEqual([1, 2, 3]);
    expect(ofTeam(6)).toEqual([1, 2]);
    expect(ofTeam(null)).toEqual([1, 2]);
  });
});

describe('goal notifications', () => {
  const staff = [
    { id: 1, role: 'owner' as const, scope: everyAgentScope() },
    { id: 2, role: 'manager' as const, scope: scopeOfLedTeams([]) },
    { id: 3, role: 'manager' as const, scope: scopeOfLedTeams([5]) },
    { id: 4, role: 'manager' as const, scope: scopeOfLedTeams([6]) },
  ];
  const reached = (threshold: number, holder: { agentId: number | null; teamId: number | null }) => ({
    id: 9,
    type: 'goal.reached',
    agentId: holder.agentId,
    agentTeam: holder.agentId === null ? null : 5,
    teamAgents: holder.teamId === null ? undefined : [11, 12],
    data: { goalId: 1, threshold, ...holder, holderName: holder.teamId === null ? 'Pat Seller' : 'North', metric: 'calls', metricName: 'Calls', period: 'week', periodStart: '2026-11-16', actual: 45, target: 50 },
  });

  it('tells an agent of each mark of its goal, and only the managers who lead its team of the goal reached', () => {
    const half = notificationTexts(reached(90, { agentId: 42, teamId: null }), staff, String);
    expect(half.map((draft) => [draft.recipient, draft.kind, draft.title, draft.body])).toEqual([[{ kind: 'agent', id: 42 }, 'goal_progress', 'You are at 90% of your weekly Calls goal', '45 of 50 so far.']]);
    const full = notificationTexts(reached(100, { agentId: 42, teamId: null }), staff, String);
    expect(full.map((draft) => [draft.recipient, draft.kind, draft.title])).toEqual([
      [{ kind: 'agent', id: 42 }, 'goal_progress', 'You reached your weekly Calls goal!'],
      [{ kind: 'user', id: 3 }, 'goal_reached', 'Pat Seller reached their weekly Calls goal'],
    ]);
    expect(full[1]!.subjectAgentId).toBe(42);
  });

  it('tells every agent of a team of its goal, and the staff whose scope holds the team of it reached', () => {
    const drafts = notificationTexts(reached(100, { agentId: null, teamId: 5 }), staff, String);
    expect(drafts.map((draft) => [draft.recipient, draft.kind])).toEqual([
      [{ kind: 'agent', id: 11 }, 'goal_progress'],
      [{ kind: 'agent', id: 12 }, 'goal_progress'],
      [{ kind: 'user', id: 1 }, 'goal_reached'],
      [{ kind: 'user', id: 2 }, 'goal_reached'],
      [{ kind: 'user', id: 3 }, 'goal_reached'],
    ]);
    expect(drafts[0]!.title).toBe('Your team reached its weekly Calls goal!');
    expect(drafts[2]!.title).toBe('North reached its weekly Calls goal');
  });

  it('says what is expected by now when a goal is behind pace, with money written by the caller', () => {
    const behind = {
      id: 10,
      type: 'goal.behind',
      agentId: 42,
      agentTeam: 6,
      data: { goalId: 1, agentId: 42, teamId: null, holderName: 'Pat Seller', metric: 'profit', metricName: 'Profit', period: 'month', periodStart: '2026-11-01', actual: '100.00', expectedByNow: '500.00', target: '1000.00' },
    };
    const drafts = notificationTexts(behind, staff, (value) => `$${String(value)}`);
    expect(drafts.map((draft) => [draft.recipient, draft.kind, draft.title, draft.body])).toEqual([
      [{ kind: 'agent', id: 42 }, 'goal_behind', 'Your monthly Profit goal is behind pace', '$100.00 so far, $500.00 expected by now, of $1000.00.'],
      [{ kind: 'user', id: 4 }, 'goal_behind', 'Pat Seller’s monthly Profit goal is behind pace', '$100.00 so far, $500.00 expected by now, of $1000.00.'],
    ]);
  });
});

describe('contest notifications', () => {
  const staff = [
    { id: 1, role: 'owner' as const, scope: everyAgentScope() },
    { id: 2, role: 'manager' as const, scope: scopeOfLedTeams([5]) },
    { id: 3, role: 'manager' as const, scope: scopeOfLedTeams([6]) },
  ];
  const final = {
    id: 9,
    type: 'contest.final',
    agentId: null,
    agentTeam: null,
    data: {
      contestId: 4,
      name: 'Call week',
      podium: [
        { rank: 1, id: 11, name: 'Ana Hidden', value: 7, publicProfile: false },
        { rank: 2, id: 12, name: 'Ben Shown', value: 5, publicProfile: true },
      ],
    },
    contest: {
      participants: [
        { agentId: 11, teamId: 5 },
        { agentId: 12, teamId: 5 },
        { agentId: 13, teamId: 5 },
      ],
      rankOf: new Map([
        [11, 1],
        [12, 2],
      ]),
      prizesOf: new Map([[11, ['A day off']]]),
    },
  };

  it('tells each participant its place and prize, hiding from other agents the names not on public boards', () => {
    const drafts = notificationTexts(final, staff);
    const toAgent = (id: number) => drafts.find((draft) => draft.recipient.kind === 'agent' && draft.recipient.id === id);
    expect(toAgent(11)).toMatchObject({ kind: 'contest_result', title: 'You won A day off in Call week!', body: 'You finished 1st. 1st Anonymous agent (7), 2nd Ben Shown (5).' });
    expect(toAgent(12)).toMatchObject({ title: 'Call week is final', body: 'You finished 2nd. 1st Anonymous agent (7), 2nd Ben Shown (5).' });
    expect(toAgent(13)).toMatchObject({ title: 'Call week is final', body: '1st Anonymous agent (7), 2nd Ben Shown (5).' });
  });

  it('tells the owner and the managers whose teams took part the podium with every name', () => {
    const staffDrafts = notificationTexts(final, staff).filter((draft) => draft.recipient.kind === 'user');
    expect(staffDrafts.map((draft) => draft.recipient.id)).toEqual([1, 2]);
    expect(staffDrafts[0]).toMatchObject({ body: '1st Ana Hidden (7), 2nd Ben Shown (5).' });
  });

  it('words places, prizes and podiums in each reader’s language', () => {
    const twoPrizes = { ...final, contest: { ...final.contest, prizesOf: new Map([[11, ['Un día libre', 'Una cena']]]) } };
    const readers = readersIn(new Map([['agent:12', 'fr' as const]]), 'es-ES');
    const drafts = notificationTexts(twoPrizes, staff, String, readers);
    const toAgent = (id: number) => drafts.find((draft) => draft.recipient.kind === 'agent' && draft.recipient.id === id);
    expect(toAgent(11)).toMatchObject({ title: '¡Has ganado Un día libre y Una cena en Call week!', body: 'Has terminado en 1.º lugar. 1.º Agente anónimo (7), 2.º Ben Shown (5).' });
    expect(toAgent(12)).toMatchObject({ title: 'Call week est terminé', body: 'Vous avez terminé 2e. 1er Commercial anonyme (7), 2e Ben Shown (5).' });
    expect(notificationTexts(twoPrizes, staff).find((draft) => draft.recipient.id === 11)?.title).toBe('You won Un día libre and Una cena in Call week!');
  });

  it('words a goal in German, its period and metric in one name', () => {
    const goal = { id: 9, type: 'goal.reached', agentId: 42, agentTeam: 5, data: { goalId: 1, threshold: 50, agentId: 42, teamId: null, holderName: 'Pat', metricName: 'Anrufe', period: 'week', actual: 5, target: 10 } };
    const drafts = notificationTexts(goal, staff, String, readersIn(new Map(), 'de-DE'));
    expect(drafts.map((draft) => [draft.title, draft.body])).toEqual([['Sie stehen bei 50 % – Wochenziel „Anrufe“', 'Bisher 5 von 10.']]);
  });

  it('tells the participants only of a start', () => {
    const started = { ...final, type: 'contest.started', data: { name: 'Race', metricName: 'Deals', startsAt: '2026-11-23', endsAt: '2026-11-27', format: 'race' } };
    const drafts = notificationTexts(started, staff);
    expect(drafts.map((draft) => [draft.recipient.kind, draft.recipient.id])).toEqual([
      ['agent', 11],
      ['agent', 12],
      ['agent', 13],
    ]);
    expect(drafts[0]).toMatchObject({ kind: 'contest_started', title: 'The contest Race has begun', body: 'Deals, from 2026-11-23 to 2026-11-27. The first to reach the target wins.' });
  });
});
