import { changeStaffPasswordInput } from '@contract/auth';
import { z } from 'zod';
import { translate } from '../../../lib/i18n/translate';
import { messages } from '../messages';

// The account page's form, loaded when it is first used (lib/lazy-resolver.ts).

/** POST /api/auth/password, and the new password typed twice. */
export const changeStaffPasswordForm = changeStaffPasswordInput
  .extend({ confirmPassword: z.string() })
  .refine((form) => form.newPassword === form.confirmPassword, { error: () => translate(messages, 'passwordsDoNotMatch'), path: ['confirmPassword'] });
