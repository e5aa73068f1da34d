// Sizes of lists and fixed texts, apart from the schemas (no zod here): screens that need only these do not load the validator.
import { text, type LocalText } from './i18n';
import { messages } from './messages';

/** The owner dashboard's recent transactions (docs/product.md §11.6: at most 10). */
export const RECENT_ENTRIES_LIMIT = 10;
/** Pages of agents: the default and the largest page a list call returns. */
export const AGENT_PAGE_SIZE = 25;
export const AGENT_PAGE_SIZE_MAX = 100;
export const AGENT_SEARCH_MAX = 100;
/** Deep enough for any list; a larger offset is a mistake (or a scan), refused. */
export const PAGE_OFFSET_MAX = 1_000_000;
/** Pages of income entries (GET /api/income-entries): the default and the largest. */
export const ENTRY_PAGE_SIZE = 50;
export const ENTRY_PAGE_SIZE_MAX = 500;
/** A void's reason (POST /api/income-entries/{id}/void): at most this many characters. */
export const VOID_REASON_MAX = 1000;
/** The dashboard carries the leaderboard's first page; GET /api/owner/leaderboard serves the others. */
export const LEADERBOARD_PAGE_SIZE = AGENT_PAGE_SIZE;
/** The rewards text of a tier that has none yet (docs/product.md §9.5). */
export const COMING_SOON = 'Coming Soon';

/**
 * Who may create an agent account from the registration page (the owner can always add agents):
 * - open: anyone, who can sign in at once;
 * - approval: anyone, but the account waits for the owner's approval before it can sign in;
 * - invite: only with an invitation link the owner made (single use, expires);
 * - closed: nobody.
 */
export const signUpModes = ['open', 'approval', 'invite', 'closed'] as const;
export type SignUpMode = (typeof signUpModes)[number];

/**
 * On every answer of a GET under /api/ (but the stream itself): the newest event committed before the server began
 * to read it. A client that opens its stream after reading passes it as its first Last-Event-ID, so the events
 * between its read and the stream's opening are replayed rather than missed. Absent while the server has not yet
 * read the events table.
 */
export const EVENT_CURSOR_HEADER = 'x-event-cursor';

/** How many agents each board of the TV shows. */
export const TV_BOARD_SIZE = 10;
/** How many of the latest wins the ticker shows. */
export const TV_TICKER_SIZE = 8;

/** An agent's password: at least this long (contract/auth.ts checks it). */
export const MIN_PASSWORD_LENGTH = 8;
/** Owners and managers see every agent's figures and claims' addresses: a longer password (ASVS level 2). */
export const MIN_STAFF_PASSWORD_LENGTH = 10;

/**
 * A new password's rule as every form states it (the server checks both parts: the length here, the common list in
 * server/domain/password-policy.ts), so that a password the hint allows is not refused for a reason it did not say.
 * The screens show `render(passwordRuleHintText(min))`, in the language shown; passwordRuleHint is the English.
 */
export const passwordRuleHintText = (minLength: number): LocalText => text(messages, 'passwordRuleHint', { min: minLength });
export const passwordRuleHint = (minLength: number) => String(passwordRuleHintText(minLength));

/**
 * The one answer to a one-time password link that was used, has expired or never existed (contract/password-resets.ts);
 * RESET_LINK_INVALID is the English, as API clients and tests compare it.
 */
export const RESET_LINK_INVALID_TEXT = text(messages, 'resetLinkInvalid');
export const RESET_LINK_INVALID = String(RESET_LINK_INVALID_TEXT);
/** Links the owner makes with an import of agents last this long: long enough to reach a new agent. */
export const OWNER_RESET_LINK_DAYS = 7;
/** Links emailed on request (POST /api/password-resets) last this long. */
export const EMAILED_RESET_LINK_MINUTES = 30;
/**
 * The one answer to a request for a link by email, whether or not an account uses the email (RESET_REQUESTED_MESSAGE:
 * the English).
 */
export const RESET_REQUESTED_TEXT = text(messages, 'resetRequested');
export const RESET_REQUESTED_MESSAGE = String(RESET_REQUESTED_TEXT);

/** The built-in metric (contract/metrics.ts): the income entries. Here, without zod, for the screens that name it. */
export const PROFIT_METRIC = 'profit';
