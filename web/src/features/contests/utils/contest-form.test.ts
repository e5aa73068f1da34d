import * as contract from '@contract/contests';
import { describe, expect, it } from 'vitest';
import { changeableIn, checkContestForm, createInputOf, emptyContestForm, fieldOfIssue, updateInputOf } from './contest-form';
import * as limits from './contest-limits';
import { timeLeft, timeLeftText, timeLeftWords } from './countdown';
import { previewParticipants } from './participant-preview';

describe('the contest form', () => {
  it('keeps the limits the contract sets', () => {
    expect({ ...limits }).toEqual({
      CONTEST_NAME_MAX: contract.CONTEST_NAME_MAX,
      CONTEST_DESCRIPTION_MAX: contract.CONTEST_DESCRIPTION_MAX,
      PRIZE_TEXT_MAX: contract.PRIZE_TEXT_MAX,
      PRIZE_PLACES_MAX: contract.PRIZE_PLACES_MAX,
      CONTEST_DAYS_MAX: contract.CONTEST_DAYS_MAX,
    });
  });

  it('lets each state change what the server lets it (decision 0077)', () => {
    expect([...changeableIn('scheduled')].sort()).toEqual(['description', 'name', 'prizes', 'showOnTv']);
    expect([...changeableIn('running')].sort()).toEqual(['description', 'showOnTv']);
    expect([...changeableIn('ended')].sort()).toEqual(['description', 'showOnTv']);
    expect(changeableIn('final').size).toBe(0);
    expect(changeableIn('new').has('participants')).toBe(true);
  });

  it('refuses a window that ends before it starts, a race without a target, participants not picked, a prize without words', () => {
    const values = { ...emptyContestForm('profit', '2026-11-28'), name: 'Sprint', startsAt: '2026-12-05', endsAt: '2026-12-01', format: 'race' as const, participantKind: 'teams' as const, prizes: [{ text: ' ', rewardOptionId: '' }] };
    expect(checkContestForm(values, 'money', changeableIn('new'))).toEqual({
      endsAt: 'The last day must not be before the first day',
      target: 'Enter the target that wins the race',
      participants: 'Pick at least one team',
      prizes: 'Describe each prize, or remove the places without one',
    });
    // A running contest's fixed fields are not judged.
    expect(checkContestForm(values, 'money', changeableIn('running'))).toEqual({});
  });

  it('sends a new contest as the contract reads it, and a change with only what its state allows', () => {
    const values = {
      ...emptyContestForm('calls', '2026-11-28'),
      name: ' Blitz ',
      format: 'race' as const,
      target: '40',
      participantKind: 'agents' as const,
      agents: [{ id: 4, name: 'Ann', active: true }],
      prizes: [{ text: 'Gift card', rewardOptionId: '7' }, { text: 'Lunch', rewardOptionId: '' }],
    };
    const created = createInputOf(values, false);
    expect(contract.createContestInput.parse(created)).toMatchObject({
      name: 'Blitz',
      startsAt: '2026-11-28',
      endsAt: '2026-12-04',
      target: '40',
      participants: { kind: 'agents', ids: [4] },
      prizes: [{ place: 1, text: 'Gift card', rewardOptionId: 7 }, { place: 2, text: 'Lunch' }],
      draft: false,
    });
    expect(updateInputOf({ ...values, description: 'New rules' }, changeableIn('running'), false)).toEqual({ description: 'New rules', showOnTv: false });
    expect(updateInputOf(values, changeableIn('draft'), true)).toMatchObject({ draft: false, participants: { kind: 'agents', ids: [4] } });
  });

  it('puts the server’s issues under their fields', () => {
    expect(fieldOfIssue('endsAt')).toBe('endsAt');
    expect(fieldOfIssue('participants.ids')).toBe('participants');
    expect(fieldOfIssue('prizes.0.text')).toBe('prizes');
    expect(fieldOfIssue('draft')).toBeUndefined();
  });
});

describe('the participants’ preview', () => {
  const teams = [
    { id: 1, name: 'North', managers: [], createdAt: '', agents: [{ id: 1, name: 'Bo', status: 'active' as const }, { id: 2, name: 'Al', status: 'inactive' as const }] },
    { id: 2, name: 'South', managers: [], createdAt: '', agents: [{ id: 3, name: 'Cy', status: 'active' as const }] },
  ];
  it('counts the active agents of the teams picked', () => {
    const preview = previewParticipants({ participantKind: 'teams', teamIds: [1, 2], agents: [], teamsCompete: true }, teams, 10, []);
    expect(preview).toMatchObject({ count: 2, names: ['Bo', 'Cy'], teams: [{ name: 'North', count: 1 }, { name: 'South', count: 1 }] });
  });
  it('leaves out agents picked who are not active, and says who has no team when teams compete', () => {
    const preview = previewParticipants(
      { participantKind: 'agents', teamIds: [], agents: [{ id: 1, name: 'Bo', active: true }, { id: 9, name: 'Di', active: true }, { id: 2, name: 'Al', active: false }], teamsCompete: true },
      teams,
      10,
      [],
    );
    expect(preview).toMatchObject({ count: 2, names: ['Bo', 'Di'], leftOut: ['Al'], teams: [{ name: 'North', count: 1 }], withoutTeam: 1 });
  });
});

describe('the countdown', () => {
  it('counts days, hours, minutes and seconds to the moment, and says so in words', () => {
    const left = timeLeft(new Date(Date.UTC(2026, 10, 30, 0, 0, 0)), new Date(Date.UTC(2026, 10, 27, 21, 46, 55)));
    expect(left).toEqual({ days: 2, hours: 2, minutes: 13, seconds: 5, done: false });
    expect(timeLeftText(left)).toBe('2d 02h 13m 05s');
    expect(timeLeftWords(left)).toBe('2 days, 2 hours and 13 minutes');
    expect(timeLeftWords({ days: 0, hours: 0, minutes: 1, seconds: 0, done: false })).toBe('1 minute');
    expect(timeLeft(new Date(0), new Date(1)).done).toBe(true);
  });
});
