import {
  BADGE_PARAMS_BY_KIND,
  createBadgeRuleInput,
  updateBadgeRuleInput,
  type BadgeKind,
  type BadgeParams,
  type CreateBadgeRuleInput,
  type UpdateBadgeRuleInput,
} from '@contract/badges';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { translate } from '../../../lib/i18n/translate';
import { messages } from '../messages';

/**
 * The badge dialogs' values and checks. The checks are the contract's own schemas (the server parses with the same),
 * so the form says what the server would, under the field it is about; only what the schema words for an API caller
 * (a kind not picked, a setting left empty) is said here in the form's words.
 */

/** The "New badge" dialog's values, as typed. */
export interface BadgeRuleFormValues {
  kind: BadgeKind | '';
  name: string;
  description: string;
  /** goal_streak: periods in a row; activity_streak: working days in a row. */
  count: string;
  /** activity_streak: a metric's key. */
  metric: string;
  /** tier_reached: a tier's id, '' for any tier. */
  tierId: string;
  /** contest_podium: '1', '2' or '3'. */
  places: string;
  active: boolean;
}

export type BadgeRuleField = 'kind' | 'name' | 'description' | keyof BadgeParams;
export type BadgeRuleErrors = Partial<Record<BadgeRuleField | 'form', string>>;

export function emptyBadgeRuleForm(start: Partial<BadgeRuleFormValues> = {}): BadgeRuleFormValues {
  return { kind: '', name: '', description: '', count: '', metric: '', tierId: '', places: '3', active: true, ...start };
}

/** The settings a kind takes (the others are not shown, nor sent). */
export const settingsOf = (kind: BadgeKind | ''): readonly (keyof BadgeParams)[] => (kind === '' ? [] : BADGE_PARAMS_BY_KIND[kind].takes);

/** What the form says of a setting the kind needs and that is left empty, in the language shown. */
const NEEDED: Record<keyof BadgeParams, () => string> = {
  count: () => translate(messages, 'needCount'),
  metric: () => translate(messages, 'needMetric'),
  tierId: () => translate(messages, 'needTier'),
  places: () => translate(messages, 'needPlaces'),
};

/** A setting as typed, as the API takes it: a number for a number, nothing for an empty field. */
function settingOut(key: keyof BadgeParams, values: BadgeRuleFormValues): string | number | undefined {
  const text = values[key].trim();
  if (text === '') return undefined;
  return key === 'metric' ? text : Number(text);
}

/** POST /api/badges: the kind, its words, only the settings it takes. */
export function createInputOf(values: BadgeRuleFormValues): CreateBadgeRuleInput {
  const params: Record<string, string | number> = {};
  for (const key of settingsOf(values.kind)) {
    const value = settingOut(key, values);
    if (value !== undefined) params[key] = value;
  }
  const description = values.description.trim();
  return {
    kind: values.kind as BadgeKind,
    name: values.name.trim(),
    ...(description === '' ? {} : { description }),
    params: params as BadgeParams,
    active: values.active,
  };
}

/** The form field a server's issue is about (its path: "name", "params.count"), if any. */
export function fieldOfIssue(path: string): BadgeRuleField | undefined {
  const [head, key] = path.split('.');
  if (head === 'kind' || head === 'name' || head === 'description') return head;
  if (head === 'params' && (key === 'count' || key === 'metric' || key === 'tierId' || key === 'places')) return key;
  return undefined;
}

/**
 * An issue's message shown under its field: the field's name, which the API's messages start with ("params.count must
 * be at least 2"), goes, as the field is labelled already.
 */
export function messageAtField(path: string, message: string): string {
  for (const lead of [`${path}: `, `${path} `]) {
    if (message.startsWith(lead)) {
      const rest = message.slice(lead.length);
      return rest.charAt(0).toUpperCase() + rest.slice(1);
    }
  }
  return message;
}

/** Issues (the schema's, or a 400's) by field; those about no field, in order. */
export function errorsOfIssues(issues: ReadonlyArray<{ path: string; message: string }>): { byField: BadgeRuleErrors; rest: string[] } {
  const byField: BadgeRuleErrors = {};
  const rest: string[] = [];
  for (const issue of issues) {
    const field = fieldOfIssue(issue.path);
    if (!field) rest.push(issue.message);
    else byField[field] ??= messageAtField(issue.path, issue.message);
  }
  return { byField, rest };
}

/**
 * A refused request's errors: the 400's issues under their fields, and what is about no field (or the whole answer,
 * when nothing is about a field: a 409 beyond the rules' limit, a 403) as the form's.
 */
export function errorsOfRefusal(failure: unknown, fallback: string): BadgeRuleErrors {
  const { byField, rest } = errorsOfIssues(failure instanceof ApiError ? failure.issues : []);
  const message = rest[0] ?? (Object.keys(byField).length === 0 ? errorMessage(failure, fallback) : undefined);
  return { ...byField, ...(message ? { form: message } : {}) };
}

const issuesOf = (error: { issues: ReadonlyArray<{ path: PropertyKey[]; message: string }> }) =>
  error.issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message }));

/** What the "New badge" dialog tells before sending: nothing when the server would take it. */
export function checkBadgeRuleForm(values: BadgeRuleFormValues): BadgeRuleErrors {
  const errors: BadgeRuleErrors = {};
  if (values.kind === '') errors.kind = translate(messages, 'needKind');
  else for (const key of BADGE_PARAMS_BY_KIND[values.kind].needs) if (values[key].trim() === '') errors[key] = NEEDED[key]();
  const parsed = createBadgeRuleInput.safeParse(createInputOf(values));
  if (!parsed.success) {
    const { byField } = errorsOfIssues(issuesOf(parsed.error));
    for (const [field, message] of Object.entries(byField) as [BadgeRuleField, string][]) errors[field] ??= message;
  }
  return errors;
}

/** The edit dialog's values: a rule's name and description. */
export interface BadgeRuleWords {
  name: string;
  description: string;
}

/**
 * PATCH /api/badges/{id}: what changed of the name and the description (blank: the kind's own words again); empty when
 * nothing did.
 */
export function updateInputOf(values: BadgeRuleWords, before: BadgeRuleWords): UpdateBadgeRuleInput {
  const name = values.name.trim();
  const description = values.description.trim();
  return { ...(name !== before.name ? { name } : {}), ...(description !== before.description ? { description } : {}) };
}

/** What the edit dialog tells before sending. */
export function checkBadgeRuleEdit(values: BadgeRuleWords): BadgeRuleErrors {
  const parsed = updateBadgeRuleInput.safeParse({ name: values.name.trim(), description: values.description.trim() });
  return parsed.success ? {} : errorsOfIssues(issuesOf(parsed.error)).byField;
}
