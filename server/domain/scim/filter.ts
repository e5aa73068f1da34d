import { SCIM_SCHEMA } from '../../../contract/scim';
import { invalidFilter, invalidPath } from './errors';

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

type Refuse = (message: string) => Error;

function skipSpaces(text: string, at: number): number {
  while (at < text.length && (text[at] === ' ' || text[at] === '\t')) at++;
  return at;
}

function readName(text: string, at: number): [string, number] | undefined {
  NAME.lastIndex = at;
  const match = NAME.exec(text);
  return match ? [match[0], NAME.lastIndex] : undefined;
}

/** A schema URN the text starts with at `at` (followed by ":" or the end): the URN lower-case and where it ends. */
function readSchema(text: string, at: number): [string, number] | undefined {
  const rest = text.slice(at).toLowerCase();
  for (const urn of KNOWN_SCHEMAS) {
    if (rest.startsWith(urn) && (rest.length === urn.length || rest[urn.length] === ':' || rest[urn.length] === '[')) return [urn, at + urn.length];
  }
  return undefined;
}

/** `name[.sub]` at `at`, with an optional known schema URN before it. */
function readAttribute(text: string, at: number, refuse: Refuse): { schema?: string; attribute: string; subAttribute?: string; end: number } {
  let schema: string | undefined;
  if (text.slice(at, at + 4).toLowerCase() === 'urn:') {
    const urn = readSchema(text, at);
    if (!urn) throw refuse(`"${text}" names a schema this service does not know`);
    schema = urn[0];
    at = urn[1];
    if (at === text.length) return { schema, attribute: '', end: at };
    if (text[at] !== ':') throw refuse(`"${text}" is not an attribute path`);
    at++;
  }
  const name = readName(text, at);
  if (!name) throw refuse(`"${text}" is not an attribute path: it must start with an attribute name`);
  at = name[1];
  let subAttribute: string | undefined;
  if (text[at] === '.' && text[at + 1] !== '[') {
    const sub = readName(text, at + 1);
    if (!sub) throw refuse(`"${text}" is not an attribute path: a sub-attribute name must follow the dot`);
    subAttribute = sub[0].toLowerCase();
    at = sub[1];
  }
  return { ...(schema ? { schema } : {}), attribute: name[0].toLowerCase(), ...(subAttribute ? { subAttribute } : {}), end: at };
}

/** A JSON string or literal at `at`: its value and where it ends. */
function readValue(text: string, at: number, refuse: Refuse): [ScimValue, number] {
  if (text[at] === '"') {
    let end = at + 1;
    while (end < text.length && text[end] !== '"') end += text[end] === '\\' ? 2 : 1;
    if (end >= text.length) throw refuse('A quoted value is not closed: end it with a double quote');
    try {
      return [JSON.parse(text.slice(at, end + 1)) as string, end + 1];
    } catch {
      throw refuse(`${text.slice(at, end + 1)} is not a valid JSON string`);
    }
  }
  LITERAL.lastIndex = at;
  const match = LITERAL.exec(text);
  if (!match) throw refuse('The value compared must be a quoted string (or true, false, null, a number)');
  return [JSON.parse(match[0]) as ScimValue, LITERAL.lastIndex];
}

/** `attribute op value` at `at`; only eq is supported. */
function readComparison(text: string, at: number, refuse: Refuse): [Comparison, number] {
  at = skipSpaces(text, at);
  const path = readAttribute(text, at, refuse);
  if (path.schema !== undefined && path.schema !== KNOWN_SCHEMAS[0] && path.schema !== KNOWN_SCHEMAS[1]) {
    throw refuse('Filters compare attributes of the core User and Group schemas only');
  }
  if (path.attribute === '') throw refuse('A filter must compare an attribute');
  at = skipSpaces(text, path.end);
  const operator = readName(text, at);
  if (!operator || !OPERATORS.has(operator[0].toLowerCase())) throw refuse('A comparison needs an operator after the attribute: this service supports eq');
  if (operator[0].toLowerCase() !== 'eq') throw refuse(`The operator "${operator[0]}" is not supported: this service filters with eq only`);
  at = operator[1];
  if (text[at] !== ' ' && text[at] !== '\t') throw refuse('Put a space between eq and the value');
  const [value, end] = readValue(text, skipSpaces(text, at), refuse);
  return [{ attribute: path.attribute, ...(path.subAttribute ? { subAttribute: path.subAttribute } : {}), value }, end];
}

/** A filter (RFC 7644 §3.4.2.2) of one `eq` comparison; `and`, `or`, `not`, groups and other operators are refused. */
export function parseComparison(text: string): Comparison {
  const [comparison, end] = readComparison(text, 0, invalidFilter);
  if (skipSpaces(text, end) !== text.length) {
    throw invalidFilter('This service takes one comparison per filter (attribute eq "value"): and, or, not and brackets are not supported');
  }
  return comparison;
}

/** An attribute path of a PATCH operation (RFC 7644 §3.5.2); a malformed one is refused with invalidPath. */
export function parseAttributePath(text: string): AttributePath {
  const path = readAttribute(text, 0, invalidPath);
  let at = path.end;
  let filter: Comparison | undefined;
  let subAttribute = path.subAttribute;
  if (text[at] === '[') {
    if (path.subAttribute !== undefined || path.attribute === '') throw invalidPath(`"${text}" is not an attribute path: a filter in brackets follows an attribute name`);
    const [comparison, end] = readComparison(text, at + 1, invalidPath);
    at = skipSpaces(text, end);
    if (text[at] !== ']') throw invalidPath(`"${text}" is not an attribute path: close the filter with ] (one eq comparison)`);
    filter = comparison;
    at++;
    if (text[at] === '.') {
      const sub = readName(text, at + 1);
      if (!sub) throw invalidPath(`"${text}" is not an attribute path: a sub-attribute name must follow the dot`);
      subAttribute = sub[0].toLowerCase();
      at = sub[1];
    }
  }
  if (at !== text.length) throw invalidPath(`"${text}" is not an attribute path`);
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
  if (typeof comparison.value !== 'string') throw invalidFilter(`${name} is compared with a quoted string`);
  return comparison.value;
}

const SUPPORTED_USER_FILTERS = 'userName, externalId, emails.value or id';
const SUPPORTED_GROUP_FILTERS = 'displayName, externalId or id';

/** GET /scim/v2/Users?filter=: `userName eq`, `externalId eq`, `emails.value eq` (or `emails eq`), `id eq`. */
export function parseUserFilter(text: string): UserFilter {
  const comparison = parseComparison(text);
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
      throw invalidFilter(`Users can be filtered by ${SUPPORTED_USER_FILTERS} (with eq), not by ${key}`);
  }
}

/** GET /scim/v2/Groups?filter=: `displayName eq` (case-insensitive, as team names are unique), `externalId eq`, `id eq`. */
export function parseGroupFilter(text: string): GroupFilter {
  const comparison = parseComparison(text);
  const key = comparison.subAttribute ? `${comparison.attribute}.${comparison.subAttribute}` : comparison.attribute;
  switch (key) {
    case 'displayname':
      return { by: 'name', name: stringCompared(comparison, 'displayName').normalize('NFKC').replace(/\s+/gu, ' ').trim() };
    case 'externalid':
      return { by: 'externalId', externalId: stringCompared(comparison, 'externalId') };
    case 'id':
      return { by: 'id', id: idOf(stringCompared(comparison, 'id')) };
    default:
      throw invalidFilter(`Groups can be filtered by ${SUPPORTED_GROUP_FILTERS} (with eq), not by ${key}`);
  }
}
