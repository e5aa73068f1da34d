import type { z } from 'zod';
import { TEAM_MEMBERS_MAX } from '../../../contract/teams';
import { SCIM_SCHEMA, scimExternalId, scimGroupDisplayName, scimMemberInput, type ScimGroupInput, type ScimPatchOperation } from '../../../contract/scim';
import { text } from '../../../contract/i18n';
import { invalidPath, invalidValue, mutability, refusedValue } from './errors';
import { messages } from './messages';
import type { AttributePath } from './filter';
import { patchSteps } from './patch';

// SCIM Groups are teams (docs/decisions/0091-scim-provisioning.md): displayName is the team's name, members the
// agents in it (an agent is in one team at most: adding it moves it). The team's managers are not members: they are
// not SCIM resources, and a directory's change of a group never touches them.

/** Who is in the team after a change: the whole list, or agents who join and agents who leave. */
export type MemberChange = { kind: 'whole'; ids: number[] } | { kind: 'delta'; add: number[]; remove: number[] };

/** What a POST, PUT or PATCH changes of a team; an absent field stays as it is. */
export interface ScimGroupChange {
  name?: string;
  externalId?: string | null;
  members?: MemberChange;
}

const sorted = (ids: Iterable<number>) => [...new Set(ids)].sort((a, b) => a - b);

/** A POST or PUT body: the name, the externalId (none when left out) and the whole member list (none when left out). */
export function scimGroupChangeOfInput(input: ScimGroupInput): Required<ScimGroupChange> {
  return {
    name: input.displayName,
    externalId: input.externalId ?? null,
    members: { kind: 'whole', ids: sorted((input.members ?? []).map((member) => member.value)) },
  };
}

/** One change a PATCH makes to a Group, in order. */
export type GroupPatchStep =
  | { set: 'displayName'; value: string }
  | { set: 'externalId'; value: string | null }
  | { members: 'add' | 'remove' | 'replace'; ids: number[] }
  | { check: 'id'; value: unknown };

function checked<S extends z.ZodType>(schema: S, value: unknown, where: string): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw refusedValue(schema, value, where);
}

/** The user ids of a members value: a list of {value} (or one such object, as some clients send). */
function memberIds(value: unknown, where: string): number[] {
  const list = Array.isArray(value) ? value : [value];
  if (list.length > TEAM_MEMBERS_MAX) throw invalidValue(text(messages, 'membersAtMost', { where, max: TEAM_MEMBERS_MAX }));
  return list.map((member) => checked(scimMemberInput, member, `${where}: members`).value);
}


function plainAttribute(path: AttributePath, where: string): void {
  if (path.filter || path.subAttribute) throw invalidPath(text(messages, 'noSubAttributes', { where, attribute: path.attribute }));
}

function membersSteps(op: ScimPatchOperation['op'], path: AttributePath, value: unknown, where: string): GroupPatchStep[] {
  if (path.subAttribute) throw invalidPath(text(messages, 'membersPath', { where }));
  if (path.filter) {
    // Okta removes a member as members[value eq "id"]; a filter picks members to remove, never to add or replace.
    if (op !== 'remove') throw invalidPath(text(messages, 'membersOpPath', { where, op }));
    if (path.filter.attribute !== 'value' || path.filter.subAttribute) throw invalidPath(text(messages, 'membersByValue', { where }));
    return [{ members: 'remove', ids: [checked(scimMemberInput.shape.value, path.filter.value, `${where}: members[value eq …]`)] }];
  }
  if (op === 'remove') {
    // Microsoft Entra ID names the members to remove in the value; without one, every member leaves.
    return value === undefined || value === null ? [{ members: 'replace', ids: [] }] : [{ members: 'remove', ids: memberIds(value, where) }];
  }
  if (op === 'replace' && value === null) return [{ members: 'replace', ids: [] }];
  return [{ members: op, ids: memberIds(value, where) }];
}

function stepsAt(op: ScimPatchOperation['op'], path: AttributePath, value: unknown, where: string): GroupPatchStep[] {
  if (op !== 'remove' && value === undefined) throw invalidValue(text(messages, 'needsValue', { where, op }));
  if (path.schema !== undefined && path.schema !== SCIM_SCHEMA.group.toLowerCase()) throw invalidPath(text(messages, 'groupSchemaOnly', { where }));
  const remove = op === 'remove';
  switch (path.attribute) {
    case 'displayname':
      plainAttribute(path, where);
      if (remove) throw invalidValue(text(messages, 'displayNameRequired', { where }));
      return [{ set: 'displayName', value: checked(scimGroupDisplayName, value, `${where}: displayName`) }];
    case 'externalid':
      plainAttribute(path, where);
      if (remove || value === null || (typeof value === 'string' && value.trim() === '')) return [{ set: 'externalId', value: null }];
      return [{ set: 'externalId', value: checked(scimExternalId, value, `${where}: externalId`) }];
    case 'members':
      return membersSteps(op, path, value, where);
    case 'id':
      plainAttribute(path, where);
      if (remove) throw mutability(text(messages, 'readOnly', { where, attribute: 'id' }));
      return [{ check: 'id', value }];
    case 'meta':
      throw mutability(text(messages, 'readOnly', { where, attribute: 'meta' }));
    case '':
      throw invalidPath(text(messages, 'groupPathNeedsAttribute', { where }));
    default:
      throw invalidPath(text(messages, 'notGroupAttribute', { where, attribute: path.attribute }));
  }
}

/**
 * A Group PATCH's operations as steps, in order, in both dialects: Okta's (`{"op":"add","path":"members","value":[...]}`,
 * removal as `members[value eq "id"]`, a rename as a value object holding the id) and Microsoft Entra ID's (capitalised
 * ops, removal as path "members" with the members in the value). Every operation is checked before any is applied.
 */
export function parseGroupPatch(operations: readonly ScimPatchOperation[]): GroupPatchStep[] {
  return patchSteps(operations, stepsAt);
}

/**
 * What a PATCH's steps change, applied in order: a replace of the members sets the whole list (later adds and removes
 * change that list); otherwise the agents added last and removed last, so that a PATCH made together with another
 * (directories send several at once) adds and removes only whom it names.
 */
export function resolveGroupPatch(id: number, steps: readonly GroupPatchStep[]): ScimGroupChange {
  const change: ScimGroupChange = {};
  let whole: Set<number> | undefined;
  const wanted = new Map<number, boolean>();
  for (const step of steps) {
    if ('check' in step) {
      if (String(step.value) !== String(id)) throw mutability(text(messages, 'idReadOnly'));
    } else if ('set' in step) {
      if (step.set === 'displayName') change.name = step.value;
      else change.externalId = step.value;
    } else if (step.members === 'replace') {
      whole = new Set(step.ids);
      wanted.clear();
    } else {
      for (const member of step.ids) {
        if (whole) {
          if (step.members === 'add') whole.add(member);
          else whole.delete(member);
        } else {
          wanted.set(member, step.members === 'add');
        }
      }
    }
  }
  if (whole) change.members = { kind: 'whole', ids: sorted(whole) };
  else if (wanted.size > 0) {
    const entries = [...wanted.entries()];
    change.members = { kind: 'delta', add: sorted(entries.filter(([, inTeam]) => inTeam).map(([member]) => member)), remove: sorted(entries.filter(([, inTeam]) => !inTeam).map(([member]) => member)) };
  }
  return change;
}
