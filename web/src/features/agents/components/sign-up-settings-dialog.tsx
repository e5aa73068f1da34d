import { signUpModes, type SignUpMode } from '@contract/limits';
import type { CreatedInvitation, Invitation } from '@contract/sign-up';
import { INVITATION_DAYS } from '@contract/sign-up-text';
import { Link2, Loader2, Settings } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Alert, AlertDescription } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '../../../components/ui/dialog';
import { LoadError } from '../../../components/ui/load-error';
import { CopyField } from '../../../components/ui/secret-field';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { formatDateTime } from '../../../lib/format';
import { isReauthenticationCancelled } from '../../../lib/reauthentication';
import { paths } from '../../../config/paths';
import { useCreateInvitation, useRevokeInvitation, useSaveSignUpMode, useSignUpSettings } from '../api/sign-up-settings';
import { PART, withPart } from '../../../components/ui/message-part';
import { useT } from '../../../lib/i18n/translate';
import { messages } from '../messages';

/**
 * Each sign-up mode's name and what it means, in the language shown (the English as contract/sign-up-text.ts
 * signUpModeLabels says it, for the server's own start-up notice).
 */
const MODE_TITLES = { open: 'modeOpen', approval: 'modeApproval', invite: 'modeInvite', closed: 'modeClosed' } as const satisfies Record<
  SignUpMode,
  keyof typeof messages.en
>;
const MODE_TEXTS = { open: 'modeOpenText', approval: 'modeApprovalText', invite: 'modeInviteText', closed: 'modeClosedText' } as const satisfies Record<
  SignUpMode,
  keyof typeof messages.en
>;

/** Owner only: who may register (the four sign-up modes) and the invitation links of invitation-only sign-up. */
export function SignUpSettingsDialog() {
  const t = useT(messages);
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline">
          <Settings aria-hidden="true" />
          {t('signUpSettings')}
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-xl">
        <DialogHeader>
          <DialogTitle>{t('signUpSettings')}</DialogTitle>
          <DialogDescription>{t('signUpDescription')}</DialogDescription>
        </DialogHeader>
        {/* Mounted while open only: choices not saved and a link shown once are gone when the dialog closes. */}
        {open && <SignUpSettingsContent />}
      </DialogContent>
    </Dialog>
  );
}

function SignUpSettingsContent() {
  const t = useT(messages);
  const settings = useSignUpSettings();
  if (settings.isPending) return <Spinner label={t('loadingSignUp')} className="min-h-40" />;
  if (settings.isError) return <LoadError error={settings.error} fallback={t('signUpFailed')} />;
  return (
    <div className="grid gap-6">
      <SignUpModeForm savedMode={settings.data.mode} />
      <Invitations mode={settings.data.mode} invitations={settings.data.invitations} />
    </div>
  );
}

function SignUpModeForm({ savedMode }: { savedMode: SignUpMode }) {
  const t = useT(messages);
  const [choice, setChoice] = useState<SignUpMode | null>(null);
  const [saved, setSaved] = useState(false);
  const save = useSaveSignUpMode();
  const selected = choice ?? savedMode;
  const name = useId();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSaved(false);
    save.mutate(selected, {
      onSuccess: () => {
        setChoice(null);
        setSaved(true);
      },
    });
  };
  const failure = save.isError && !isReauthenticationCancelled(save.error) ? save.error : null;

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-3">
      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm font-semibold text-slate-900">{t('whoCanRegister')}</legend>
        {signUpModes.map((mode) => {
          const title = t(MODE_TITLES[mode]);
          const description = t(MODE_TEXTS[mode]);
          return (
            <label
              key={mode}
              className={cn(
                'flex cursor-pointer gap-3 rounded-lg border p-3 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600',
                selected === mode ? 'border-brand-600 bg-brand-50' : 'border-slate-200 hover:bg-slate-50',
              )}
            >
              <input
                type="radio"
                name={name}
                value={mode}
                checked={selected === mode}
                onChange={() => {
                  setChoice(mode);
                  setSaved(false);
                }}
                className="mt-0.5 size-4 shrink-0 accent-brand-600"
                aria-labelledby={`${name}-${mode}-title`}
                aria-describedby={mode === savedMode ? `${name}-${mode}-current ${name}-${mode}` : `${name}-${mode}`}
              />
              <span className="grid gap-0.5">
                <span className="flex flex-wrap items-center gap-2">
                  <span id={`${name}-${mode}-title`} className="text-sm font-medium text-slate-900">
                    {title}
                  </span>
                  {mode === savedMode && (
                    <Badge id={`${name}-${mode}-current`} variant="secondary">
                      {t('current')}
                    </Badge>
                  )}
                </span>
                <span id={`${name}-${mode}`} className="text-sm text-slate-600">
                  {description}
                </span>
              </span>
            </label>
          );
        })}
      </fieldset>
      {failure && (
        <Alert variant="destructive">
          <AlertDescription>{errorMessage(failure, t('saveSignUpFailed'))}</AlertDescription>
        </Alert>
      )}
      <div className="flex flex-wrap items-center justify-end gap-3">
        <p role="status" className="text-sm text-emerald-800">
          {saved && t('savedMode', { mode: t(MODE_TITLES[savedMode]) })}
        </p>
        <Button type="submit" disabled={save.isPending || selected === savedMode}>
          {save.isPending && <Loader2 className="animate-spin" aria-hidden="true" />}
          {save.isPending ? t('saving') : t('save')}
        </Button>
      </div>
    </form>
  );
}

function Invitations({ mode, invitations }: { mode: SignUpMode; invitations: Invitation[] }) {
  const t = useT(messages);
  const create = useCreateInvitation();
  const revoke = useRevokeInvitation();
  const [created, setCreated] = useState<CreatedInvitation | null>(null);
  const headingId = useId();
  const failure = create.error ?? revoke.error;

  return (
    <section aria-labelledby={headingId} className="grid gap-3 border-t border-slate-200 pt-5">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <h3 id={headingId} className="text-sm font-semibold text-slate-900">
            {t('invitations')}
          </h3>
          <p className="text-sm text-slate-600">
            {t('invitationsText', { days: INVITATION_DAYS })}
            {mode !== 'invite' && ` ${t('linksNeeded', { mode: t('modeInvite') })}`}
          </p>
        </div>
        <Button
          type="button"
          variant="outline"
          size="sm"
          disabled={create.isPending}
          onClick={() => create.mutate(undefined, { onSuccess: setCreated })}
        >
          {create.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Link2 aria-hidden="true" />}
          {create.isPending ? t('creating') : t('createLink')}
        </Button>
      </div>
      {failure && (
        <Alert variant="destructive">
          <AlertDescription>{errorMessage(failure, t('invitationFailed'))}</AlertDescription>
        </Alert>
      )}
      {created && <NewInvitationLink invitation={created} />}
      {invitations.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 p-3 text-center text-sm text-slate-600">{t('noInvitations')}</p>
      ) : (
        <ul aria-labelledby={headingId} className="divide-y divide-slate-100 rounded-lg border border-slate-200">
          {invitations.map((invitation) => (
            <li key={invitation.id} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2">
              <div className="min-w-0 text-sm">
                <p className="flex flex-wrap items-center gap-2 text-slate-900">
                  {withPart(t('createdOn', { date: PART }), <time dateTime={invitation.createdAt}>{formatDateTime(invitation.createdAt)}</time>)}
                  {invitation.usedAt ? <Badge variant="secondary">{t('used')}</Badge> : <Badge variant="success">{t('open')}</Badge>}
                </p>
                <p className="text-xs text-slate-600">
                  {invitation.usedAt
                    ? withPart(t('usedOn', { date: PART }), <time dateTime={invitation.usedAt}>{formatDateTime(invitation.usedAt)}</time>)
                    : withPart(t('validUntil', { date: PART }), <time dateTime={invitation.expiresAt}>{formatDateTime(invitation.expiresAt)}</time>)}
                </p>
              </div>
              {!invitation.usedAt && (
                <Button
                  type="button"
                  variant="destructive-outline"
                  size="sm"
                  disabled={revoke.isPending}
                  aria-label={t('revokeInvitation', { date: formatDateTime(invitation.createdAt) })}
                  onClick={() =>
                    revoke.mutate(invitation.id, { onSuccess: () => setCreated((shown) => (shown?.id === invitation.id ? null : shown)) })
                  }
                >
                  {t('revoke')}
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The link of an invitation just made: its token is shown this once (the server keeps only a hash). */
function NewInvitationLink({ invitation }: { invitation: CreatedInvitation }) {
  const t = useT(messages);
  const link = `${window.location.origin}${paths.agentRegister}?invite=${encodeURIComponent(invitation.token)}`;
  return (
    <div className="rounded-lg border border-brand-100 bg-brand-50 p-3">
      <CopyField
        label={t('newLink')}
        value={link}
        what={t('linkWhat')}
        hint={withPart(t('newLinkHint', { date: PART }), <time dateTime={invitation.expiresAt}>{formatDateTime(invitation.expiresAt)}</time>)}
      />
    </div>
  );
}
