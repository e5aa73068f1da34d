import { DEFAULT_IMPORTED_POSITION } from '../../../contract/imports';
import {
  SCIM_MAX_RESULTS,
  SCIM_SCHEMA,
  type ScimAttribute,
  type ScimResourceType,
  type ScimSchemaDocument,
  type ScimServiceProviderConfig,
} from '../../../contract/scim';
import { scimLocation } from './resources';

// The discovery documents (RFC 7644 §4): what this service supports, and exactly which attributes it keeps. A
// directory reads them to set itself up; they say no more than the routes do.

/** Why there are no owners or managers here: said in the documents a directory's administrator reads. */
const WHO_IS_PROVISIONED =
  'SCIM Users are TierTrack agents, the sales people; owners and managers are not SCIM resources (they are added in TierTrack). SCIM Groups are teams of agents.';

/** RFC 7643 §5. */
export function serviceProviderConfig(origin: string): ScimServiceProviderConfig {
  return {
    schemas: [SCIM_SCHEMA.serviceProviderConfig],
    documentationUri: `${origin}/api/docs#SCIM`,
    patch: { supported: true },
    bulk: { supported: false, maxOperations: 0, maxPayloadSize: 0 },
    filter: { supported: true, maxResults: SCIM_MAX_RESULTS },
    changePassword: { supported: false },
    sort: { supported: false },
    etag: { supported: false },
    authenticationSchemes: [
      {
        type: 'oauthbearertoken',
        name: 'API token',
        description: `An API token with the scim scope, made by the owner under API tokens and sent as Authorization: Bearer <token>. ${WHO_IS_PROVISIONED} Passwords are never provisioned: agents sign in with company sign-in or set a password with a reset link.`,
        primary: true,
      },
    ],
    meta: { resourceType: 'ServiceProviderConfig', location: scimLocation(origin, 'ServiceProviderConfig') },
  };
}

/** RFC 7643 §6: the two resource types, by id. */
export function resourceTypes(origin: string): ScimResourceType[] {
  return [
    {
      schemas: [SCIM_SCHEMA.resourceType],
      id: 'User',
      name: 'User',
      endpoint: '/Users',
      description: `A TierTrack agent. ${WHO_IS_PROVISIONED} Deleting a User makes the agent inactive and removes it from SCIM; its history stays.`,
      schema: SCIM_SCHEMA.user,
      schemaExtensions: [],
      meta: { resourceType: 'ResourceType', location: scimLocation(origin, 'ResourceTypes', 'User') },
    },
    {
      schemas: [SCIM_SCHEMA.resourceType],
      id: 'Group',
      name: 'Group',
      endpoint: '/Groups',
      description: 'A TierTrack team: its members are agents, each in one team at most (adding an agent to a group moves it there). The team’s managers are not members.',
      schema: SCIM_SCHEMA.group,
      schemaExtensions: [],
      meta: { resourceType: 'ResourceType', location: scimLocation(origin, 'ResourceTypes', 'Group') },
    },
  ];
}

type AttributeDefaults = Omit<ScimAttribute, 'name' | 'type' | 'description'>;
const READ_WRITE: AttributeDefaults = { multiValued: false, required: false, caseExact: false, mutability: 'readWrite', returned: 'default', uniqueness: 'none' };

const attribute = (name: string, type: ScimAttribute['type'], description: string, more: Partial<ScimAttribute> = {}): ScimAttribute => ({
  name,
  type,
  description,
  ...READ_WRITE,
  ...more,
});

const reference = (description: string, referenceTypes: string[], mutability: ScimAttribute['mutability']): ScimAttribute[] => [
  attribute('value', 'string', 'The id of the resource referred to', { mutability }),
  attribute('$ref', 'reference', 'Its URI', { mutability, referenceTypes }),
  attribute('display', 'string', description, { mutability: 'readOnly' }),
  attribute('type', 'string', 'What the reference is', { mutability: 'readOnly' }),
];

const USER_ATTRIBUTES: ScimAttribute[] = [
  attribute('userName', 'string', 'The agent’s email address, which it signs in with; unique, compared without regard to case', { required: true, uniqueness: 'server' }),
  attribute('name', 'complex', 'The agent’s first and last names', {
    subAttributes: [attribute('givenName', 'string', 'First name (at most 100 characters)'), attribute('familyName', 'string', 'Last name (at most 100 characters)')],
  }),
  attribute('displayName', 'string', 'The agent’s name as TierTrack shows it (at most 100 characters); when absent, the given and family names joined'),
  attribute('title', 'string', `The agent’s position (at most 100 characters); when absent, ${DEFAULT_IMPORTED_POSITION}`),
  attribute('active', 'boolean', 'Whether the agent may sign in; false for an agent made inactive and for one waiting for the owner’s approval'),
  attribute('emails', 'complex', 'The agent’s one email, which is its userName', {
    multiValued: true,
    subAttributes: [
      attribute('value', 'string', 'The email address (the userName)'),
      attribute('type', 'string', 'Always work', { canonicalValues: ['work'] }),
      attribute('primary', 'boolean', 'Always true'),
    ],
  }),
  attribute('groups', 'complex', 'The agent’s team, when it is in one (change it through the Group)', {
    multiValued: true,
    mutability: 'readOnly',
    subAttributes: reference('The team’s name', ['Group'], 'readOnly'),
  }),
];

const GROUP_ATTRIBUTES: ScimAttribute[] = [
  attribute('displayName', 'string', 'The team’s name: unique, compared without regard to case (at most 60 characters)', { required: true, uniqueness: 'server' }),
  attribute('members', 'complex', 'The agents in the team; an agent added here leaves its other team', {
    multiValued: true,
    subAttributes: reference('The agent’s name', ['User'], 'immutable'),
  }),
];

/** RFC 7643 §7: the User and Group schemas, naming only what TierTrack keeps. */
export function schemaDocuments(origin: string): ScimSchemaDocument[] {
  return [
    {
      schemas: [SCIM_SCHEMA.schema],
      id: SCIM_SCHEMA.user,
      name: 'User',
      description: `A TierTrack agent. ${WHO_IS_PROVISIONED}`,
      attributes: USER_ATTRIBUTES,
      meta: { resourceType: 'Schema', location: scimLocation(origin, 'Schemas', SCIM_SCHEMA.user) },
    },
    {
      schemas: [SCIM_SCHEMA.schema],
      id: SCIM_SCHEMA.group,
      name: 'Group',
      description: 'A TierTrack team of agents.',
      attributes: GROUP_ATTRIBUTES,
      meta: { resourceType: 'Schema', location: scimLocation(origin, 'Schemas', SCIM_SCHEMA.group) },
    },
  ];
}
