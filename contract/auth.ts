import { z } from 'zod';
import { errorBody } from './errors';
import { displayName, emailField } from './fields';
import { text, zodText } from './i18n';
import { MIN_PASSWORD_LENGTH, MIN_STAFF_PASSWORD_LENGTH, signUpModes } from './limits';
import { LANGUAGES } from './languages';
import { messages } from './messages';
import { orgDisplaySettings } from './settings';

export { MIN_PASSWORD_LENGTH, MIN_STAFF_PASSWORD_LENGTH };
export const MAX_PASSWORD_LENGTH = 200;

const NAME_MAX = 100;

/** "Password must be at least 8 characters", "... at most 200 characters". */
const passwordAtLeast = (min: number) => zodText(text(messages, 'passwordAtLeast', { min }));
const PASSWORD_AT_MOST = zodText(text(messages, 'passwordAtMost', { max: MAX_PASSWORD_LENGTH }));

export const newPasswordField = z
  .string(passwordAtLeast(MIN_PASSWORD_LENGTH))
  .min(MIN_PASSWORD_LENGTH, passwordAtLeast(MIN_PASSWORD_LENGTH))
  .max(MAX_PASSWORD_LENGTH, PASSWORD_AT_MOST);

/** A new owner's or manager's password. */
export const newStaffPasswordField = z
  .string(passwordAtLeast(MIN_STAFF_PASSWORD_LENGTH))
  .min(MIN_STAFF_PASSWORD_LENGTH, passwordAtLeast(MIN_STAFF_PASSWORD_LENGTH))
  .max(MAX_PASSWORD_LENGTH, PASSWORD_AT_MOST);

const INVITATION_LINK_INVALID = zodText(text(messages, 'invitationLinkInvalid'));

/** POST /api/agents/register (docs/product.md §5, §12.2). */
export const agentRegisterInput = z.object({
  email: emailField,
  password: newPasswordField,
  firstName: displayName(text(messages, 'firstNameRequired'), NAME_MAX, text(messages, 'firstNameLabel')),
  lastName: displayName(text(messages, 'lastNameRequired'), NAME_MAX, text(messages, 'lastNameLabel')),
  position: displayName(text(messages, 'positionRequired'), NAME_MAX, text(messages, 'positionLabel')),
  /** The invitation token of an invitation link (needed when sign-up is by invitation only). */
  invite: z
    .string(INVITATION_LINK_INVALID)
    .regex(/^[A-Za-z0-9_-]{1,200}$/, INVITATION_LINK_INVALID)
    .optional(),
});
export type AgentRegisterInput = z.input<typeof agentRegisterInput>;

/** The registration form: the payload plus a confirmation that is checked and never sent. */
export const agentRegisterForm = z
  .object({
    email: z.string().trim().pipe(z.email(zodText(text(messages, 'invalidEmail')))),
    password: newPasswordField,
    confirmPassword: z.string().min(1, zodText(text(messages, 'confirmYourPassword'))),
    firstName: z.string().trim().min(1, zodText(text(messages, 'firstNameRequired'))),
    lastName: z.string().trim().min(1, zodText(text(messages, 'lastNameRequired'))),
    position: z.string().trim().min(1, zodText(text(messages, 'positionRequired'))),
  })
  .refine((form) => form.password === form.confirmPassword, {
    ...zodText(text(messages, 'passwordsDontMatch')),
    path: ['confirmPassword'],
  });
export type AgentRegisterForm = z.input<typeof agentRegisterForm>;

/** POST /api/agents/login and POST /api/auth/login. */
export const loginInput = z.object({
  email: emailField,
  password: z
    .string(zodText(text(messages, 'passwordRequired')))
    .min(1, zodText(text(messages, 'passwordRequired')))
    .max(MAX_PASSWORD_LENGTH, PASSWORD_AT_MOST),
});
export type LoginInput = z.input<typeof loginInput>;

const ENTER_PASSWORD_TO_CONFIRM = zodText(text(messages, 'enterPasswordToConfirm'));

/** Re-entering one's password before a sensitive change (a backup, deleting an account, sign-up settings). */
export const currentPasswordField = z
  .string(ENTER_PASSWORD_TO_CONFIRM)
  .min(1, ENTER_PASSWORD_TO_CONFIRM)
  .max(MAX_PASSWORD_LENGTH, ENTER_PASSWORD_TO_CONFIRM);

/** POST /api/auth/confirm-password: the signed-in owner or manager enters their password again. */
export const confirmPasswordInput = z.object({ password: currentPasswordField });
export type ConfirmPasswordInput = z.input<typeof confirmPasswordInput>;
/** A wrong current password (400 on the password field): the text answered in the reader's language. */
export const WRONG_PASSWORD_TEXT = text(messages, 'wrongPassword');
/** The same in English, as API clients and tests compare it. */
export const WRONG_PASSWORD = String(WRONG_PASSWORD_TEXT);

/** POST /api/auth/password: the owner's or manager's current password and a new one; their other sessions end. */
export const changeStaffPasswordInput = z.object({
  currentPassword: currentPasswordField,
  newPassword: newStaffPasswordField,
});
export type ChangeStaffPasswordInput = z.input<typeof changeStaffPasswordInput>;

/** The login form on the web (same messages, no transformation). */
export const loginForm = z.object({
  email: z.string().trim().pipe(z.email(zodText(text(messages, 'invalidEmail')))),
  password: z.string().min(1, zodText(text(messages, 'passwordRequired'))),
});
export type LoginForm = z.input<typeof loginForm>;

export const sessionAgent = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  position: z.string(),
  /** The language the agent chose (contract/languages.ts); null: the organisation's. */
  language: z.enum(LANGUAGES).nullable(),
});
export type SessionAgent = z.infer<typeof sessionAgent>;

/** GET /api/agents/session (200), POST /api/agents/login and register responses. */
export const agentSessionResponse = z.object({ authenticated: z.literal(true), agent: sessionAgent });
export type AgentSessionResponse = z.infer<typeof agentSessionResponse>;

/** GET /api/agents/session without an agent session (401): the error shape, with the spec's `authenticated: false`. */
export const agentSessionRefused = z.strictObject({ ...errorBody.shape, authenticated: z.literal(false) });

export const userRoles = ['owner', 'manager'] as const;
export type UserRole = (typeof userRoles)[number];

/** GET /api/auth/user, POST /api/auth/login. */
export const authUser = z.object({ id: z.number(), email: z.string(), name: z.string(), role: z.enum(userRoles) });
export type AuthUser = z.infer<typeof authUser>;

/** GET /api/users and POST /api/users responses (owner only): an account, never its password hash. */
/** An account on the Staff tab: with whether two-factor sign-in is on (the owner may reset it for someone who lost it). */
export const userAccount = authUser.extend({ createdAt: z.string(), twoFactorEnabled: z.boolean() });
export type UserAccount = z.infer<typeof userAccount>;

/** POST /api/users (owner only): a manager account. */
export const createManagerInput = z.object({
  email: emailField,
  name: displayName(text(messages, 'nameRequired'), NAME_MAX, text(messages, 'nameLabel')),
  role: z.literal('manager', zodText(text(messages, 'onlyManagerAccounts'))),
  password: newStaffPasswordField,
});
export type CreateManagerInput = z.input<typeof createManagerInput>;

/** GET /api/app-info: what the screens need to know before sign-in. */
export const appInfo = z.object({
  demo: z.boolean(),
  demoAgent: z.object({ email: z.string(), password: z.string() }).optional(),
  demoOwner: z.object({ email: z.string(), password: z.string() }).optional(),
  /** Who may register (the registration page shows its form, an invitation notice, or that it is closed). */
  signUp: z.enum(signUpModes),
  /** The organisation's name, currency and locale (GET /api/settings has them all, for those signed in). */
  organisation: orgDisplaySettings,
});
export type AppInfo = z.infer<typeof appInfo>;

/** A request made with a session that a change of its account ended meanwhile (deactivated, password set): 401. */
export const SESSION_ENDED = text(messages, 'sessionEnded');
