import { SCIM_PREFIX, SCIM_SCHEMA, type ScimGroup, type ScimResourceQuery, type ScimUser } from '../../../contract/scim';

// The resources as SCIM writes them (RFC 7643 §4): an agent as a User, a team as a Group, pages as a ListResponse, and
// the attributes and excludedAttributes parameters (RFC 7644 §3.4.2.5) applied to them.

/** An agent as the SCIM reads load it. */
export interface ScimAgentRow {
  id: number;
  email: string;
  name: string;
  firstName: string | null;
  lastName: string | null;
  position: string;
  status: 'active' | 'pending' | 'inactive';
  externalId: string | null;
  createdAt: Date;
  teamId: number | null;
  teamName: string | null;
}

/** A team as the SCIM reads load it; `members` (its agents that are SCIM users) only when asked for. */
export interface ScimTeamRow {
  id: number;
  name: string;
  externalId: string | null;
  createdAt: Date;
  members?: { id: number; name: string }[];
}

export const scimLocation = (origin: string, endpoint: 'Users' | 'Groups' | 'ResourceTypes' | 'Schemas' | 'ServiceProviderConfig', id?: string | number) =>
  `${origin}${SCIM_PREFIX}/${endpoint}${id === undefined ? '' : `/${id}`}`;

/** An agent as a SCIM User: its email is its userName and its one (primary, work) email; its team its one group. */
export function scimUserOf(row: ScimAgentRow, origin: string): ScimUser {
  const name = { ...(row.firstName !== null ? { givenName: row.firstName } : {}), ...(row.lastName !== null ? { familyName: row.lastName } : {}) };
  return {
    schemas: [SCIM_SCHEMA.user],
    id: String(row.id),
    ...(row.externalId !== null ? { externalId: row.externalId } : {}),
    userName: row.email,
    ...(Object.keys(name).length > 0 ? { name } : {}),
    displayName: row.name,
    title: row.position,
    active: row.status === 'active',
    emails: [{ value: row.email, type: 'work', primary: true }],
    groups:
      row.teamId !== null && row.teamName !== null
        ? [{ value: String(row.teamId), display: row.teamName, $ref: scimLocation(origin, 'Groups', row.teamId), type: 'direct' }]
        : [],
    meta: { resourceType: 'User', created: row.createdAt.toISOString(), location: scimLocation(origin, 'Users', row.id) },
  };
}

/** A team as a SCIM Group: its agents are its members (when they were loaded). */
export function scimGroupOf(row: ScimTeamRow, origin: string): ScimGroup {
  return {
    schemas: [SCIM_SCHEMA.group],
    id: String(row.id),
    ...(row.externalId !== null ? { externalId: row.externalId } : {}),
    displayName: row.name,
    ...(row.members
      ? { members: row.members.map((member) => ({ value: String(member.id), display: member.name, $ref: scimLocation(origin, 'Users', member.id), type: 'User' })) }
      : {}),
    meta: { resourceType: 'Group', created: row.createdAt.toISOString(), location: scimLocation(origin, 'Groups', row.id) },
  };
}

/** RFC 7644 §3.4.2: a page of resources, `startIndex` 1-based; `totalResults` counts every match. */
export function scimListOf<T>(resources: T[], totalResults: number, startIndex: number) {
  return { schemas: [SCIM_SCHEMA.listResponse], totalResults, itemsPerPage: resources.length, startIndex, Resources: resources };
}

const CORE_PREFIXES = [SCIM_SCHEMA.user, SCIM_SCHEMA.group].map((urn) => `${urn.toLowerCase()}:`);

/** An attributes parameter's names, lower-case, without the core schema's URN. */
function attributeNames(list: string | undefined): string[] | undefined {
  if (list === undefined) return undefined;
  return list
    .split(',')
    .map((name) => {
      const lower = name.trim().toLowerCase();
      const prefix = CORE_PREFIXES.find((urn) => lower.startsWith(urn));
      return prefix ? lower.slice(prefix.length) : lower;
    })
    .filter((name) => name !== '');
}

/** Always returned, whatever the parameters say (RFC 7643 §3.1, §7 `returned: always`). */
const ALWAYS = new Set(['schemas', 'id']);

/**
 * The resource as the parameters ask: with `attributes`, those (a sub-attribute's name returns its whole attribute)
 * and the ones always returned; with `excludedAttributes`, all but those. Unknown names are ignored.
 */
export function projected<T extends { schemas: string[]; id: string }>(resource: T, query: ScimResourceQuery): T {
  const wanted = attributeNames(query.attributes);
  const excluded = attributeNames(query.excludedAttributes);
  if (!wanted && !excluded) return resource;
  const kept = Object.entries(resource).filter(([key]) => {
    const name = key.toLowerCase();
    if (ALWAYS.has(name)) return true;
    if (wanted) return wanted.some((asked) => asked === name || asked.startsWith(`${name}.`));
    return !excluded!.includes(name);
  });
  return Object.fromEntries(kept) as T;
}

/** Whether the answer shows a group's members: not when they are excluded or other attributes alone are asked for. */
export function wantsMembers(query: ScimResourceQuery): boolean {
  const probe = projected({ schemas: [], id: '', members: [] }, query);
  return 'members' in probe;
}
