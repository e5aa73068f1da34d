import { BADGE_NAME_MAX } from '@contract/badges';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { checkBadgeRuleEdit, checkBadgeRuleForm, createInputOf, emptyBadgeRuleForm, errorsOfIssues, errorsOfRefusal, fieldOfIssue, messageAtField, updateInputOf } from './badge-rule-form';

describe('the badge rule form', () => {
  it('asks for a kind and a name before anything is sent', () => {
    expect(checkBadgeRuleForm(emptyBadgeRuleForm())).toEqual({ kind: 'Pick what the badge rewards', name: 'A badge needs a name' });
  });

  it('says what the server says of a streak out of range, under its field', () => {
    const values = emptyBadgeRuleForm({ kind: 'activity_streak', name: 'On a roll', metric: 'calls' });
    expect(checkBadgeRuleForm({ ...values, count: '1' })).toEqual({ count: 'Must be at least 2 (a streak is more than one)' });
    expect(checkBadgeRuleForm({ ...values, count: '101' })).toEqual({ count: 'Must be at most 100' });
    expect(checkBadgeRuleForm({ ...values, count: '2.5' })).toEqual({ count: 'Must be a whole number' });
    expect(checkBadgeRuleForm({ ...values, count: '5' })).toEqual({});
  });

  it('asks for the settings a kind needs in its own words', () => {
    expect(checkBadgeRuleForm(emptyBadgeRuleForm({ kind: 'activity_streak', name: 'On a roll' }))).toEqual({
      count: 'Say how many in a row: 2 or more',
      metric: 'Pick the metric whose activity counts',
    });
    expect(checkBadgeRuleForm(emptyBadgeRuleForm({ kind: 'goal_streak', name: 'Steady', count: '3' }))).toEqual({});
  });

  it('refuses a name longer than the contract allows', () => {
    expect(checkBadgeRuleForm(emptyBadgeRuleForm({ kind: 'first_entry', name: 'x'.repeat(BADGE_NAME_MAX + 1) }))).toEqual({ name: `Must be at most ${BADGE_NAME_MAX} characters` });
  });

  it('sends only the settings the kind takes, as numbers where they are', () => {
    const typed = emptyBadgeRuleForm({ name: ' Gold club ', count: '5', metric: 'calls', tierId: '4', places: '2' });
    expect(createInputOf({ ...typed, kind: 'tier_reached' })).toEqual({ kind: 'tier_reached', name: 'Gold club', params: { tierId: 4 }, active: true });
    expect(createInputOf({ ...typed, kind: 'tier_reached', tierId: '' })).toEqual({ kind: 'tier_reached', name: 'Gold club', params: {}, active: true });
    expect(createInputOf({ ...typed, kind: 'activity_streak', description: ' Hot ' })).toEqual({
      kind: 'activity_streak',
      name: 'Gold club',
      description: 'Hot',
      params: { count: 5, metric: 'calls' },
      active: true,
    });
    expect(createInputOf({ ...typed, kind: 'contest_podium', active: false }).params).toEqual({ places: 2 });
    expect(createInputOf({ ...typed, kind: 'first_entry' }).params).toEqual({});
  });

  it('puts a server’s refusal under its field, without the field’s API name', () => {
    expect(fieldOfIssue('params.metric')).toBe('metric');
    expect(fieldOfIssue('name')).toBe('name');
    expect(fieldOfIssue('')).toBeUndefined();
    expect(messageAtField('params.metric', 'params.metric: there is no metric "dials"')).toBe('There is no metric "dials"');
    expect(messageAtField('name', 'A badge needs a name')).toBe('A badge needs a name');
    expect(
      errorsOfIssues([
        { path: 'params.tierId', message: 'params.tierId: there is no tier 99' },
        { path: '', message: 'Nothing to change' },
      ]),
    ).toEqual({ byField: { tierId: 'There is no tier 99' }, rest: ['Nothing to change'] });
  });

  it('tells a refusal about no field as the form’s', () => {
    const body = (message: string, issues?: unknown) => JSON.stringify({ code: 'VALIDATION_FAILED', message, ...(issues ? { issues } : {}) });
    const metric = new ApiError(400, body('params.metric: there is no metric "dials"', [{ path: 'params.metric', message: 'params.metric: there is no metric "dials"' }]), 'Bad Request');
    expect(errorsOfRefusal(metric, 'Failed')).toEqual({ metric: 'There is no metric "dials"' });
    const full = new ApiError(409, body('There are 50 badges already'), 'Conflict');
    expect(errorsOfRefusal(full, 'Failed')).toEqual({ form: 'There are 50 badges already' });
    expect(errorsOfRefusal(new TypeError(''), 'Failed to make the badge')).toEqual({ form: 'Failed to make the badge' });
  });

  it('changes a name and a description, blank meaning the kind’s own words', () => {
    const before = { name: 'Closer', description: 'A first sale recorded' };
    expect(updateInputOf({ name: ' Closer ', description: '  ' }, before)).toEqual({ description: '' });
    expect(updateInputOf({ name: 'The closer', description: 'A first sale recorded' }, before)).toEqual({ name: 'The closer' });
    expect(updateInputOf(before, before)).toEqual({});
    expect(checkBadgeRuleEdit({ name: '', description: '' })).toEqual({ name: 'A badge needs a name' });
    expect(checkBadgeRuleEdit({ name: 'Closer', description: 'x'.repeat(301) })).toEqual({ description: 'Must be at most 300 characters' });
  });
});
