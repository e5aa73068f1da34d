import { z } from 'zod';
import { errorBody } from './errors';
import { displayName, emailField } from './fields';
import { MIN_PASSWORD_LENGTH, MIN_STAFF_PASSWORD_LENGTH, signUpModes } from './limits';
import { LANGUAGES } from './languages';
import { orgDisplaySettings } from './settings';

export { MIN_PASSWORD_LENGTH, MIN_STAFF_PASSWORD_LENGTH };
export const MAX_PASSWORD_LENGTH = 200;

const NAME_MAX = 100;

export const newPasswordField = z
  .string({ error: `Password must be at least ${MIN_PASSWORD_LENGTH} characters` })
  .min(MIN_PASSWORD_LENGTH, `Password must be at least ${MIN_PASSWORD_LENGTH} characters`)
  .max(MAX_PASSWORD_LENGTH, `Password must be at most ${MAX_PASSWORD_LENGTH} characters`);

/** A new owner's or manager's password. */
export const newStaffPasswordField = z
  .string({ error: `Password must be at least ${MIN_STAFF_PASSWORD_LENGTH} characters` })
  .min(MIN_STAFF_PASSWORD_LENGTH, `Password must be at least ${MIN_STAFF_PASSWORD_LENGTH} characters`)
  .max(MAX_PASSWORD_LENGTH, `Password must be at most ${MAX_PASSWORD_LENGTH} characters`);

/** POST /api/agents/register (docs/product.md §5, §12.2). */
export const agentRegisterInput = z.object({
  email: emailField,
  password: newPasswordField,
  firstName: displayName('First name is required', NAME_MAX, 'First name'),
  lastName: displayName('Last name is required', NAME_MAX, 'Last name'),
  position: displayName('Position is required', NAME_MAX, 'Position'),
  /** The invitation token of an invitation link (needed when sign-up is by invitation only). */
  invite: z
    .string({ error: 'The invitation link is not valid' })
    .regex(/^[A-Za-z0-9_-]{1,200}$/, 'The invitation link is not valid')
    .optional(),
});
export type AgentRegisterInput = z.input<typeof agentRegisterInput>;

/** The registration form: the payload plus a confirmation that is checked and never sent. */
export const agentRegisterForm = z
  .object({
    email: z.string().trim().pipe(z.email({ error: 'Invalid email address' })),
    password: newPasswordField,
    confirmPassword: z.string().min(1, 'Please confirm your password'),
    firstName: z.string().trim().min(1, 'First name is required'),
    lastName: z.string().trim().min(1, 'Last name is required'),
    position: z.string().trim().min(1, 'Position is required'),
  })
  .refine((form) => form.password === form.confirmPassword, {
    message: "Passwords don't match",
    path: ['confirmPassword'],
  });
export type AgentRegisterForm = z.input<typeof agentRegisterForm>;

/** POST /api/agents/login and POST /api/auth/login. */
export const loginInput = z.object({
  email: emailField,
  password: z
    .string({ error: 'Password is required' })
    .min(1, 'Password is required')
    .max(MAX_PASSWORD_LENGTH, `Password must be at most ${MAX_PASSWORD_LENGTH} characters`),
});
export type LoginInput = z.input<typeof loginInput>;

/** Re-entering one's password before a sensitive change (a backup, deleting an account, sign-up settings). */
export const currentPasswordField = z
  .string({ error: 'Enter your password to confirm' })
  .min(1, 'Enter your password to confirm')
  .max(MAX_PASSWORD_LENGTH, 'Enter your password to confirm');

/** POST /api/auth/confirm-password: the signed-in owner or manager enters their password again. */
export const confirmPasswordInput = z.object({ password: currentPasswordField });
export type ConfirmPasswordInput = z.input<typeof confirmPasswordInput>;
export const WRONG_PASSWORD = 'The password is not correct';

/** POST /api/auth/password: the owner's or manager's current password and a new one; their other sessions end. */
export const changeStaffPasswordInput = z.object({
  currentPassword: currentPasswordField,
  newPassword: newStaffPasswordField,
});
export type ChangeStaffPasswordInput = z.input<typeof changeStaffPasswordInput>;

/** The login form on the web (same messages, no transformation). */
export const loginForm = z.object({
  email: z.string().trim().pipe(z.email({ error: 'Invalid email address' })),
  password: z.string().min(1, 'Password is required'),
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
  name: displayName('Name is required', NAME_MAX, 'Name'),
  role: z.literal('manager', { error: 'Only manager accounts can be created here' }),
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
export const SESSION_ENDED = 'Your session has ended: sign in again';
