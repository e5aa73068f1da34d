import { errorStatus, type ErrorBody, type ErrorCode, type ValidationIssue } from '../../contract/errors';
import { render, text, type Text } from '../../contract/i18n';
import { messages } from './messages';

/**
 * The one way the server reports a failure the caller can act on: a code (which decides the HTTP status), a message
 * safe to show to the user as it is, and for bad input the failing fields. The function that knows a rule throws it
 * (a pure rule in server/domain, an operation in server/db, a guard in server/auth); the error handler in
 * server/http/errors.ts turns it into the JSON error body, in one place. Any other thrown error is a bug: a 500.
 */
export class AppError extends Error {
  readonly statusCode: number;
  /** The issues in English (as `message` is), for logs and tests; the answer renders them in the reader's language. */
  readonly issues?: ValidationIssue[];
  constructor(
    readonly code: ErrorCode,
    /** A text of a catalog (contract/i18n.ts), rendered in the language of the request when answered; or plain text. */
    readonly text: Text,
    issues?: TextIssue[],
    /** Renders message and issues again in the language of the moment (a schema's failure: parsed again). */
    private readonly rerender?: () => Pick<ErrorBody, 'message' | 'issues'>,
  ) {
    super(String(text));
    this.name = 'AppError';
    this.statusCode = errorStatus[code];
    this.textIssues = issues;
    if (issues) this.issues = issues.map((issue) => ({ path: issue.path, message: String(issue.message) }));
  }

  private readonly textIssues?: TextIssue[];

  /** The JSON error body, in the language texts render in now (server/domain/translate.ts inLanguage). */
  toBody(): ErrorBody {
    if (this.rerender) return { code: this.code, ...this.rerender() };
    const issues = this.textIssues?.map((issue) => ({ path: issue.path, message: render(issue.message) }));
    return { message: render(this.text), code: this.code, ...(issues ? { issues } : {}) };
  }
}

/** A failing field, its message a text rendered in the reader's language. */
export interface TextIssue {
  path: string;
  message: Text;
}

/** What a 404 can name, by its English name, and its sentence ("Agent not found") in every language. */
const NOT_FOUND = {
  'Agent': text(messages, 'agentNotFound'),
  'Account': text(messages, 'accountNotFound'),
  'Activity': text(messages, 'activityNotFound'),
  'API token': text(messages, 'apiTokenNotFound'),
  'Badge': text(messages, 'badgeNotFound'),
  'Connector': text(messages, 'connectorNotFound'),
  'Contest': text(messages, 'contestNotFound'),
  'Delivery': text(messages, 'deliveryNotFound'),
  'Goal': text(messages, 'goalNotFound'),
  'Group': text(messages, 'groupNotFound'),
  'Income entry': text(messages, 'incomeEntryNotFound'),
  'Invitation': text(messages, 'invitationNotFound'),
  'Metric': text(messages, 'metricNotFound'),
  'Open invitation': text(messages, 'openInvitationNotFound'),
  'Prize': text(messages, 'prizeNotFound'),
  'Resource type': text(messages, 'resourceTypeNotFound'),
  'Reward claim': text(messages, 'rewardClaimNotFound'),
  'Reward option': text(messages, 'rewardOptionNotFound'),
  'Schema': text(messages, 'schemaNotFound'),
  'Session': text(messages, 'sessionNotFound'),
  'Team': text(messages, 'teamNotFound'),
  'Tier': text(messages, 'tierNotFound'),
  'TV link': text(messages, 'tvLinkNotFound'),
  'User': text(messages, 'userNotFound'),
  'Webhook': text(messages, 'webhookNotFound'),
} as const satisfies Record<string, Text>;
export type NotFoundThing = keyof typeof NOT_FOUND;

export const notFound = (what: NotFoundThing) => new AppError('NOT_FOUND', NOT_FOUND[what]);
export const forbidden = (message: Text = text(messages, 'forbidden')) => new AppError('FORBIDDEN', message);
export const unauthenticated = (message: Text = text(messages, 'signIn')) => new AppError('UNAUTHENTICATED', message);
export const conflict = (message: Text) => new AppError('CONFLICT', message);

/** Bad input that a schema cannot judge alone (it needs the clock or the database); `field` names the input field. */
export const invalid = (message: Text, field?: string) =>
  new AppError('VALIDATION_FAILED', message, field === undefined ? undefined : [{ path: field, message }]);

/** Emails are unique across agents, and across owners and managers. */
export const EMAIL_TAKEN = text(messages, 'emailTaken');
/** A 409 that names the field, so that a form shows it under the email. */
export const emailTaken = () => new AppError('CONFLICT', EMAIL_TAKEN, [{ path: 'email', message: EMAIL_TAKEN }]);
