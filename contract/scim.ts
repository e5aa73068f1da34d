import { z } from 'zod';
import { displayName, idField, storableText } from './fields';
import { text, zodText } from './i18n';
import { messages } from './messages';
import { TEAM_MEMBERS_MAX, TEAM_NAME_MAX } from './teams';

// SCIM 2.0 provisioning (RFC 7643 resources, RFC 7644 protocol) at /scim/v2, for the company directory (Okta,
// Microsoft Entra ID...) holding an API token with the `scim` scope (docs/decisions/0091-scim-provisioning.md).
// SCIM Users are TierTrack's agents, the sales people; owners and managers are never SCIM resources. SCIM Groups are
// teams, whose members are agents. These are the inputs the routes check and the answers they give.

export const SCIM_PREFIX = '/scim/v2';
/** RFC 7644 §3.1: the media type of every SCIM answer; requests may also be labelled application/json. */
export const SCIM_MEDIA_TYPE = 'application/scim+json';

/** The schema and message URNs this service uses (RFC 7643 §8.7, RFC 7644 §3). */
export const SCIM_SCHEMA = {
  user: 'urn:ietf:params:scim:schemas:core:2.0:User',
  group: 'urn:ietf:params:scim:schemas:core:2.0:Group',
  /** Sent by Microsoft Entra ID with users (department, manager...): TierTrack keeps none of it. */
  enterpriseUser: 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User',
  serviceProviderConfig: 'urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig',
  resourceType: 'urn:ietf:params:scim:schemas:core:2.0:ResourceType',
  schema: 'urn:ietf:params:scim:schemas:core:2.0:Schema',
  listResponse: 'urn:ietf:params:scim:api:messages:2.0:ListResponse',
  patchOp: 'urn:ietf:params:scim:api:messages:2.0:PatchOp',
  error: 'urn:ietf:params:scim:api:messages:2.0:Error',
} as const;

/** The most resources one list answer holds (ServiceProviderConfig `filter.maxResults`); a larger `count` gets this many. */
export const SCIM_MAX_RESULTS = 200;
/** A request body at most: a group's whole member list (TEAM_MEMBERS_MAX users) fits. */
export const SCIM_BODY_MAX_BYTES = 1024 * 1024;
/** The most operations one PATCH may carry. */
export const SCIM_PATCH_OPERATIONS_MAX = 1000;
/** An identity provider's id for a person or group (Okta's are 20 characters, Entra's GUIDs 36). */
export const SCIM_EXTERNAL_ID_MAX = 255;
/** A filter's and an attribute path's length at most. */
export const SCIM_FILTER_MAX = 1000;
export const SCIM_PATH_MAX = 500;
/** The largest startIndex taken (a deeper page is a mistake: there are not that many agents). */
const SCIM_START_INDEX_MAX = 1_000_000_000;

/** RFC 7644 §3.12: the `scimType` of a 400 or 409 error, saying which rule the request broke. */
export const SCIM_ERROR_TYPES = [
  'invalidFilter',
  'tooMany',
  'uniqueness',
  'mutability',
  'invalidSyntax',
  'invalidPath',
  'noTarget',
  'invalidValue',
  'invalidVers',
  'sensitive',
] as const;
export type ScimErrorType = (typeof SCIM_ERROR_TYPES)[number];

/**
 * The refusals of the SCIM guard (server/auth/permissions.ts requireScimToken): in the reader's language (*_TEXT) and
 * in English (as directories and tests compare them).
 */
export const SCIM_TOKEN_REQUIRED_TEXT = text(messages, 'scimTokenRequired');
export const SCIM_TOKEN_REQUIRED = String(SCIM_TOKEN_REQUIRED_TEXT);
export const SCIM_SCOPE_REQUIRED_TEXT = text(messages, 'scimScopeRequired');
export const SCIM_SCOPE_REQUIRED = String(SCIM_SCOPE_REQUIRED_TEXT);
export const SCIM_PEOPLE_REFUSED_TEXT = text(messages, 'scimPeopleRefused');
export const SCIM_PEOPLE_REFUSED = String(SCIM_PEOPLE_REFUSED_TEXT);

// ---------------------------------------------------------------------------------------------------------------
// Attribute values, as requests give them

/**
 * An optional text attribute: absent, null or blank all mean "no value" (RFC 7643 §2.5: unassigned, null and empty
 * are the same state); otherwise checked by `schema`.
 */
const unassignable = <S extends z.ZodType>(schema: S) =>
  z.preprocess((value) => (typeof value === 'string' && value.trim() === '' ? null : value), schema.nullable().optional());

/** userName: the agent's email, which it signs in with; compared and stored lower-case. */
export const scimUserName = z
  .string(zodText(text(messages, 'scimUserNameText')))
  .trim()
  .max(254, zodText(text(messages, 'scimUserNameLength', { max: 254 })))
  .pipe(z.email(zodText(text(messages, 'scimUserNameEmail'))))
  .transform((email) => email.toLowerCase());

/** displayName: the agent's name as the screens show it (the rules of an agent's name). */
export const scimDisplayName = displayName(text(messages, 'scimMustBeName', { field: 'displayName' }), 100, 'displayName');
export const scimGivenName = displayName(text(messages, 'scimMustBeName', { field: 'name.givenName' }), 100, 'name.givenName');
export const scimFamilyName = displayName(text(messages, 'scimMustBeName', { field: 'name.familyName' }), 100, 'name.familyName');
/** title: the agent's position. */
export const scimTitle = displayName(text(messages, 'scimTitle'), 100, 'title');
export const scimExternalId = storableText(
  z
    .string(zodText(text(messages, 'mustBeTextNamed', { field: 'externalId' })))
    .trim()
    .min(1, zodText(text(messages, 'mustNotBeEmpty', { field: 'externalId' })))
    .max(SCIM_EXTERNAL_ID_MAX, zodText(text(messages, 'atMostCharactersNamed', { field: 'externalId', max: SCIM_EXTERNAL_ID_MAX }))),
  'externalId',
);
/** A team's name, as a group's displayName. */
export const scimGroupDisplayName = displayName(text(messages, 'scimGroupDisplayName'), TEAM_NAME_MAX, 'displayName');

/**
 * A SCIM boolean: true or false, or as Microsoft Entra ID sends them in PATCH values, "True" and "False" (any case).
 */
export const scimBoolean = (name: string) =>
  z
    .union([z.boolean(), z.string().regex(/^(true|false)$/i)], zodText(text(messages, 'mustBeTrueOrFalse', { field: name })))
    .transform((value) => (typeof value === 'boolean' ? value : value.toLowerCase() === 'true'));

/** A member of a group, or a member named in a PATCH: `value` is the user's id (its `display`, `$ref` are ignored). */
export const scimMemberInput = z.object(
  { value: idField(text(messages, 'scimMemberValue')) },
  zodText(text(messages, 'scimEachMember')),
);

/** One of a user's emails as sent: TierTrack keeps one, the sign-in email, which is the userName. */
export const scimEmailInput = z.object(
  {
    value: z.string(zodText(text(messages, 'scimEmailValue'))).trim().max(254, zodText(text(messages, 'scimEmailValue'))),
    type: z.string(zodText(text(messages, 'mustBeTextNamed', { field: 'emails[].type' }))).max(100).optional(),
    primary: scimBoolean('emails[].primary').optional(),
  },
  zodText(text(messages, 'scimEachEmail')),
);

// ---------------------------------------------------------------------------------------------------------------
// Requests

/**
 * POST /scim/v2/Users and PUT /scim/v2/Users/{id}: a User resource. Attributes TierTrack does not keep (the enterprise
 * extension, phone numbers, locale, password...) are ignored; `id`, `meta` and `groups` are read-only and ignored.
 * A PUT replaces what is given and clears what is not (title back to the default position), but leaves `active`
 * alone when it is absent.
 */
export const scimUserInput = z.object(
  {
    userName: scimUserName,
    name: z
      .object({ givenName: unassignable(scimGivenName), familyName: unassignable(scimFamilyName) }, zodText(text(messages, 'scimNameObject')))
      .nullable()
      .optional(),
    displayName: unassignable(scimDisplayName),
    title: unassignable(scimTitle),
    externalId: unassignable(scimExternalId),
    active: scimBoolean('active').optional(),
    emails: z.array(scimEmailInput, zodText(text(messages, 'scimEmailsList'))).max(20, zodText(text(messages, 'scimEmailsAtMost', { max: 20 }))).nullable().optional(),
  },
  zodText(text(messages, 'scimUserBody')),
);
export type ScimUserInput = z.output<typeof scimUserInput>;

/** POST /scim/v2/Groups and PUT /scim/v2/Groups/{id}: a Group resource (a team); a PUT's member list is the whole one. */
export const scimGroupInput = z.object(
  {
    displayName: scimGroupDisplayName,
    externalId: unassignable(scimExternalId),
    members: z
      .array(scimMemberInput, zodText(text(messages, 'scimMembersList')))
      .max(TEAM_MEMBERS_MAX, zodText(text(messages, 'scimMembersAtMost', { max: TEAM_MEMBERS_MAX })))
      .nullable()
      .optional(),
  },
  zodText(text(messages, 'scimGroupBody')),
);
export type ScimGroupInput = z.output<typeof scimGroupInput>;

/**
 * One PATCH operation (RFC 7644 §3.5.2). `op` in any case: Microsoft Entra ID writes "Replace", Okta "replace". What
 * `path` and `value` may be depends on the resource: the server checks them (server/domain/scim).
 */
export const scimPatchOperation = z.object(
  {
    op: z
      .string(zodText(text(messages, 'scimOp')))
      .transform((op) => op.toLowerCase())
      .pipe(z.enum(['add', 'remove', 'replace'], zodText(text(messages, 'scimOp')))),
    path: storableText(
      z
        .string(zodText(text(messages, 'mustBeTextNamed', { field: 'path' })))
        .trim()
        .min(1, zodText(text(messages, 'mustNotBeEmpty', { field: 'path' })))
        .max(SCIM_PATH_MAX, zodText(text(messages, 'atMostCharactersNamed', { field: 'path', max: SCIM_PATH_MAX }))),
      'path',
    )
      .nullable()
      .optional()
      .transform((path) => path ?? undefined),
    value: z.unknown().optional(),
  },
  zodText(text(messages, 'scimEachOperation')),
);
export type ScimPatchOperation = z.output<typeof scimPatchOperation>;

/** PATCH /scim/v2/Users/{id} and /scim/v2/Groups/{id}: a PatchOp message. */
export const scimPatchInput = z.object(
  {
    Operations: z
      .array(scimPatchOperation, zodText(text(messages, 'scimOperationsList')))
      .min(1, zodText(text(messages, 'scimOperationsAtLeastOne')))
      .max(SCIM_PATCH_OPERATIONS_MAX, zodText(text(messages, 'scimOperationsAtMost', { max: SCIM_PATCH_OPERATIONS_MAX }))),
  },
  zodText(text(messages, 'scimPatchBody')),
);
export type ScimPatchInput = z.output<typeof scimPatchInput>;

/** A whole number in a query string; absent stays undefined. */
const queryNumber = (name: string) =>
  z
    .string(zodText(text(messages, 'wholeNumber', { name })))
    .regex(/^-?\d{1,10}$/, zodText(text(messages, 'wholeNumber', { name })))
    .transform(Number)
    .optional();

/** attributes and excludedAttributes (RFC 7644 §3.4.2.5): comma-separated attribute names. */
const attributeList = (name: string) =>
  storableText(
    z
      .string(zodText(text(messages, 'scimAttributeList', { field: name })))
      .max(SCIM_FILTER_MAX, zodText(text(messages, 'atMostCharactersNamed', { field: name, max: SCIM_FILTER_MAX }))),
    name,
  ).optional();

/** The query of a single resource's read (and of a write's answer). */
export const scimResourceQuery = z.object({ attributes: attributeList('attributes'), excludedAttributes: attributeList('excludedAttributes') });
export type ScimResourceQuery = z.output<typeof scimResourceQuery>;

/**
 * GET /scim/v2/Users and /scim/v2/Groups (RFC 7644 §3.4.2): `filter` (one `eq` comparison: server/domain/scim/filter.ts),
 * `startIndex` (1-based; below 1 counts as 1) and `count` (negative counts as 0; at most SCIM_MAX_RESULTS), with the
 * attribute lists. Sorting is not supported: sortBy and sortOrder are ignored, as other parameters are.
 */
export const scimListQuery = scimResourceQuery.extend({
  filter: storableText(
    z
      .string(zodText(text(messages, 'mustBeTextNamed', { field: 'filter' })))
      .max(SCIM_FILTER_MAX, zodText(text(messages, 'atMostCharactersNamed', { field: 'filter', max: SCIM_FILTER_MAX }))),
    'filter',
  ).optional(),
  startIndex: queryNumber('startIndex').transform((value) => Math.min(Math.max(value ?? 1, 1), SCIM_START_INDEX_MAX)),
  count: queryNumber('count').transform((value) => Math.min(Math.max(value ?? SCIM_MAX_RESULTS, 0), SCIM_MAX_RESULTS)),
});
export type ScimListQuery = z.output<typeof scimListQuery>;

// ---------------------------------------------------------------------------------------------------------------
// Answers (every attribute but schemas and id may be left out by the attributes and excludedAttributes parameters)

const scimMeta = z.object({
  resourceType: z.string(),
  created: z.string().optional(),
  lastModified: z.string().optional(),
  location: z.string(),
});

/**
 * A reference to another resource: a user's group, a group's member; with `$ref`, its URI. That one is left undeclared
 * (the object takes other keys): a schema property named $ref reads as a JSON reference to OpenAPI tools.
 */
const scimReference = z.looseObject({ value: z.string(), display: z.string(), type: z.string() });

/** A SCIM User: an agent. `active` is false for an agent made inactive and for one waiting for the owner's approval. */
export const scimUser = z.object({
  schemas: z.array(z.string()),
  id: z.string(),
  externalId: z.string().optional(),
  userName: z.string().optional(),
  name: z.object({ givenName: z.string().optional(), familyName: z.string().optional() }).optional(),
  displayName: z.string().optional(),
  title: z.string().optional(),
  active: z.boolean().optional(),
  emails: z.array(z.object({ value: z.string(), type: z.string(), primary: z.boolean() })).optional(),
  /** Read-only: the agent's team, when it is in one. */
  groups: z.array(scimReference).optional(),
  meta: scimMeta.optional(),
});
export type ScimUser = z.infer<typeof scimUser>;

/** A SCIM Group: a team, its members the agents in it (its managers are not members). */
export const scimGroup = z.object({
  schemas: z.array(z.string()),
  id: z.string(),
  externalId: z.string().optional(),
  displayName: z.string().optional(),
  members: z.array(scimReference).optional(),
  meta: scimMeta.optional(),
});
export type ScimGroup = z.infer<typeof scimGroup>;

/** RFC 7644 §3.4.2: a page of resources. */
export const scimListResponse = <T extends z.ZodType>(resource: T) =>
  z.object({ schemas: z.array(z.string()), totalResults: z.number(), itemsPerPage: z.number(), startIndex: z.number(), Resources: z.array(resource) });

/** RFC 7644 §3.12: every SCIM error. `status` is the HTTP status as a string. */
export const scimError = z.strictObject({
  schemas: z.tuple([z.literal(SCIM_SCHEMA.error)]),
  status: z.string(),
  scimType: z.enum(SCIM_ERROR_TYPES).optional(),
  detail: z.string(),
});
export type ScimError = z.infer<typeof scimError>;

const supported = z.object({ supported: z.boolean() });

/** RFC 7643 §5: what this service supports. */
export const scimServiceProviderConfig = z.object({
  schemas: z.array(z.string()),
  documentationUri: z.string().optional(),
  patch: supported,
  bulk: supported.extend({ maxOperations: z.number(), maxPayloadSize: z.number() }),
  filter: supported.extend({ maxResults: z.number() }),
  changePassword: supported,
  sort: supported,
  etag: supported,
  authenticationSchemes: z.array(z.object({ type: z.string(), name: z.string(), description: z.string(), primary: z.boolean().optional() })),
  meta: scimMeta,
});
export type ScimServiceProviderConfig = z.infer<typeof scimServiceProviderConfig>;

/** RFC 7643 §6: a resource type this service serves (User, Group). */
export const scimResourceType = z.object({
  schemas: z.array(z.string()),
  id: z.string(),
  name: z.string(),
  endpoint: z.string(),
  description: z.string(),
  schema: z.string(),
  schemaExtensions: z.array(z.object({ schema: z.string(), required: z.boolean() })),
  meta: scimMeta,
});
export type ScimResourceType = z.infer<typeof scimResourceType>;

const scimAttributeFields = {
  name: z.string(),
  type: z.enum(['string', 'boolean', 'complex', 'reference', 'dateTime', 'integer', 'decimal', 'binary']),
  multiValued: z.boolean(),
  description: z.string(),
  required: z.boolean(),
  caseExact: z.boolean(),
  mutability: z.enum(['readOnly', 'readWrite', 'immutable', 'writeOnly']),
  returned: z.enum(['always', 'never', 'default', 'request']),
  uniqueness: z.enum(['none', 'server', 'global']),
  canonicalValues: z.array(z.string()).optional(),
  referenceTypes: z.array(z.string()).optional(),
};
/** RFC 7643 §7: an attribute of a schema (its sub-attributes one level deep: no attribute here nests further). */
export const scimAttribute = z.object({ ...scimAttributeFields, subAttributes: z.array(z.object(scimAttributeFields)).optional() });
export type ScimAttribute = z.infer<typeof scimAttribute>;

/** RFC 7643 §7: a resource schema, naming exactly the attributes this service keeps. */
export const scimSchemaDocument = z.object({
  schemas: z.array(z.string()),
  id: z.string(),
  name: z.string(),
  description: z.string(),
  attributes: z.array(scimAttribute),
  meta: scimMeta,
});
export type ScimSchemaDocument = z.infer<typeof scimSchemaDocument>;
