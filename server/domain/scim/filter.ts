import { text, type Text } from '../../../contract/i18n';
import { SCIM_SCHEMA } from '../../../contract/scim';
import { invalidFilter, invalidPath } from './errors';
import { messages } from './messages';

// The two small languages of RFC 7644 a directory writes: a filter (`userName eq "pat@example.test"`, §3.4.2.2) and an
// attribute path of a PATCH (`emails[type eq "work"].value`, §3.5.2). TierTrack takes one `eq` comparison as a filter,
// which is what Okta and Microsoft Entra ID send; anything else is refused with invalidFilter, never guessed at.

/** A comparison's value: a JSON string, true, false, null or a number. */
export type ScimValue = string | boolean | number | null;

/** `attribute eq value`; attribute and sub-attribute names lower-case (SCIM names are case-insensitive). */
export interface Comparison {
  attribute: string;
  subAttribute?: string;
  value: ScimValue;
}

/** An attribute path: `[urn:]attribute[.sub]` or `[urn:]attribute[filter][.sub]`; names lower-case. */
export interface AttributePath {
  /** The schema URN the path named (lower-case), when it named one. */
  schema?: string;
  /** Empty when the path is a schema URN alone (an extension's whole value). */
  attribute: string;
  filter?: Comparison;
  subAttribute?: string;
}

const KNOWN_SCHEMAS = [SCIM_SCHEMA.user, SCIM_SCHEMA.group, SCIM_SCHEMA.enterpriseUser].map((urn) => urn.toLowerCase());
const OPERATORS = new Set(['eq', 'ne', 'co', 'sw', 'ew', 'gt', 'ge', 'lt', 'le', 'pr']);
const NAME = /[A-Za-z][\w$-]*/y;
const LITERAL = /(?:true|false|null|-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)(?![\w.])/y;

type Refuse = (message: Text) => Error;

function skipSpaces(source: string, at: number): number {
  while (at < source.length && (source[at] === ' ' || source[at] === '\t')) at++;
  return at;
}

function readName(source: string, at: number): [string, number] | undefined {
  NAME.lastIndex = at;
  const match = NAME.exec(source);
  return match ? [match[0], NAME.lastIndex] : undefined;
}

/** A schema URN the text starts with at `at` (followed by ":" or the end): the URN lower-case and where it ends. */
function readSchema(source: string, at: number): [string, number] | undefined {
  const rest = source.slice(at).toLowerCase();
  for (const urn of KNOWN_SCHEMAS) {
    if (rest.startsWith(urn) && (rest.length === urn.length || rest[urn.length] === ':' || rest[urn.length] === '[')) return [urn, at + urn.length];
  }
  return undefined;
}

/** `name[.sub]` at `at`, with an optional known schema URN before it. */
function readAttribute(source: string, at: number, refuse: Refuse): { schema?: string; attribute: string; subAttribute?: string; end: number } {
  let schema: string | undefined;
  if (source.slice(at, at + 4).toLowerCase() === 'urn:') {
    const urn = readSchema(source, at);
    if (!urn) throw refuse(text(messages, 'unknownSchema', { path: source }));
    schema = urn[0];
    at = urn[1];
    if (at === source.length) return { schema, attribute: '', end: at };
    if (source[at] !== ':') throw refuse(text(messages, 'notAPath', { path: source }));
    at++;
  }
  const name = readName(source, at);
  if (!name) throw refuse(text(messages, 'pathStartsWithName', { path: source }));
  at = name[1];
  let subAttribute: string | undefined;
  if (source[at] === '.' && source[at + 1] !== '[') {
    const sub = readName(source, at + 1);
    if (!sub) throw refuse(text(messages, 'pathSubAfterDot', { path: source }));
    subAttribute = sub[0].toLowerCase();
    at = sub[1];
  }
  return { ...(schema ? { schema } : {}), attribute: name[0].toLowerCase(), ...(subAttribute ? { subAttribute } : {}), end: at };
}

/** A JSON string or literal at `at`: its value and where it ends. */
function readValue(source: string, at: number, refuse: Refuse): [ScimValue, number] {
  if (source[at] === '"') {
    let end = at + 1;
    while (end < source.length && source[end] !== '"') end += source[end] === '\\' ? 2 : 1;
    if (end >= source.length) throw refuse(text(messages, 'quoteNotClosed'));
    try {
      return [JSON.parse(source.slice(at, end + 1)) as string, end + 1];
    } catch {
      throw refuse(text(messages, 'notJsonString', { value: source.slice(at, end + 1) }));
    }
  }
  LITERAL.lastIndex = at;
  const match = LITERAL.exec(source);
  if (!match) throw refuse(text(messages, 'valueCompared'));
  return [JSON.parse(match[0]) as ScimValue, LITERAL.lastIndex];
}

/** `attribute op value` at `at`; only eq is supported. */
function readComparison(source: string, at: number, refuse: Refuse): [Comparison, number] {
  at = skipSpaces(source, at);
  const path = readAttribute(source, at, refuse);
  if (path.schema !== undefined && path.schema !== KNOWN_SCHEMAS[0] && path.schema !== KNOWN_SCHEMAS[1]) {
    throw refuse(text(messages, 'coreSchemasOnly'));
  }
  if (path.attribute === '') throw refuse(text(messages, 'filterNeedsAttribute'));
  at = skipSpaces(source, path.end);
  const operator = readName(source, at);
  if (!operator || !OPERATORS.has(operator[0].toLowerCase())) throw refuse(text(messages, 'filterNeedsOperator'));
  if (operator[0].toLowerCase() !== 'eq') throw refuse(text(messages, 'operatorUnsupported', { operator: operator[0] }));
  at = operator[1];
  if (source[at] !== ' ' && source[at] !== '\t') throw refuse(text(messages, 'spaceAfterEq'));
  const [value, end] = readValue(source, skipSpaces(source, at), refuse);
  return [{ attribute: path.attribute, ...(path.subAttribute ? { subAttribute: path.subAttribute } : {}), value }, end];
}

/** A filter (RFC 7644 §3.4.2.2) of one `eq` comparison; `and`, `or`, `not`, groups and other operators are refused. */
export function parseComparison(source: string): Comparison {
  const [comparison, end] = readComparison(source, 0, invalidFilter);
  if (skipSpaces(source, end) !== source.length) {
    throw invalidFilter(text(messages, 'oneComparison'));
  }
  return comparison;
}

/** An attribute path of a PATCH operation (RFC 7644 §3.5.2); a malformed one is refused with invalidPath. */
export function parseAttributePath(source: string): AttributePath {
  const path = readAttribute(source, 0, invalidPath);
  let at = path.end;
  let filter: Comparison | undefined;
  let subAttribute = path.subAttribute;
  if (source[at] === '[') {
    if (path.subAttribute !== undefined || path.attribute === '') throw invalidPath(text(messages, 'pathFilterAfterName', { path: source }));
    const [comparison, end] = readComparison(source, at + 1, invalidPath);
    at = skipSpaces(source, end);
    if (source[at] !== ']') throw invalidPath(text(messages, 'pathCloseFilter', { path: source }));
    filter = comparison;
    at++;
    if (source[at] === '.') {
      const sub = readName(source, at + 1);
      if (!sub) throw invalidPath(text(messages, 'pathSubAfterDot', { path: source }));
      subAttribute = sub[0].toLowerCase();
      at = sub[1];
    }
  }
  if (at !== source.length) throw invalidPath(text(messages, 'notAPath', { path: source }));
  return {
    ...(path.schema ? { schema: path.schema } : {}),
    attribute: path.attribute,
    ...(filter ? { filter } : {}),
    ...(subAttribute ? { subAttribute } : {}),
  };
}

/** Who a Users filter names: an agent by email (userName, emails.value), by externalId or by id (null: none can match). */
export type UserFilter = { by: 'email'; email: string } | { by: 'externalId'; externalId: string } | { by: 'id'; id: number | null };
/** Which teams a Groups filter names: by name (displayName, case-insensitive), externalId or id. */
export type GroupFilter = { by: 'name'; name: string } | { by: 'externalId'; externalId: string } | { by: 'id'; id: number | null };

const idOf = (value: string) => (/^[1-9]\d{0,9}$/.test(value) && Number(value) <= 2_147_483_647 ? Number(value) : null);

function stringCompared(comparison: Comparison, name: string): string {
  if (typeof comparison.value !== 'string') throw invalidFilter(text(messages, 'comparedWithString', { name }));
  return comparison.value;
}

/** GET /scim/v2/Users?filter=: `userName eq`, `externalId eq`, `emails.value eq` (or `emails eq`), `id eq`. */
export function parseUserFilter(source: string): UserFilter {
  const comparison = parseComparison(source);
  const key = comparison.subAttribute ? `${comparison.attribute}.${comparison.subAttribute}` : comparison.attribute;
  switch (key) {
    case 'username':
    case 'emails':
    case 'emails.value':
      // userName is not case-exact (RFC 7643 §4.1.1); emails are stored lower-case.
      return { by: 'email', email: stringCompared(comparison, key === 'username' ? 'userName' : 'emails.value').trim().toLowerCase() };
    case 'externalid':
      return { by: 'externalId', externalId: stringCompared(comparison, 'externalId') };
    case 'id':
      return { by: 'id', id: idOf(stringCompared(comparison, 'id')) };
    default:
      throw invalidFilter(text(messages, 'usersFilteredBy', { key }));
  }
}

/** GET /scim/v2/Groups?filter=: `displayName eq` (case-insensitive, as team names are unique), `externalId eq`, `id eq`. */
export function parseGroupFilter(source: string): GroupFilter {
  const comparison = parseComparison(source);
  const key = comparison.subAttribute ? `${comparison.attribute}.${comparison.subAttribute}` : comparison.attribute;
  switch (key) {
    case 'displayname':
      return { by: 'name', name: stringCompared(comparison, 'displayName').normalize('NFKC').replace(/\s+/gu, ' ').trim() };
    case 'externalid':
      return { by: 'externalId', externalId: stringCompared(comparison, 'externalId') };
    case 'id':
      return { by: 'id', id: idOf(stringCompared(comparison, 'id')) };
    default:
      throw invalidFilter(text(messages, 'groupsFilteredBy', { key }));
  }
}
