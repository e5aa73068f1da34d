import type { z } from 'zod';
import { DEFAULT_IMPORTED_POSITION } from '../../../contract/imports';
import {
  SCIM_SCHEMA,
  scimBoolean,
  scimDisplayName,
  scimEmailInput,
  scimExternalId,
  scimFamilyName,
  scimGivenName,
  scimTitle,
  scimUserName,
  type ScimPatchOperation,
  type ScimUserInput,
} from '../../../contract/scim';
import { text, type Text } from '../../../contract/i18n';
import { invalidPath, invalidValue, mutability, refusedValue } from './errors';
import { messages } from './messages';
import type { AttributePath } from './filter';
import { isObject, patchSteps } from './patch';

// SCIM Users are agents (docs/decisions/0091-scim-provisioning.md). What a directory may write of one, as SCIM names
// it, and how that becomes the agent's columns: userName is the email it signs in with, displayName its name,
// name.givenName and name.familyName its first and last names, title its position, active whether it may sign in,
// externalId the directory's own id for the person.

/** The attributes of a User that TierTrack keeps, as SCIM names them. `null`: no value. */
export interface ScimUserFields {
  /** The email, lower-case. */
  userName: string;
  displayName: string | null;
  givenName: string | null;
  familyName: string | null;
  title: string | null;
  externalId: string | null;
  active: boolean;
}

/** The columns of an agent that a User's attributes set. */
export interface ProvisionedAgent {
  email: string;
  name: string;
  firstName: string | null;
  lastName: string | null;
  position: string;
  externalId: string | null;
}

/** The agent as SCIM shows it: a pending agent (waiting for the owner's approval) is not active. */
export function scimUserFieldsOf(agent: ProvisionedAgent & { status: 'active' | 'pending' | 'inactive' }): ScimUserFields {
  return {
    userName: agent.email,
    displayName: agent.name,
    givenName: agent.firstName,
    familyName: agent.lastName,
    title: agent.position,
    externalId: agent.externalId,
    active: agent.status === 'active',
  };
}

/**
 * The agent's columns from a User's attributes: its name is the displayName, or else the given and family names
 * joined (the name rules of any agent); its position the title, or else the position an agent gets when none is given.
 */
export function provisionedAgentOf(fields: ScimUserFields): ProvisionedAgent {
  const joined = [fields.givenName, fields.familyName].filter((part) => part !== null).join(' ');
  const name = fields.displayName ?? (joined === '' ? null : checked(scimDisplayName, joined, text(messages, 'joinedName')));
  if (name === null) throw invalidValue(text(messages, 'userNeedsName'));
  return {
    email: fields.userName,
    name,
    firstName: fields.givenName,
    lastName: fields.familyName,
    position: fields.title ?? DEFAULT_IMPORTED_POSITION,
    externalId: fields.externalId,
  };
}

/** The email among a User's emails that counts: the primary one, else the work one, else the first. */
function mainEmail(emails: readonly { value: string; type?: string | undefined; primary?: boolean | undefined }[]) {
  return emails.find((email) => email.primary === true) ?? emails.find((email) => email.type?.toLowerCase() === 'work') ?? emails[0];
}

/**
 * The attributes a POST or PUT body asserts (a PUT replaces them all: what it leaves out has no value any more), but
 * `active`, which stays `activeNow` when the body says nothing of it (true for a new user). TierTrack keeps one email,
 * the userName: a body whose main email is another is refused rather than one of the two silently dropped.
 */
export function scimUserFieldsOfInput(input: ScimUserInput, activeNow = true): ScimUserFields {
  const email = input.emails && input.emails.length > 0 ? mainEmail(input.emails) : undefined;
  if (email && email.value.toLowerCase() !== input.userName) {
    throw invalidValue(text(messages, 'primaryEmail'));
  }
  return {
    userName: input.userName,
    displayName: input.displayName ?? null,
    givenName: input.name?.givenName ?? null,
    familyName: input.name?.familyName ?? null,
    title: input.title ?? null,
    externalId: input.externalId ?? null,
    active: input.active ?? activeNow,
  };
}

/** One change a PATCH makes to a User's attributes, in order; `check-id` refuses a value naming another id. */
export type UserPatchStep =
  | { set: 'userName'; value: string }
  | { set: 'displayName' | 'givenName' | 'familyName' | 'title' | 'externalId'; value: string | null }
  | { set: 'active'; value: boolean }
  | { check: 'id'; value: unknown };

/**
 * Attributes of the core User schema that TierTrack does not keep: written, they are accepted and ignored, as in a
 * POST body (Microsoft Entra ID's default mappings send several); the Schemas endpoint does not list them.
 */
const NOT_KEPT = new Set([
  'nickname',
  'profileurl',
  'usertype',
  'preferredlanguage',
  'locale',
  'timezone',
  'password',
  'phonenumbers',
  'ims',
  'photos',
  'addresses',
  'entitlements',
  'roles',
  'x509certificates',
]);
const NAME_PARTS_NOT_KEPT = new Set(['formatted', 'middlename', 'honorificprefix', 'honorificsuffix']);
const READ_ONLY = new Set(['groups', 'meta']);

/** A value checked by a contract schema; its first issue, naming `where`, as invalidValue otherwise. */
function checked<S extends z.ZodType>(schema: S, value: unknown, where: Text): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw refusedValue(schema, value, where);
}

/** An optional text attribute: null or blank removes it. */
function optionalText(schema: z.ZodType<string>, value: unknown, where: Text): string | null {
  if (value === null || (typeof value === 'string' && value.trim() === '')) return null;
  return checked(schema, value, where);
}


const pathText = (path: AttributePath) => `${path.attribute}${path.filter ? '[…]' : ''}${path.subAttribute ? `.${path.subAttribute}` : ''}`;

function plainAttribute(path: AttributePath, where: string): void {
  if (path.filter || path.subAttribute) throw invalidPath(text(messages, 'notUserPath', { where, path: pathText(path), attribute: path.attribute }));
}

/** The steps for the name's sub-attributes in a value object ({givenName, familyName}). */
function nameSteps(value: unknown, where: string): UserPatchStep[] {
  if (value === null) return [{ set: 'givenName', value: null }, { set: 'familyName', value: null }];
  if (!isObject(value)) throw invalidValue(text(messages, 'nameObject', { where }));
  return Object.entries(value).flatMap(([key, part]) => namePartSteps(key.toLowerCase(), part, where));
}

function namePartSteps(part: string, value: unknown, where: string): UserPatchStep[] {
  if (part === 'givenname') return [{ set: 'givenName', value: optionalText(scimGivenName, value, `${where}: name.givenName`) }];
  if (part === 'familyname') return [{ set: 'familyName', value: optionalText(scimFamilyName, value, `${where}: name.familyName`) }];
  if (NAME_PARTS_NOT_KEPT.has(part)) return [];
  throw invalidPath(text(messages, 'notUserNamePart', { where, part }));
}

/** Whether an emails filter picks the email TierTrack keeps: the work one, the primary one, or one by its value. */
function picksTheEmail(path: AttributePath, where: string): boolean {
  const filter = path.filter;
  if (!filter) return true;
  if (filter.subAttribute) throw invalidPath(text(messages, 'emailsFilteredBy', { where }));
  if (filter.attribute === 'type') return typeof filter.value === 'string' && filter.value.toLowerCase() === 'work';
  if (filter.attribute === 'primary') return filter.value === true || (typeof filter.value === 'string' && filter.value.toLowerCase() === 'true');
  if (filter.attribute === 'value') return true;
  throw invalidPath(text(messages, 'emailsFilteredBy', { where }));
}

const emailStep = (value: unknown, where: string): UserPatchStep => ({ set: 'userName', value: checked(scimUserName, value, text(messages, 'at', { where, what: text(messages, 'theEmail') })) });

function emailsSteps(op: ScimPatchOperation['op'], path: AttributePath, value: unknown, where: string): UserPatchStep[] {
  // Another type's email (home, other) is one TierTrack does not keep: ignored, like the attributes it does not keep.
  if (!picksTheEmail(path, where)) return [];
  const sub = path.subAttribute;
  if (sub !== undefined && sub !== 'value') {
    if (['type', 'primary', 'display'].includes(sub)) return [];
    throw invalidPath(text(messages, 'notUserEmailsPart', { where, sub }));
  }
  if (op === 'remove') throw invalidValue(text(messages, 'emailNotRemovable', { where }));
  if (sub === 'value') return [emailStep(value, where)];
  const list = Array.isArray(value) ? value : [value];
  if (list.length === 0) throw invalidValue(text(messages, 'emailNotEmptied', { where }));
  const emails = list.map((email) => checked(scimEmailInput, email, `${where}: emails`));
  return [emailStep(mainEmail(emails)!.value, where)];
}

/** The steps of one operation on one attribute path of a User. */
function stepsAt(op: ScimPatchOperation['op'], path: AttributePath, value: unknown, where: string): UserPatchStep[] {
  if (op !== 'remove' && value === undefined) throw invalidValue(text(messages, 'needsValue', { where, op }));
  if (path.schema === SCIM_SCHEMA.enterpriseUser.toLowerCase()) return [];
  if (path.schema === SCIM_SCHEMA.group.toLowerCase()) throw invalidPath(text(messages, 'noGroupSchema', { where }));
  const remove = op === 'remove';
  switch (path.attribute) {
    case '':
      throw invalidPath(text(messages, 'userPathNeedsAttribute', { where }));
    case 'username':
      plainAttribute(path, where);
      if (remove) throw invalidValue(text(messages, 'userNameRequired', { where }));
      return [{ set: 'userName', value: checked(scimUserName, value, `${where}: userName`) }];
    case 'displayname':
      plainAttribute(path, where);
      return [{ set: 'displayName', value: remove ? null : optionalText(scimDisplayName, value, `${where}: displayName`) }];
    case 'title':
      plainAttribute(path, where);
      return [{ set: 'title', value: remove ? null : optionalText(scimTitle, value, `${where}: title`) }];
    case 'externalid':
      plainAttribute(path, where);
      return [{ set: 'externalId', value: remove ? null : optionalText(scimExternalId, value, `${where}: externalId`) }];
    case 'active':
      plainAttribute(path, where);
      if (remove) throw invalidValue(text(messages, 'activeNotRemovable', { where }));
      return [{ set: 'active', value: checked(scimBoolean('active'), value, `${where}: active`) }];
    case 'name':
      if (path.filter) throw invalidPath(text(messages, 'nameTakesNoFilter', { where }));
      if (path.subAttribute) return namePartSteps(path.subAttribute, remove ? null : value, where);
      return nameSteps(remove ? null : value, where);
    case 'emails':
      return emailsSteps(op, path, value, where);
    case 'id':
      plainAttribute(path, where);
      if (remove) throw mutability(text(messages, 'readOnly', { where, attribute: 'id' }));
      return [{ check: 'id', value }];
    default:
      if (READ_ONLY.has(path.attribute)) throw mutability(text(messages, 'readOnly', { where, attribute: path.attribute }));
      if (NOT_KEPT.has(path.attribute)) return [];
      throw invalidPath(text(messages, 'notUserAttribute', { where, path: pathText(path) }));
  }
}

/**
 * A User PATCH's operations (RFC 7644 §3.5.2) as steps, in order, in both dialects: Okta's (lower-case ops, a value
 * object without a path: `{"op":"replace","value":{"active":false}}`) and Microsoft Entra ID's (capitalised ops, a
 * path per attribute, booleans as "True"/"False"). Every operation is checked before any is applied: one bad
 * operation refuses the whole PATCH (nothing changes). `add` sets a single-valued attribute as `replace` does.
 */
export function parseUserPatch(operations: readonly ScimPatchOperation[]): UserPatchStep[] {
  return patchSteps(operations, stepsAt);
}

/** The attributes after a PATCH's steps; `id` is the user's (a step that names another is refused). */
export function applyUserPatch(id: number, current: ScimUserFields, steps: readonly UserPatchStep[]): ScimUserFields {
  const next = { ...current };
  for (const step of steps) {
    if ('check' in step) {
      if (String(step.value) !== String(id)) throw mutability(text(messages, 'idReadOnly'));
      continue;
    }
    switch (step.set) {
      case 'userName':
        next.userName = step.value;
        break;
      case 'active':
        next.active = step.value;
        break;
      default:
        next[step.set] = step.value;
    }
  }
  return next;
}
