import { render } from '@contract/i18n';
import type { SignUpMode } from '@contract/limits';
import { INVITATION_REQUIRED_TEXT, REGISTRATION_CLOSED_TEXT } from '@contract/sign-up-text';
import { Lock, Mail } from 'lucide-react';
import type { ReactNode } from 'react';
import { useSearch } from 'wouter';
import { useAppInfo } from '../../../lib/app-info';
import { useT } from '../../../lib/i18n/translate';
import { messages } from '../messages';

/** Whether this visitor may see the registration form, from the owner's sign-up mode and the link's invitation. */
export type RegistrationAccess =
  | { state: 'loading' }
  | { state: 'closed' }
  | { state: 'invitation-required' }
  | { state: 'form'; mode: SignUpMode; invite: string | undefined };

export function useRegistrationAccess(): RegistrationAccess {
  const appInfo = useAppInfo();
  const invite = new URLSearchParams(useSearch()).get('invite')?.trim() || undefined;
  if (appInfo.isPending) return { state: 'loading' };
  // Without the mode (a failed read) the form shows: the server refuses what the mode does not allow.
  const mode = appInfo.data?.signUp ?? 'open';
  if (mode === 'closed') return { state: 'closed' };
  if (mode === 'invite' && !invite) return { state: 'invitation-required' };
  return { state: 'form', mode, invite };
}

interface RegistrationUnavailableProps {
  reason: 'closed' | 'invitation-required';
  /** The way to sign in instead (a link, or the auth flow's toggle). */
  signIn: ReactNode;
}

/** In place of the registration form when sign-up is closed, or by invitation and the link carries none. */
export function RegistrationUnavailable({ reason, signIn }: RegistrationUnavailableProps) {
  const Icon = reason === 'closed' ? Lock : Mail;
  const t = useT(messages);
  return (
    <div className="grid justify-items-center gap-3 text-center">
      <span className="flex size-12 items-center justify-center rounded-full bg-slate-100">
        <Icon className="size-6 text-slate-700" aria-hidden="true" />
      </span>
      <h2 className="text-xl font-semibold text-slate-900">{reason === 'closed' ? t('registrationClosed') : t('invitationNeeded')}</h2>
      <p className="text-sm text-slate-700">{render(reason === 'closed' ? REGISTRATION_CLOSED_TEXT : INVITATION_REQUIRED_TEXT)}</p>
      <p className="text-sm text-slate-700">{signIn}</p>
    </div>
  );
}
