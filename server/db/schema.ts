import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { auditActorKinds } from '../../contract/audit';
import { NOTIFICATION_KINDS } from '../../contract/notifications';
import { claimStatuses, rewardCategories } from '../../contract/rewards';

const money = (name: string) => numeric(name, { precision: 14, scale: 2 });

/** A 64-bit transaction id (PostgreSQL's xid8), read as text: it orders the inboxes below (decision 0042). */
const xid8 = customType<{ data: string; driverData: string }>({ dataType: () => 'xid8' });
const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Owners and managers: the people who sign in to the owner dashboard. */
export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    role: text('role', { enum: ['owner', 'manager'] }).notNull(),
    passwordHash: text('password_hash').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    /** The TOTP secret (RFC 6238, base32): set when two-factor sign-in is being set up, in force once enabled. */
    totpSecret: text('totp_secret'),
    /** When two-factor sign-in was turned on; null while it is off (a secret alone is a setup not yet confirmed). */
    totpEnabledAt: timestamptz('totp_enabled_at'),
    /** The last 30-second step whose code was accepted: a code is never accepted twice (no replay). */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    /**
     * Bumped by every change that must end the account's sessions and sign-ins in progress (a password set or reset,
     * deactivation, two-factor sign-in turned on): a session or challenge made with an older version is refused
     * (docs/decisions/0034-sessions-follow-the-account.md).
     */
    credentialVersion: integer('credential_version').notNull().default(1),
    /** The language the person reads the app and its emails in (contract/languages.ts); null: the organisation's. */
    language: text('language'),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    check('users_language_check', sql`${t.language} is null or ${t.language} in ('en', 'de', 'es', 'fr')`),
    check('users_totp_enabled_check', sql`${t.totpEnabledAt} is null or ${t.totpSecret} is not null`),
    check('users_role_check', sql`${t.role} in ('owner', 'manager')`),
    check('users_email_lower_check', sql`${t.email} = lower(${t.email})`),
  ],
);

/** Sales agents: a separate kind of identity with its own sessions. Running totals live on the row. */
export const agents = pgTable(
  'agents',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    firstName: text('first_name'),
    lastName: text('last_name'),
    position: text('position').notNull(),
    passwordHash: text('password_hash').notNull(),
    totalIncome: money('total_income').notNull().default('0'),
    totalEntries: integer('total_entries').notNull().default(0),
    /** The highest total the agent ever had: a tier is reached when this reaches its threshold. */
    peakTotal: money('peak_total').notNull().default('0'),
    /**
     * pending: registered while sign-up needs the owner's approval; cannot sign in until approved. inactive: made
     * inactive by the owner; cannot sign in, is left off the boards, keeps its history, can be made active again.
     */
    status: text('status', { enum: ['active', 'pending', 'inactive'] }).notNull().default('active'),
    /** The team the agent is in (at most one). */
    teamId: integer('team_id').references((): AnyPgColumn => teams.id, { onDelete: 'set null' }),
    /** Off: other agents and the TV see "Anonymous agent" instead of the name (docs/product.md §12.14). */
    publicProfile: boolean('public_profile').notNull().default(true),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    /**
     * Bumped by every change that must end the account's sessions and sign-ins in progress (a password set or reset,
     * deactivation, two-factor sign-in turned on): a session or challenge made with an older version is refused
     * (docs/decisions/0034-sessions-follow-the-account.md).
     */
    credentialVersion: integer('credential_version').notNull().default(1),
    /** The identity provider's own id for the person (SCIM `externalId`, docs/decisions/0090-company-sign-in.md). */
    externalId: text('external_id'),
    /**
     * When the directory deleted the person through SCIM: the agent is inactive (history kept) and no longer a SCIM
     * resource (a GET answers 404); creating the same userName again brings the agent back.
     */
    scimDeletedAt: timestamptz('scim_deleted_at'),
    /** The language the agent reads the app, its emails and pushes in (contract/languages.ts); null: the organisation's. */
    language: text('language'),
  },
  (t) => [
    check('agents_language_check', sql`${t.language} is null or ${t.language} in ('en', 'de', 'es', 'fr')`),
    uniqueIndex('agents_email_key').on(t.email),
    uniqueIndex('agents_external_id_key').on(t.externalId).where(sql`${t.externalId} is not null`),
    check('agents_email_lower_check', sql`${t.email} = lower(${t.email})`),
    check('agents_status_check', sql`${t.status} in ('active', 'pending', 'inactive')`),
    index('agents_name_idx').on(t.name),
    index('agents_team_idx').on(t.teamId).where(sql`${t.teamId} is not null`),
    /** The few agents off the boards (pending, inactive): the boards take them away from counts along the period index. */
    index('agents_off_boards_idx').on(t.id).where(sql`${t.status} <> 'active'`),
  ],
);

/** Sign-in sessions of both kinds. Only the SHA-256 of the cookie token is stored. */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    /** What the person sees and names when signing a device out (the token hash never leaves the server). */
    id: integer('id').notNull().generatedAlwaysAsIdentity(),
    kind: text('kind', { enum: ['user', 'agent'] }).notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    agentId: integer('agent_id').references(() => agents.id, { onDelete: 'cascade' }),
    expiresAt: timestamptz('expires_at').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    /** When the person last entered their password in this session (sign-in or confirmation): sensitive actions need it recent. */
    passwordConfirmedAt: timestamptz('password_confirmed_at').notNull().defaultNow(),
    /** The browser that signed in (its User-Agent, at most 300 characters), to tell devices apart. */
    userAgent: text('user_agent'),
    /** When the session was last used, to within SESSION_SEEN_EVERY_MS (written at most that often). */
    lastSeenAt: timestamptz('last_seen_at').notNull().defaultNow(),
    /** The account's credential version the session was made with: it holds only while the account's is the same. */
    credentialVersion: integer('credential_version').notNull().default(1),
  },
  (t) => [
    check(
      'sessions_subject_check',
      sql`(${t.kind} = 'user' and ${t.userId} is not null and ${t.agentId} is null) or (${t.kind} = 'agent' and ${t.agentId} is not null and ${t.userId} is null)`,
    ),
    index('sessions_user_idx').on(t.userId),
    index('sessions_agent_idx').on(t.agentId),
    uniqueIndex('sessions_id_key').on(t.id),
    index('sessions_expires_idx').on(t.expiresAt),
  ],
);

/** The 12 achievement tiers; rows are inserted by a migration and only edited afterwards. */
export const tierSettings = pgTable(
  'tier_settings',
  {
    id: integer('id').primaryKey(),
    name: text('name').notNull(),
    color: text('color').notNull(),
    threshold: money('threshold').notNull(),
    rewards: text('rewards').notNull(),
    order: integer('tier_order').notNull(),
  },
  (t) => [
    uniqueIndex('tier_settings_order_key').on(t.order),
    check('tier_settings_threshold_check', sql`${t.threshold} > 0`),
    check('tier_settings_order_check', sql`${t.order} between 1 and 12`),
  ],
);

/** The rewards an agent may pick from when claiming a tier. */
export const rewardOptions = pgTable(
  'reward_options',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tierId: integer('tier_id')
      .notNull()
      .references(() => tierSettings.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull(),
    category: text('category', { enum: rewardCategories }).notNull(),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [index('reward_options_tier_idx').on(t.tierId)],
);

/** Every profit or deduction recorded for an agent. The agent's running total after it is kept with it. */
export const incomeEntries = pgTable(
  'income_entries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    agentId: integer('agent_id')
      .notNull()
      .references(() => agents.id, { onDelete: 'cascade' }),
    amount: money('amount').notNull(),
    description: text('description'),
    date: timestamptz('date').notNull(),
    newTotal: money('new_total').notNull(),
    transactionType: text('transaction_type', { enum: ['addition', 'deduction'] }).notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    /** The deal's id in the system it came from (a CRM): unique, so a deal is never counted twice. */
    externalId: text('external_id'),
    /**
     * On a reversal: the entry it voids (docs/product.md §12.11). A reversal has the voided entry's date and the
     * opposite amount, so every total and roll-up nets the pair to nothing; entries are never edited or deleted.
     */
    voidsEntryId: bigint('voids_entry_id', { mode: 'number' }).references((): AnyPgColumn => incomeEntries.id, { onDelete: 'cascade' }),
    /** On a voided entry: when, by whom (a name as it was then) and why. Set once, with the reversal. */
    voidedAt: timestamptz('voided_at'),
    voidedBy: text('voided_by'),
    voidReason: text('void_reason'),
  },
  (t) => [
    check('income_entries_amount_check', sql`${t.amount} <> 0`),
    // A reversal is never voided itself, and a void always has its reason.
    check('income_entries_void_check', sql`(${t.voidsEntryId} is null or ${t.voidedAt} is null) and (${t.voidedAt} is null) = (${t.voidReason} is null)`),
    // One reversal per entry.
    uniqueIndex('income_entries_voids_entry_idx').on(t.voidsEntryId).where(sql`${t.voidsEntryId} is not null`),
    // One agent's entries by deal date, ties by id, newest first (DESC NULLS LAST, as income_entries_date_idx): its page and
    // the running totals beside it (server/db/queries/income-entries.ts) are read along it without a sort, its export
    // (oldest first) backward; its periods' sums by date too.
    index('income_entries_agent_date_idx').on(t.agentId, t.date.desc(), t.id.desc()),
    index('income_entries_created_idx').on(t.createdAt.desc(), t.id.desc()),
    // GET /api/income-entries pages every entry newest first (by date) without sorting them.
    index('income_entries_date_idx').on(t.date.desc(), t.id.desc()),
    // Partial: entries without an external id (most) cost this index nothing.
    uniqueIndex('income_entries_external_id_idx').on(t.externalId).where(sql`${t.externalId} is not null`),
  ],
);

/**
 * Idempotency keys of writes (the `Idempotency-Key` header): the first answer, kept 24 hours, for the caller who sent
 * the key. A retry with the same key gets that answer again and writes nothing. Erased with the agent the answer is
 * about.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    /** Who sent the key (`user:<id>`): one caller's key never answers another. */
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    /** SHA-256 of the request the key was first used with: the same key with another request is refused. */
    requestHash: text('request_hash').notNull(),
    statusCode: integer('status_code').notNull(),
    /** The answer's JSON text as it was sent, so that a retry gets the same bytes. */
    response: text('response').notNull(),
    agentId: integer('agent_id').references(() => agents.id, { onDelete: 'cascade' }),
    createdAt: timestamptz('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.key] }), index('idempotency_keys_created_idx').on(t.createdAt), index('idempotency_keys_agent_idx').on(t.agentId)],
);

/**
 * Per-agent income roll-ups by calendar period in the organisation's time zone, kept current in the same
 * transaction as each entry so that dashboards never scan entries. periodStart is the local date the
 * period begins (Monday for weeks).
 */
export const agentPeriodTotals = pgTable(
  'agent_period_totals',
  {
    agentId: integer('agent_id')
      .notNull()
      .references(() => agents.id, { onDelete: 'cascade' }),
    periodKind: text('period_kind', { enum: ['week', 'month', 'quarter', 'year'] }).notNull(),
    periodStart: date('period_start', { mode: 'string' }).notNull(),
    income: money('income').notNull(),
  },
  (t) => [
    primaryKey({ name: 'agent_period_totals_pkey', columns: [t.agentId, t.periodKind, t.periodStart] }),
    // agent_id last: a board reads a period's rows from this index alone (an index-only scan), never from the heap,
    // where one period's rows lie one to a page (the roll-ups of an agent are written together).
    index('agent_period_totals_period_idx').on(t.periodKind, t.periodStart, t.income.desc(), t.agentId),
  ],
);

/** The first time an agent's total reached a tier's threshold. */
export const tierAchievements = pgTable(
  'tier_achievements',
  {
    agentId: integer('agent_id')
      .notNull()
      .references(() => agents.id, { onDelete: 'cascade' }),
    tierId: integer('tier_id')
      .notNull()
      .references(() => tierSettings.id, { onDelete: 'cascade' }),
    achievedAt: timestamptz('achieved_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'tier_achievements_pkey', columns: [t.agentId, t.tierId] }),
    index('tier_achievements_achieved_idx').on(t.achievedAt),
  ],
);

/** A reward an agent claimed for a tier; at most one per agent and tier. */
export const rewardClaims = pgTable(
  'reward_claims',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    agentId: integer('agent_id')
      .notNull()
      .references(() => agents.id, { onDelete: 'cascade' }),
    tierId: integer('tier_id')
      .notNull()
      .references(() => tierSettings.id, { onDelete: 'restrict' }),
    rewardOptionId: integer('reward_option_id').references(() => rewardOptions.id, { onDelete: 'set null' }),
    rewardTitle: text('reward_title').notNull(),
    status: text('status', { enum: claimStatuses }).notNull().default('pending'),
    fullName: text('full_name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    telegram: text('telegram'),
    address: text('address').notNull(),
    city: text('city'),
    zipcode: text('zipcode'),
    shippingInstructions: text('shipping_instructions'),
    claimedAt: timestamptz('claimed_at').notNull().defaultNow(),
    processedAt: timestamptz('processed_at'),
    /** When the status last changed (null while the claim is pending): a rejection's contacts are erased from it. */
    statusChangedAt: timestamptz('status_changed_at'),
    /** When the contact details were erased, CLAIM_CONTACT_RETENTION_DAYS after the claim was filled or rejected. */
    contactErasedAt: timestamptz('contact_erased_at'),
    /**
     * A contest's prize claimed by its winner (docs/decisions/0077-contests.md): the tier is then the reward option's,
     * not one the agent claims (a tier's own claim stays free).
     */
    contestAwardId: integer('contest_award_id').references((): AnyPgColumn => contestAwards.id, { onDelete: 'cascade' }),
  },
  (t) => [
    // One live claim per agent and tier (prizes aside); a rejected claim leaves the tier free to claim again.
    uniqueIndex('reward_claims_agent_tier_key').on(t.agentId, t.tierId).where(sql`${t.status} <> 'rejected' and ${t.contestAwardId} is null`),
    // One live claim per prize won.
    uniqueIndex('reward_claims_award_key').on(t.contestAwardId).where(sql`${t.status} <> 'rejected' and ${t.contestAwardId} is not null`),
    index('reward_claims_status_idx').on(t.status, t.claimedAt),
    check('reward_claims_status_check', sql`${t.status} in ('pending', 'processed', 'shipped', 'delivered', 'rejected')`),
  ],
);

/**
 * Every status a claim has had (docs/product.md §12.10), appended in the transaction that changes it: who (a name as
 * it was then, and the user when there is one), when, and the note or a rejection's reason.
 */
export const claimStatusChanges = pgTable(
  'claim_status_changes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    claimId: integer('claim_id')
      .notNull()
      .references(() => rewardClaims.id, { onDelete: 'cascade' }),
    status: text('status', { enum: claimStatuses }).notNull(),
    at: timestamptz('at').notNull(),
    byUserId: integer('by_user_id').references(() => users.id, { onDelete: 'set null' }),
    byName: text('by_name'),
    note: text('note'),
  },
  (t) => [index('claim_status_changes_claim_idx').on(t.claimId, t.id)],
);

/**
 * Invitation links for sign-up by invitation: single use, expiring. Only the SHA-256 of the link's token is kept.
 */
export const invitations = pgTable(
  'invitations',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tokenHash: text('token_hash').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    expiresAt: timestamptz('expires_at').notNull(),
    usedAt: timestamptz('used_at'),
    usedBy: integer('used_by').references(() => agents.id, { onDelete: 'set null' }),
  },
  (t) => [uniqueIndex('invitations_token_hash_key').on(t.tokenHash), index('invitations_created_idx').on(t.createdAt)],
);

/** Small facts about this installation, such as when the demo data was seeded. */
export const appMeta = pgTable('app_meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});

/**
 * Sign-in attempts counted per key in fixed windows, so that every app instance on one database shares the limits.
 * A key is a hash of the route and the client address, of the address (or known device) and the account, or of the
 * account alone (failed sign-ins): docs/decisions/0012-sign-in-throttling.md.
 */
export const signInAttempts = pgTable(
  'sign_in_attempts',
  {
    key: text('key').primaryKey(),
    windowStartedAt: timestamptz('window_started_at').notNull(),
    attempts: integer('attempts').notNull(),
  },
  (t) => [index('sign_in_attempts_window_idx').on(t.windowStartedAt)],
);

/**
 * What happened, for live updates (docs/decisions/0014-live-events.md): one row per change, written in the same
 * transaction as the change, in commit order (ids are taken under a lock held until commit), kept at least 24 hours
 * for Last-Event-ID replay. `public_data` is what anyone in the organisation (and a TV link) may see of it,
 * `private_data` what only staff and the agent concerned may see. Neither ever holds an address or a phone number.
 */
export const events = pgTable(
  'events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    type: text('type').notNull(),
    /** The agent the event is about (no foreign key: an agent's deletion is itself an event). */
    agentId: integer('agent_id'),
    publicData: jsonb('public_data').notNull(),
    privateData: jsonb('private_data').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    /** The transaction that wrote the event (from the inbox): readers of a snapshot know by it whether it holds the event. */
    xid: xid8('xid').notNull().default(sql`pg_current_xact_id()`),
  },
  (t) => [index('events_created_idx').on(t.createdAt), index('events_agent_idx').on(t.agentId)],
);

/**
 * Events written by committed (or running) transactions, not yet given their place in `events`
 * (docs/decisions/0042-event-order-without-a-global-lock.md). A write appends here without any lock; the sequencer
 * (server/db/sequencer.ts) moves the rows of committed transactions into `events`, one pass at a time, so that event
 * ids follow the order in which changes became visible.
 */
export const eventInbox = pgTable(
  'event_inbox',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    xid: xid8('xid').notNull().default(sql`pg_current_xact_id()`),
    type: text('type').notNull(),
    agentId: integer('agent_id'),
    publicData: jsonb('public_data').notNull(),
    privateData: jsonb('private_data').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [index('event_inbox_xid_idx').on(t.xid, t.id)],
);

/** Links that turn a screen into a live leaderboard without signing in. Only the SHA-256 of the token is kept. */
export const tvLinks = pgTable(
  'tv_links',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    tokenHash: text('token_hash').notNull(),
    showAmounts: boolean('show_amounts').notNull(),
    /** The metrics (keys) whose week's board takes a slide of its own beside profit's (docs/decisions/0075). */
    metrics: text('metrics').array().notNull().default(sql`'{}'::text[]`),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    revokedAt: timestamptz('revoked_at'),
  },
  (t) => [uniqueIndex('tv_links_token_hash_key').on(t.tokenHash)],
);

/**
 * A TV asking to be paired (docs/decisions/0086-tv-pairing.md): the short code it shows and the secret it keeps, both as
 * SHA-256 hashes. The secret becomes the TV link's token when the owner enters the code (`tv_link_id` then set); the row
 * goes once the TV has been told, or when it expires.
 */
export const tvPairings = pgTable(
  'tv_pairings',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    codeHash: text('code_hash').notNull(),
    secretHash: text('secret_hash').notNull(),
    createdAt: timestamptz('created_at').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    tvLinkId: integer('tv_link_id').references(() => tvLinks.id, { onDelete: 'cascade' }),
  },
  (t) => [uniqueIndex('tv_pairings_code_hash_key').on(t.codeHash), uniqueIndex('tv_pairings_secret_hash_key').on(t.secretHash), index('tv_pairings_expires_idx').on(t.expiresAt)],
);

/**
 * API tokens for other systems (docs/product.md §12.9). Only the SHA-256 of the token is kept; `scopes`
 * holds contract/api-tokens API_SCOPES. A revoked token keeps its row (revoked_at) so that the list can say so.
 */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    tokenHash: text('token_hash').notNull(),
    scopes: text('scopes').array().notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    expiresAt: timestamptz('expires_at'),
    lastUsedAt: timestamptz('last_used_at'),
    revokedAt: timestamptz('revoked_at'),
  },
  (t) => [uniqueIndex('api_tokens_token_hash_key').on(t.tokenHash)],
);

/**
 * Webhooks (docs/product.md §12.9, docs/decisions/0018-webhooks.md). `secret` signs every delivery, so it is kept
 * as it is (a hash could not sign); only owners read it, once. Events after `after_event_id` are delivered to it.
 * The `breaker_*` columns are its circuit breaker (docs/decisions/0033-webhook-isolation.md), in the database's time:
 * closed while `breaker_open_until` is null; open (its deliveries wait) until then; half-open after it, when one probe
 * attempt at a time goes (`breaker_probe_until` is that attempt's lease).
 */
export const webhooks = pgTable('webhooks', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  url: text('url').notNull(),
  events: text('events').array().notNull(),
  format: text('format').notNull(),
  secret: text('secret').notNull(),
  createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
  afterEventId: bigint('after_event_id', { mode: 'number' }).notNull(),
  /** Failed attempts in a row; a success sets it back to 0. */
  consecutiveFailures: integer('consecutive_failures').notNull().default(0),
  /** Pauses in a row without a success: each one twice as long as the one before. */
  breakerPauses: integer('breaker_pauses').notNull().default(0),
  breakerOpenedAt: timestamptz('breaker_opened_at'),
  breakerOpenUntil: timestamptz('breaker_open_until'),
  breakerProbeUntil: timestamptz('breaker_probe_until'),
});

/**
 * The webhook outbox and its delivery log: one row per event and webhook, made by whichever instance fans the
 * events out, sent by whichever instance claims it (FOR UPDATE SKIP LOCKED; `sending_until` is the claim's lease,
 * after which a crashed attempt is tried again). Kept 7 days.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    webhookId: integer('webhook_id')
      .notNull()
      .references(() => webhooks.id, { onDelete: 'cascade' }),
    /** Null for a test event. */
    eventId: bigint('event_id', { mode: 'number' }),
    eventType: text('event_type').notNull(),
    /** The agent the event is about: its deliveries are erased with it. */
    agentId: integer('agent_id'),
    body: text('body').notNull(),
    /** pending, delivered or failed. */
    status: text('status').notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamptz('created_at').notNull(),
    /** No attempt starts after this (24 hours after the delivery was made or resent). */
    deliverUntil: timestamptz('deliver_until').notNull(),
    nextAttemptAt: timestamptz('next_attempt_at'),
    sendingUntil: timestamptz('sending_until'),
    lastAttemptAt: timestamptz('last_attempt_at'),
    responseStatus: integer('response_status'),
    error: text('error'),
    durationMs: integer('duration_ms'),
  },
  (t) => [
    uniqueIndex('webhook_deliveries_event_key').on(t.webhookId, t.eventId),
    index('webhook_deliveries_log_idx').on(t.webhookId, t.id),
    // The claim looks, webhook by webhook, for its oldest due deliveries (docs/decisions/0033).
    index('webhook_deliveries_due_idx').on(t.webhookId, t.nextAttemptAt).where(sql`status = 'pending'`),
    index('webhook_deliveries_created_idx').on(t.createdAt),
    index('webhook_deliveries_agent_idx').on(t.agentId).where(sql`agent_id is not null`),
  ],
);

/** How a one-time password link reached its holder (password_resets.source). */
export const passwordResetSources = ['email', 'owner', 'import'] as const;

/**
 * Each attempt of a delivery (docs/decisions/0033-webhook-isolation.md), written when it starts (in the statement
 * that claims the delivery) and completed when it ends; one never completed was cut short (its instance stopped).
 * Times are the database's. A delivery keeps its newest WEBHOOK_ATTEMPTS_KEPT (contract/webhooks.ts).
 */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    deliveryId: bigint('delivery_id', { mode: 'number' })
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    /** 1 for the delivery's first attempt (its `attempts` count when it was claimed). */
    number: integer('number').notNull(),
    startedAt: timestamptz('started_at').notNull(),
    endedAt: timestamptz('ended_at'),
    /** The attempt the circuit breaker let through to test the receiver. */
    probe: boolean('probe').notNull().default(false),
    delivered: boolean('delivered'),
    responseStatus: integer('response_status'),
    error: text('error'),
    durationMs: integer('duration_ms'),
  },
  (t) => [primaryKey({ columns: [t.deliveryId, t.number] })],
);

/**
 * One-time password links (docs/product.md §12.9, contract/password-resets.ts): for an agent or an owner/manager
 * (`kind`, `account_id`; no foreign key across the two tables: a deleted account's links are erased with it). Only
 * the SHA-256 of the token is kept; `used_at` is set when it is used, after which it never works again.
 */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind', { enum: ['agent', 'user'] }).notNull(),
    accountId: integer('account_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    /**
     * How the link reached its holder: `email` (asked for by address, emailed), `owner` (made by the owner and handed
     * over), `import` (made for an imported agent). A request by address ends earlier emailed links only
     * (docs/decisions/0048-links-and-agent-addresses.md).
     */
    source: text('source', { enum: passwordResetSources }).notNull(),
    createdAt: timestamptz('created_at').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    usedAt: timestamptz('used_at'),
  },
  (t) => [
    uniqueIndex('password_resets_token_hash_key').on(t.tokenHash),
    index('password_resets_account_idx').on(t.kind, t.accountId),
    check('password_resets_kind_check', sql`${t.kind} in ('agent', 'user')`),
    check('password_resets_source_check', sql`${t.source} in ('email', 'owner', 'import')`),
  ],
);

/**
 * The columns of an audit row, the same in `audit_inbox` (where a transaction appends it) and `audit_log` (where the
 * sequencer moves it, numbered and chained): written once so the two cannot drift. A function, as drizzle's column
 * builders belong to one table each.
 */
function auditRowColumns() {
  return {
    at: timestamptz('at').notNull(),
    actorKind: text('actor_kind', { enum: auditActorKinds }).notNull(),
    actorId: integer('actor_id'),
    /** A person's, token's or connector's name then; null for agents (their names are erased with them) and the system. */
    actorName: text('actor_name'),
    action: text('action').notNull(),
    targetType: text('target_type'),
    targetId: text('target_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    ip: text('ip'),
    userAgent: text('user_agent'),
  };
}

/**
 * The audit trail (docs/product.md §12.12, decision 0022): one row per change, appended in the change's transaction.
 * A trigger (migration 0013) numbers each row under the event-order lock and sets `prev_hash` (the previous row's
 * hash) and `hash` = SHA-256(prev_hash || audit_log_content(row)); other triggers refuse UPDATE, DELETE and TRUNCATE.
 * `id` is given by that trigger, in commit order (the default is never kept).
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().default(0),
    ...auditRowColumns(),
    prevHash: text('prev_hash'),
    hash: text('hash').notNull().default(''),
  },
  (t) => [
    index('audit_log_at_idx').on(t.at, t.id),
    index('audit_log_action_idx').on(t.action, t.id),
    index('audit_log_actor_idx').on(t.actorKind, t.actorId, t.id),
    check('audit_log_actor_kind_check', sql`${t.actorKind} in ('user', 'agent', 'token', 'connector', 'system')`),
  ],
);

/**
 * Audit rows written by committed (or running) transactions, not yet numbered and chained into `audit_log`: the
 * sequencer moves them once committed, as it does events (decision 0042), so no write waits for another's commit.
 */
export const auditInbox = pgTable(
  'audit_inbox',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    xid: xid8('xid').notNull().default(sql`pg_current_xact_id()`),
    ...auditRowColumns(),
  },
  (t) => [
    index('audit_inbox_xid_idx').on(t.xid, t.id),
    // The trail's own rule, checked here too: a row the trail would refuse must not stop the sequencer later.
    check('audit_inbox_actor_kind_check', sql`${t.actorKind} in ('user', 'agent', 'token', 'connector', 'system')`),
  ],
);

/**
 * Seals of the audit trail (docs/decisions/0037-keyed-audit-chain.md): every second or so the app writes the head of
 * the chain (the last row's id and hash) with an HMAC-SHA256 made with a key the database never holds (AUDIT_KEY or
 * DATA_DIR/audit.key), chained to the seal before it. Rewriting a sealed row and recomputing the SHA-256 chain after
 * it no longer matches the seal, and a seal cannot be made again without the key. Append-only like the trail.
 */
export const auditSeals = pgTable('audit_seals', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  auditId: bigint('audit_id', { mode: 'number' }).notNull(),
  auditHash: text('audit_hash').notNull(),
  /** The first 16 hex characters of SHA-256(key): which key made the seal (a restored database may have an older key). */
  keyId: text('key_id').notNull(),
  mac: text('mac').notNull(),
  sealedAt: timestamptz('sealed_at').notNull(),
});

/** The kinds a notification may have: the contract's list (the check constraint below names them for the database). */
export const notificationKinds = NOTIFICATION_KINDS;

/**
 * In-app notifications (docs/product.md §12.13): made from events by the notifier (server/notifications), one per
 * recipient, an agent or a user. `subject_agent_id` is the agent a staff notification is about: deleting the agent
 * erases it (its text names the agent).
 */
export const notifications = pgTable(
  'notifications',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    agentId: integer('agent_id').references(() => agents.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: notificationKinds }).notNull(),
    subjectAgentId: integer('subject_agent_id').references(() => agents.id, { onDelete: 'cascade' }),
    eventId: bigint('event_id', { mode: 'number' }).notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    createdAt: timestamptz('created_at').notNull(),
    readAt: timestamptz('read_at'),
  },
  (t) => [
    check('notifications_recipient_check', sql`(${t.agentId} is null) <> (${t.userId} is null)`),
    check('notifications_kind_check', sql`${t.kind} in ('tier_reached', 'claim_status', 'claim_created', 'agent_registered', 'goal_progress', 'goal_reached', 'goal_behind', 'contest_started', 'contest_result', 'badge_awarded', 'agent_tier_reached')`),
    // One notification of a kind per event and recipient: the notifier may see an event twice, never notify twice.
    uniqueIndex('notifications_agent_event_key').on(t.agentId, t.eventId, t.kind).where(sql`${t.agentId} is not null`),
    uniqueIndex('notifications_user_event_key').on(t.userId, t.eventId, t.kind).where(sql`${t.userId} is not null`),
    index('notifications_agent_idx').on(t.agentId, t.id.desc()).where(sql`${t.agentId} is not null`),
    index('notifications_user_idx').on(t.userId, t.id.desc()).where(sql`${t.userId} is not null`),
    index('notifications_subject_idx').on(t.subjectAgentId).where(sql`${t.subjectAgentId} is not null`),
  ],
);

/** Each person's choices per kind (docs/product.md §12.13); a kind without a row has the defaults (both on). */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    agentId: integer('agent_id').references(() => agents.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: notificationKinds }).notNull(),
    inApp: boolean('in_app').notNull(),
    email: boolean('email').notNull(),
    /** Push notifications to the person's devices (docs/product.md §12.21); on unless chosen off. */
    push: boolean('push').notNull().default(true),
  },
  (t) => [
    check('notification_preferences_recipient_check', sql`(${t.agentId} is null) <> (${t.userId} is null)`),
    uniqueIndex('notification_preferences_agent_key').on(t.agentId, t.kind).where(sql`${t.agentId} is not null`),
    uniqueIndex('notification_preferences_user_key').on(t.userId, t.kind).where(sql`${t.userId} is not null`),
  ],
);

/**
 * Emails waiting to be sent, and sent (docs/product.md §12.13): one per notification a person wants by email, made
 * in the notifier's transaction, sent by each instance's email worker (claims with a lease, retries with backoff).
 * Erased with the recipient, and with the agent it is about.
 */
/** What the outbox sends: notifications, and the password links people ask for. */
export const emailKinds = [...notificationKinds, 'password_reset'] as const;

export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    agentId: integer('agent_id').references(() => agents.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    subjectAgentId: integer('subject_agent_id').references(() => agents.id, { onDelete: 'cascade' }),
    /** A notification's kind, or password_reset (a link asked for by email: no event, no unsubscribe link). */
    kind: text('kind', { enum: emailKinds }).notNull(),
    eventId: bigint('event_id', { mode: 'number' }),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body').notNull(),
    unsubscribeUrl: text('unsubscribe_url'),
    /** pending, sent, logged (no SMTP_URL: written to the log instead), or failed (gave up). */
    status: text('status', { enum: ['pending', 'sent', 'logged', 'failed'] }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamptz('created_at').notNull(),
    nextAttemptAt: timestamptz('next_attempt_at'),
    /** Being sent by an instance until then (a lease: a killed instance's email falls due again). */
    sendingUntil: timestamptz('sending_until'),
    /** No attempt starts after this. */
    deliverUntil: timestamptz('deliver_until').notNull(),
    sentAt: timestamptz('sent_at'),
    lastError: text('last_error'),
  },
  (t) => [
    check('email_outbox_recipient_check', sql`(${t.agentId} is null) <> (${t.userId} is null)`),
    check('email_outbox_status_check', sql`${t.status} in ('pending', 'sent', 'logged', 'failed')`),
    uniqueIndex('email_outbox_agent_event_key').on(t.agentId, t.eventId, t.kind).where(sql`${t.agentId} is not null`),
    uniqueIndex('email_outbox_user_event_key').on(t.userId, t.eventId, t.kind).where(sql`${t.userId} is not null`),
    index('email_outbox_due_idx').on(t.nextAttemptAt).where(sql`status = 'pending'`),
    index('email_outbox_created_idx').on(t.createdAt),
    index('email_outbox_subject_idx').on(t.subjectAgentId).where(sql`${t.subjectAgentId} is not null`),
  ],
);

/**
 * The devices a person receives push notifications on (docs/product.md §12.21): a browser's PushSubscription (RFC 8030
 * endpoint, RFC 8291 keys). An endpoint belongs to one person at a time: the last one signed in who turned push on
 * there. Erased with the person; a push service's 404 or 410 erases it too.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    agentId: integer('agent_id').references(() => agents.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    /** The browser's P-256 public key and auth secret, base64url: what payloads are encrypted for. */
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: timestamptz('created_at').notNull(),
  },
  (t) => [
    check('push_subscriptions_recipient_check', sql`(${t.agentId} is null) <> (${t.userId} is null)`),
    uniqueIndex('push_subscriptions_endpoint_key').on(t.endpoint),
    index('push_subscriptions_agent_idx').on(t.agentId).where(sql`${t.agentId} is not null`),
    index('push_subscriptions_user_idx').on(t.userId).where(sql`${t.userId} is not null`),
  ],
);

/**
 * Pushes waiting to be sent, and sent (docs/product.md §12.21): one per notification and device, made in the notifier's
 * transaction beside the bell's and the emails', sent by each instance's push worker (leases, retries with backoff, as
 * the emails). `notification_id` is the bell's notification (when the person has the bell on for the kind): one read
 * before its push goes is not pushed. Erased with the device, the notification and the agent it is about.
 */
export const pushOutbox = pgTable(
  'push_outbox',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    subscriptionId: integer('subscription_id')
      .notNull()
      .references(() => pushSubscriptions.id, { onDelete: 'cascade' }),
    notificationId: bigint('notification_id', { mode: 'number' }).references(() => notifications.id, { onDelete: 'cascade' }),
    subjectAgentId: integer('subject_agent_id').references(() => agents.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: notificationKinds }).notNull(),
    eventId: bigint('event_id', { mode: 'number' }).notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    /** A path inside the app the notification opens. */
    url: text('url').notNull(),
    /** pending, sent, skipped (read in the app before it went), or failed (gave up). */
    status: text('status', { enum: ['pending', 'sent', 'skipped', 'failed'] }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamptz('created_at').notNull(),
    nextAttemptAt: timestamptz('next_attempt_at'),
    /** Being sent by an instance until then (a lease: a killed instance's push falls due again). */
    sendingUntil: timestamptz('sending_until'),
    sentAt: timestamptz('sent_at'),
    lastError: text('last_error'),
  },
  (t) => [
    check('push_outbox_status_check', sql`${t.status} in ('pending', 'sent', 'skipped', 'failed')`),
    uniqueIndex('push_outbox_event_key').on(t.subscriptionId, t.eventId, t.kind),
    index('push_outbox_due_idx').on(t.nextAttemptAt).where(sql`status = 'pending'`),
    index('push_outbox_created_idx').on(t.createdAt),
    index('push_outbox_notification_idx').on(t.notificationId).where(sql`${t.notificationId} is not null`),
    index('push_outbox_subject_idx').on(t.subjectAgentId).where(sql`${t.subjectAgentId} is not null`),
  ],
);

/** Teams (docs/product.md §12.16): the owner groups agents under managers; a manager who leads teams reads only their agents. */
export const teams = pgTable(
  'teams',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    /** The identity provider's own id for the group this team mirrors (SCIM `externalId`). */
    externalId: text('external_id'),
  },
  (t) => [
    uniqueIndex('teams_name_key').on(sql`lower(${t.name})`),
    uniqueIndex('teams_external_id_key').on(t.externalId).where(sql`${t.externalId} is not null`),
  ],
);

/** Who leads which team: a manager may lead several teams, a team may have several managers. */
export const teamManagers = pgTable(
  'team_managers',
  {
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.teamId, t.userId] }), index('team_managers_user_idx').on(t.userId)],
);

/**
 * Two-factor recovery codes: ten made when two-factor sign-in is turned on, each usable once in place of a code.
 * Only the SHA-256 of each code is kept.
 */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamptz('used_at'),
  },
  (t) => [index('recovery_codes_user_idx').on(t.userId), uniqueIndex('recovery_codes_hash_key').on(t.userId, t.codeHash)],
);

/**
 * A sign-in waiting for its second factor: the password was right, a code is still due within 5 minutes. The browser
 * holds the token in a cookie; only its SHA-256 is kept. Wrong codes are counted: too many end the challenge.
 */
export const twoFactorChallenges = pgTable(
  'two_factor_challenges',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamptz('created_at').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    /** The user's credential version whose password was checked: the challenge dies when it changes. */
    credentialVersion: integer('credential_version').notNull().default(1),
  },
  (t) => [index('two_factor_challenges_user_idx').on(t.userId), index('two_factor_challenges_expires_idx').on(t.expiresAt)],
);

/**
 * The organisation's settings (docs/product.md §12.16): one row (id 1). Money and dates on every screen, in CSV exports and in
 * emails follow the currency (ISO 4217) and locale (BCP 47); the landing page shows the name.
 */
export const organisationSettings = pgTable(
  'organisation_settings',
  {
    id: integer('id').primaryKey().default(1),
    orgName: text('org_name').notNull(),
    currency: text('currency').notNull().default('USD'),
    locale: text('locale').notNull().default('en-US'),
    /** On: every manager must sign in with a second factor (and set one up before anything else). */
    requireManagerTwoFactor: boolean('require_manager_two_factor').notNull().default(false),
    /**
     * On: managers may record income entries, void them and move reward claims along for the agents of their scope
     * (docs/decisions/0082-managers-who-record.md); off, as the product spec has managers watch.
     */
    managersRecord: boolean('managers_record').notNull().default(false),
    /** The ISO weekdays worked (1 Monday ... 7 Sunday): goals count their pace in these days (server/domain/pacing.ts). */
    workingDays: integer('working_days').array().notNull().default(sql`'{1,2,3,4,5}'::integer[]`),
    /** Local dates not worked although their weekday is. */
    holidays: date('holidays', { mode: 'string' }).array().notNull().default(sql`'{}'::date[]`),
    /**
     * The working hours of a working day, in minutes after local midnight (start inclusive, end exclusive): push
     * notifications keep quiet outside them and outside the working days (docs/product.md §12.21).
     */
    workStartMinute: integer('work_start_minute').notNull().default(540),
    workEndMinute: integer('work_end_minute').notNull().default(1080),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check('organisation_settings_one_row_check', sql`${t.id} = 1`),
    check('organisation_settings_work_hours_check', sql`0 <= ${t.workStartMinute} and ${t.workStartMinute} < ${t.workEndMinute} and ${t.workEndMinute} <= 1440`),
  ],
);

/**
 * The numbers measured beside profit (docs/decisions/0072-metrics-and-activities.md): deals, calls, meetings. Profit itself is the
 * income entries and has no row here (PROFIT_METRIC in contract/metrics.ts). `key` never changes once made, nor does
 * `unit`: what was recorded keeps its meaning.
 */
export const metrics = pgTable(
  'metrics',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    key: text('key').notNull(),
    name: text('name').notNull(),
    unit: text('unit', { enum: ['money', 'count'] }).notNull(),
    /** Agents may record their own activities of this metric (marked self-reported). */
    agentsMayRecord: boolean('agents_may_record').notNull().default(false),
    /** Off: nothing new is recorded; what was recorded stays, and boards can still show it. */
    active: boolean('active').notNull().default(true),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('metrics_key_idx').on(t.key), check('metrics_unit_check', sql`${t.unit} in ('money', 'count')`)],
);

/**
 * Every activity recorded for an agent on a metric: a value (a count, or money to the cent), on a date. Voided as
 * income entries are (docs/product.md §12.11): a reversal with the opposite value, never edited or deleted.
 */
export const activities = pgTable(
  'activities',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    metricId: integer('metric_id')
      .notNull()
      .references(() => metrics.id),
    agentId: integer('agent_id')
      .notNull()
      .references(() => agents.id, { onDelete: 'cascade' }),
    value: money('value').notNull(),
    date: timestamptz('date').notNull(),
    note: text('note'),
    /** Recorded by the agent itself (a metric that allows it), not by staff, a token or an import. */
    selfReported: boolean('self_reported').notNull().default(false),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    /** The activity's id in the system it came from (a CRM): unique per metric, so it is never counted twice. */
    externalId: text('external_id'),
    voidsActivityId: bigint('voids_activity_id', { mode: 'number' }).references((): AnyPgColumn => activities.id, { onDelete: 'cascade' }),
    voidedAt: timestamptz('voided_at'),
    voidedBy: text('voided_by'),
    voidReason: text('void_reason'),
  },
  (t) => [
    check('activities_value_check', sql`${t.value} <> 0`),
    check('activities_void_check', sql`(${t.voidsActivityId} is null or ${t.voidedAt} is null) and (${t.voidedAt} is null) = (${t.voidReason} is null)`),
    uniqueIndex('activities_voids_idx').on(t.voidsActivityId).where(sql`${t.voidsActivityId} is not null`),
    index('activities_agent_date_idx').on(t.agentId, t.metricId, t.date),
    // GET /api/activities pages a metric's activities newest first (by date) without sorting them.
    index('activities_metric_date_idx').on(t.metricId, t.date.desc(), t.id.desc()),
    uniqueIndex('activities_external_id_idx').on(t.metricId, t.externalId).where(sql`${t.externalId} is not null`),
  ],
);

/**
 * Per-agent roll-ups of each metric by calendar period in the organisation's time zone, as agent_period_totals is for
 * profit, kept current in the statement that records each activity, so that boards never scan activities.
 */
export const agentMetricPeriodTotals = pgTable(
  'agent_metric_period_totals',
  {
    metricId: integer('metric_id')
      .notNull()
      .references(() => metrics.id),
    agentId: integer('agent_id')
      .notNull()
      .references(() => agents.id, { onDelete: 'cascade' }),
    periodKind: text('period_kind', { enum: ['week', 'month', 'quarter', 'year'] }).notNull(),
    periodStart: date('period_start', { mode: 'string' }).notNull(),
    total: money('total').notNull(),
  },
  (t) => [
    primaryKey({ name: 'agent_metric_period_totals_pkey', columns: [t.agentId, t.metricId, t.periodKind, t.periodStart] }),
    // agent_id last, as for profit's roll-ups: a metric's board is an index-only scan.
    index('agent_metric_period_totals_board_idx').on(t.metricId, t.periodKind, t.periodStart, t.total.desc(), t.agentId),
  ],
);

/**
 * Goals (docs/decisions/0074-goals.md): a target on a metric (metric_id; null for profit) for an agent or a team, per
 * week, month or quarter, for the period starting on `starts_on` only or, recurring, for it and every one after. At
 * most one goal of a holder, metric and period kind is in force in any period (the goal writes check it under a lock).
 */
export const goals = pgTable(
  'goals',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    metricId: integer('metric_id').references(() => metrics.id),
    agentId: integer('agent_id').references(() => agents.id, { onDelete: 'cascade' }),
    teamId: integer('team_id').references(() => teams.id, { onDelete: 'cascade' }),
    periodKind: text('period_kind', { enum: ['week', 'month', 'quarter'] }).notNull(),
    /** The first day of the first period it is for. */
    startsOn: date('starts_on', { mode: 'string' }).notNull(),
    recurring: boolean('recurring').notNull(),
    target: money('target').notNull(),
    createdAt: timestamptz('created_at').notNull(),
    updatedAt: timestamptz('updated_at').notNull(),
    /** When its holder was last told it is behind pace: at most once a week. */
    behindNoticedAt: timestamptz('behind_noticed_at'),
  },
  (t) => [
    check('goals_holder_check', sql`(${t.agentId} is null) <> (${t.teamId} is null)`),
    check('goals_target_check', sql`${t.target} > 0`),
    check('goals_period_check', sql`${t.periodKind} in ('week', 'month', 'quarter')`),
    index('goals_agent_idx').on(t.agentId).where(sql`${t.agentId} is not null`),
    index('goals_team_idx').on(t.teamId).where(sql`${t.teamId} is not null`),
  ],
);

/** The marks (50%, 90%, 100%) each goal reached in each period: its holder hears of each once. */
export const goalMarks = pgTable(
  'goal_marks',
  {
    goalId: integer('goal_id')
      .notNull()
      .references(() => goals.id, { onDelete: 'cascade' }),
    periodStart: date('period_start', { mode: 'string' }).notNull(),
    threshold: integer('threshold').notNull(),
    reachedAt: timestamptz('reached_at').notNull(),
  },
  (t) => [primaryKey({ name: 'goal_marks_pkey', columns: [t.goalId, t.periodStart, t.threshold] })],
);

/**
 * Contests (docs/decisions/0077-contests.md): a window of local days on one metric (null: profit). Their state follows
 * from the clock and the moments kept here: published_at (null: a draft), cancelled_at, finalised_at. Participants are
 * resolved when read (participant_ids: the teams or agents named, empty for everyone). Prizes: [{place, text,
 * rewardOptionId}] in place order.
 */
export const contests = pgTable(
  'contests',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    description: text('description'),
    metricId: integer('metric_id').references(() => metrics.id),
    startsOn: date('starts_on', { mode: 'string' }).notNull(),
    endsOn: date('ends_on', { mode: 'string' }).notNull(),
    format: text('format', { enum: ['total', 'race'] }).notNull(),
    /** A race's target in the metric's unit (a count or an amount); null for a total. */
    target: money('target'),
    participantKind: text('participant_kind', { enum: ['all', 'teams', 'agents'] }).notNull(),
    participantIds: integer('participant_ids').array().notNull().default(sql`'{}'::int[]`),
    teamsCompete: boolean('teams_compete').notNull(),
    prizes: jsonb('prizes').notNull().default(sql`'[]'::jsonb`),
    showOnTv: boolean('show_on_tv').notNull(),
    recurrence: text('recurrence', { enum: ['weekly', 'monthly'] }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamptz('created_at').notNull(),
    updatedAt: timestamptz('updated_at').notNull(),
    publishedAt: timestamptz('published_at'),
    cancelledAt: timestamptz('cancelled_at'),
    finalisedAt: timestamptz('finalised_at'),
    /** When the contest's start and end were told (contest.started, contest.ended): once, by whichever instance sets it. */
    startToldAt: timestamptz('start_told_at'),
    endToldAt: timestamptz('end_told_at'),
    /** An entry or activity moved its figures since contest.standings last told of them (at most once a second). */
    standingsMoved: boolean('standings_moved').notNull().default(false),
    standingsSentAt: timestamptz('standings_sent_at'),
    /** A race's winner (an agent, or a team when teams compete), the first to reach the target in commit order; set once. */
    raceWinnerId: integer('race_winner_id'),
    raceWonAt: timestamptz('race_won_at'),
  },
  (t) => [
    check('contests_window_check', sql`${t.endsOn} >= ${t.startsOn} and ${t.endsOn} - ${t.startsOn} < 92`),
    check('contests_format_check', sql`${t.format} in ('total', 'race')`),
    check('contests_target_check', sql`(${t.format} = 'race') = (${t.target} is not null) and (${t.target} is null or ${t.target} > 0)`),
    check('contests_participants_check', sql`${t.participantKind} in ('all', 'teams', 'agents')`),
    check('contests_recurrence_check', sql`${t.recurrence} is null or ${t.recurrence} in ('weekly', 'monthly')`),
    index('contests_window_idx').on(t.endsOn, t.startsOn),
  ],
);

/**
 * A final contest's standings as they were frozen (docs/decisions/0077-contests.md): each participant's place, figure
 * and name then. An agent's row goes with the agent when it is erased; a team's keeps its name when the team is deleted.
 */
export const contestResults = pgTable(
  'contest_results',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    contestId: integer('contest_id')
      .notNull()
      .references(() => contests.id, { onDelete: 'cascade' }),
    agentId: integer('agent_id').references(() => agents.id, { onDelete: 'cascade' }),
    teamId: integer('team_id').references(() => teams.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    /** An agent shown on public boards (a team always is). */
    publicProfile: boolean('public_profile').notNull(),
    rank: integer('rank').notNull(),
    /** In the metric's unit: hundredths kept exactly. */
    value: numeric('value', { precision: 16, scale: 2 }).notNull(),
    /** Place in the frozen order (ties share a rank, not a place). */
    position: integer('position').notNull(),
  },
  (t) => [
    uniqueIndex('contest_results_position_key').on(t.contestId, t.position),
    index('contest_results_agent_idx').on(t.agentId),
    check('contest_results_holder_check', sql`${t.agentId} is null or ${t.teamId} is null`),
  ],
);

/**
 * The prizes a final contest awarded: one row per place and winning agent (every member of a winning team; every agent
 * sharing the place). A prize with a reward option is claimed by its winner through the claim lifecycle (claim_id).
 */
export const contestAwards = pgTable(
  'contest_awards',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    contestId: integer('contest_id')
      .notNull()
      .references(() => contests.id, { onDelete: 'cascade' }),
    place: integer('place').notNull(),
    agentId: integer('agent_id')
      .notNull()
      .references(() => agents.id, { onDelete: 'cascade' }),
    prizeText: text('prize_text').notNull(),
    rewardOptionId: integer('reward_option_id').references(() => rewardOptions.id, { onDelete: 'set null' }),
    awardedAt: timestamptz('awarded_at').notNull(),
  },
  (t) => [uniqueIndex('contest_awards_key').on(t.contestId, t.place, t.agentId), index('contest_awards_agent_idx').on(t.agentId)],
);

/**
 * Badge rules the owner switches on (docs/decisions/0078-achievements.md): a kind and its settings (never changed
 * once made), a name and description, on or off. Never deleted: the badges awarded by a rule keep its name.
 */
export const badgeRules = pgTable(
  'badge_rules',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind', { enum: ['first_entry', 'record_week', 'goal_streak', 'activity_streak', 'contest_podium', 'tier_reached'] }).notNull(),
    name: text('name').notNull(),
    description: text('description'),
    params: jsonb('params').notNull().default(sql`'{}'::jsonb`),
    active: boolean('active').notNull(),
    createdAt: timestamptz('created_at').notNull(),
    updatedAt: timestamptz('updated_at').notNull(),
  },
  (t) => [
    check('badge_rules_kind_check', sql`${t.kind} in ('first_entry', 'record_week', 'goal_streak', 'activity_streak', 'contest_podium', 'tier_reached')`),
  ],
);

/** The badges agents hold: each rule's once per agent, from the event that earned it; erased with the agent. */
export const agentBadges = pgTable(
  'agent_badges',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    ruleId: integer('rule_id')
      .notNull()
      .references(() => badgeRules.id),
    agentId: integer('agent_id')
      .notNull()
      .references(() => agents.id, { onDelete: 'cascade' }),
    awardedAt: timestamptz('awarded_at').notNull(),
    /** What earned it, in words. */
    detail: text('detail').notNull(),
    /** The event that earned it. */
    eventId: bigint('event_id', { mode: 'number' }).notNull(),
  },
  (t) => [uniqueIndex('agent_badges_rule_agent_key').on(t.ruleId, t.agentId), index('agent_badges_agent_idx').on(t.agentId, t.awardedAt)],
);

/**
 * The percentage the owner last used for each agent in the Profit Calculator (docs/decisions/0083-calculator-percentages.md):
 * one row per agent that has one (the others start at 0), erased with the agent. Exact: numeric(5,2), 0 to 100.
 */
export const calculatorPercentages = pgTable(
  'calculator_percentages',
  {
    agentId: integer('agent_id')
      .primaryKey()
      .references(() => agents.id, { onDelete: 'cascade' }),
    percentage: numeric('percentage', { precision: 5, scale: 2 }).notNull(),
    updatedAt: timestamptz('updated_at').notNull(),
    /** Who saved it last; null once that account is deleted. */
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [check('calculator_percentages_range_check', sql`${t.percentage} >= 0 and ${t.percentage} <= 100`)],
);

/**
 * CRM connectors (docs/decisions/0089-connectors.md): where won deals come in from. The credentials a delivery is
 * checked with: `secret` as it is where an HMAC must be computed with it (our generic signature; HubSpot's client
 * secret), `username` and `credential_hash` (SHA-256) where it is only compared (Pipedrive's HTTP auth password,
 * Salesforce's token in the receiving address). `metric_id` null: profit (income entries).
 */
export const connectors = pgTable('connectors', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  provider: text('provider', { enum: ['hubspot', 'pipedrive', 'salesforce', 'generic'] }).notNull(),
  name: text('name').notNull(),
  agentBy: text('agent_by', { enum: ['email', 'externalUserId'] }).notNull(),
  metricId: integer('metric_id').references(() => metrics.id),
  amountField: text('amount_field').notNull(),
  stage: text('stage').notNull(),
  secret: text('secret'),
  username: text('username'),
  credentialHash: text('credential_hash'),
  organizationId: text('organization_id'),
  active: boolean('active').notNull().default(true),
  createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamptz('created_at').notNull(),
});

/**
 * A connector's deliveries: its inbox (a delivery is kept, then answered, then processed by whichever instance claims
 * it: FOR UPDATE SKIP LOCKED, `claimed_until` the claim's lease) and its log (what was received, what it became).
 * `updates` holds the deal updates read from the body (server/domain/connectors/types.ts). Kept 7 days.
 */
export const connectorDeliveries = pgTable(
  'connector_deliveries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    connectorId: integer('connector_id')
      .notNull()
      .references(() => connectors.id, { onDelete: 'cascade' }),
    receivedAt: timestamptz('received_at').notNull(),
    status: text('status', { enum: ['pending', 'processed', 'rejected'] }).notNull(),
    statusCode: integer('status_code').notNull(),
    body: text('body'),
    updates: jsonb('updates'),
    outcome: text('outcome').notNull().default(''),
    claimedUntil: timestamptz('claimed_until'),
    processedAt: timestamptz('processed_at'),
  },
  (t) => [
    index('connector_deliveries_connector_idx').on(t.connectorId, t.id),
    // Partial: the worker's queue is the pending rows only, however long the log.
    index('connector_deliveries_pending_idx').on(t.id).where(sql`${t.status} = 'pending'`),
    index('connector_deliveries_received_idx').on(t.receivedAt),
  ],
);

/**
 * What a connector knows of each deal: each field's last value told and when the CRM says it was so (`*_at`, ms), so
 * that deliveries applied in any order end in the latest state; and what is recorded for it now (`record_id`: the
 * income entry or activity; `recorded_agent_id`, `recorded_amount`), changed only by voiding and recording again.
 * `waiting_since`: won, but its owner matches no agent yet (the unmatched queue).
 */
export const connectorDeals = pgTable(
  'connector_deals',
  {
    connectorId: integer('connector_id')
      .notNull()
      .references(() => connectors.id, { onDelete: 'cascade' }),
    dealId: text('deal_id').notNull(),
    amount: money('amount'),
    amountAt: bigint('amount_at', { mode: 'number' }),
    won: boolean('won'),
    wonAt: bigint('won_at', { mode: 'number' }),
    ownerKey: text('owner_key'),
    ownerAt: bigint('owner_at', { mode: 'number' }),
    deleted: boolean('deleted').notNull().default(false),
    deletedAt: bigint('deleted_at', { mode: 'number' }),
    closedAt: timestamptz('closed_at'),
    closedAtAt: bigint('closed_at_at', { mode: 'number' }),
    recordId: bigint('record_id', { mode: 'number' }),
    recordedAgentId: integer('recorded_agent_id'),
    recordedAmount: numeric('recorded_amount', { precision: 16, scale: 2 }),
    /** How many times it was recorded: the external id of the second recording ends in ":2", and so on. */
    revision: integer('revision').notNull().default(0),
    waitingSince: timestamptz('waiting_since'),
    updatedAt: timestamptz('updated_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.connectorId, t.dealId] }),
    index('connector_deals_waiting_idx').on(t.connectorId, t.ownerKey).where(sql`${t.waitingSince} is not null`),
  ],
);

/** A CRM user mapped to an agent on the unmatched screen, remembered for the connector's later deals. */
export const connectorOwners = pgTable(
  'connector_owners',
  {
    connectorId: integer('connector_id')
      .notNull()
      .references(() => connectors.id, { onDelete: 'cascade' }),
    ownerKey: text('owner_key').notNull(),
    agentId: integer('agent_id')
      .notNull()
      .references(() => agents.id, { onDelete: 'cascade' }),
    createdAt: timestamptz('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.connectorId, t.ownerKey] })],
);

/**
 * Company sign-in (OpenID Connect, docs/decisions/0090-company-sign-in.md): one row (id 1) once the owner configured
 * it. The client secret is kept as it is (the token request sends it); only owners read the settings, never the secret.
 * `roleClaim`/`managerValue`: when set, a person whose ID token's claim holds that value (or a list holding it) may
 * sign in to the owner dashboard as a manager; everyone else is an agent. `required`: passwords stop working for
 * everyone but the owner.
 */
export const ssoSettings = pgTable(
  'sso_settings',
  {
    id: integer('id').primaryKey().default(1),
    issuer: text('issuer').notNull(),
    clientId: text('client_id').notNull(),
    clientSecret: text('client_secret').notNull(),
    /** The company's name on the sign-in pages' button ("Sign in with Acme"). */
    label: text('label').notNull(),
    allowedDomains: text('allowed_domains').array().notNull(),
    roleClaim: text('role_claim'),
    managerValue: text('manager_value'),
    required: boolean('required').notNull().default(false),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [check('sso_settings_one_row_check', sql`${t.id} = 1`)],
);

/**
 * A company sign-in under way: made by GET /api/sso/start, used once by the callback within 10 minutes. The browser
 * holds the state in a cookie as well (a callback from another browser is refused); only its SHA-256 is kept here.
 */
export const ssoLogins = pgTable(
  'sso_logins',
  {
    stateHash: text('state_hash').primaryKey(),
    nonce: text('nonce').notNull(),
    codeVerifier: text('code_verifier').notNull(),
    audience: text('audience', { enum: ['staff', 'agent'] }).notNull(),
    returnTo: text('return_to').notNull(),
    createdAt: timestamptz('created_at').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
  },
  (t) => [index('sso_logins_expires_idx').on(t.expiresAt)],
);
