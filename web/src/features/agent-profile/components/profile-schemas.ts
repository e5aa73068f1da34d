import { changeMyPasswordInput, updateMyProfileInput } from '@contract/insight';
import { z } from 'zod';
import { translate } from '../../../lib/i18n/translate';
import { messages } from '../messages';

// The profile page's forms, loaded when a form is first used (lib/lazy-resolver.ts).

/** Name and position: the rules of PATCH /api/agents/me. */
export const profileDetailsForm = updateMyProfileInput;
export type ProfileDetailsValues = z.input<typeof profileDetailsForm>;

/** POST /api/agents/me/password, and the new password typed twice. */
export const changePasswordForm = changeMyPasswordInput
  .extend({ confirmPassword: z.string() })
  .refine((form) => form.newPassword === form.confirmPassword, { error: () => translate(messages, 'passwordsDoNotMatch'), path: ['confirmPassword'] });
