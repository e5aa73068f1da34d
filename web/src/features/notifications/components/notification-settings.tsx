import type { NotificationKind, NotificationPreference } from '@contract/notifications';
import { ArrowLeft, Loader2 } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { LoadError } from '../../../components/ui/load-error';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { useNotificationPreferences, useUpdateNotificationPreferences } from '../api/notification-preferences';
import { readPushDeviceState, turnPushOff, turnPushOn, type PushDeviceState } from '../api/push-device';
import { useT } from '../../../lib/i18n/translate';
import { messages } from '../messages';

/** Each kind's words (contract/notifications.ts' NOTIFICATION_KIND_LABELS, in the language shown). */
const KIND_LABELS = {
  tier_reached: 'kindTierReached',
  claim_status: 'kindClaimStatus',
  claim_created: 'kindClaimCreated',
  agent_registered: 'kindAgentRegistered',
  goal_progress: 'kindGoalProgress',
  goal_reached: 'kindGoalReached',
  goal_behind: 'kindGoalBehind',
  contest_started: 'kindContestStarted',
  contest_result: 'kindContestResult',
  badge_awarded: 'kindBadgeAwarded',
  agent_tier_reached: 'kindAgentTierReached',
} as const satisfies Record<NotificationKind, keyof typeof messages.en>;

/**
 * The settings of the bell: per kind the person receives, in the app, by email and pushed to their devices
 * (docs/product.md §12.13, §12.21), and whether this device receives pushes.
 */
export function NotificationSettings({ onBack }: { onBack: () => void }) {
  const t = useT(messages);
  const preferences = useNotificationPreferences();
  const heading = useRef<HTMLHeadingElement>(null);
  const headingId = useId();

  // The Settings button that had the focus is gone: the view's heading takes it.
  useEffect(() => heading.current?.focus(), []);

  return (
    <section aria-labelledby={headingId} className="flex min-h-0 flex-1 flex-col">
      {/* Wraps: "Benachrichtigungseinstellungen" is one long word beside "Zurück" on a phone. */}
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1 border-b border-slate-200 px-2 py-2">
        <Button variant="ghost" size="sm" onClick={onBack}>
          <ArrowLeft aria-hidden="true" />
          {t('back')}
        </Button>
        <h3 ref={heading} id={headingId} tabIndex={-1} className="min-w-0 px-2 text-sm font-semibold text-slate-900 [overflow-wrap:anywhere] focus:outline-none">
          {t('settingsTitle')}
        </h3>
      </div>
      {preferences.isPending ? (
        <Spinner label={t('loadingSettings')} className="min-h-32" />
      ) : preferences.isError ? (
        <div className="p-4">
          <LoadError error={preferences.error} fallback={t('settingsLoadFailed')} />
        </div>
      ) : (
        <PreferencesForm saved={preferences.data.preferences} />
      )}
    </section>
  );
}

function PreferencesForm({ saved }: { saved: NotificationPreference[] }) {
  const t = useT(messages);
  const [choices, setChoices] = useState(saved);
  const update = useUpdateNotificationPreferences();
  const formId = useId();

  const set = (kind: NotificationPreference['kind'], channel: 'inApp' | 'email' | 'push', on: boolean) => {
    setChoices((current) => current.map((choice) => (choice.kind === kind ? { ...choice, [channel]: on } : choice)));
    // "Saved." no longer holds once something changed.
    if (!update.isPending) update.reset();
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!update.isPending) update.mutate({ preferences: choices });
  };

  return (
    <form onSubmit={onSubmit} className="grid min-h-0 gap-3 overflow-y-auto p-4">
      <p className="text-sm text-slate-700">{t('settingsIntro')}</p>
      <PushDevice />
      {choices.map((choice) => (
        <fieldset key={choice.kind} className="grid gap-2 rounded-lg border border-slate-200 p-3">
          <legend className="px-1 text-sm font-medium text-slate-900">{t(KIND_LABELS[choice.kind])}</legend>
          <Choice id={`${formId}-${choice.kind}-app`} label={t('channelInApp')} checked={choice.inApp} onChange={(on) => set(choice.kind, 'inApp', on)} />
          <Choice id={`${formId}-${choice.kind}-email`} label={t('channelEmail')} checked={choice.email} onChange={(on) => set(choice.kind, 'email', on)} />
          <Choice id={`${formId}-${choice.kind}-push`} label={t('channelPush')} checked={choice.push} onChange={(on) => set(choice.kind, 'push', on)} />
        </fieldset>
      ))}
      {update.isError && (
        <p role="alert" className="rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-900">
          {errorMessage(update.error, t('saveFailed'))}
        </p>
      )}
      {/*
        Said here rather than in a toast: a toast opened over the popover takes the next Escape, which should close the
        popover. The button is marked busy rather than disabled, so that it keeps the focus.
      */}
      <div className="flex items-center justify-end gap-3">
        <p role="status" className="text-sm text-emerald-800">
          {update.isSuccess && t('saved')}
        </p>
        <Button type="submit" size="sm" aria-disabled={update.isPending || undefined}>
          {update.isPending && <Loader2 className="animate-spin" aria-hidden="true" />}
          {update.isPending ? t('saving') : t('save')}
        </Button>
      </div>
    </form>
  );
}

function Choice({ id, label, checked, onChange }: { id: string; label: string; checked: boolean; onChange: (on: boolean) => void }) {
  return (
    <div className="flex items-center gap-2.5">
      <input id={id} type="checkbox" checked={checked} onChange={(event) => onChange(event.target.checked)} className="size-4 shrink-0 accent-brand-600" />
      <label htmlFor={id} className="text-sm text-slate-800">
        {label}
      </label>
    </div>
  );
}

const PUSH_WORDS = {
  unsupported: 'pushUnsupported',
  denied: 'pushDenied',
  off: 'pushOff',
  on: 'pushOn',
} as const satisfies Record<PushDeviceState, keyof typeof messages.en>;

/** This device's pushes: on or off, asked of the browser (its permission) and told to the server. */
function PushDevice() {
  const t = useT(messages);
  const [state, setState] = useState<PushDeviceState | 'reading'>('reading');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | undefined>();

  useEffect(() => {
    let live = true;
    readPushDeviceState().then(
      (read) => live && setState(read),
      () => live && setState('unsupported'),
    );
    return () => {
      live = false;
    };
  }, []);

  const change = (to: () => Promise<PushDeviceState>) => {
    if (busy) return;
    setBusy(true);
    setProblem(undefined);
    to().then(
      (now) => setState(now),
      (error: unknown) => setProblem(errorMessage(error, t('pushChangeFailed'))),
    ).finally(() => setBusy(false));
  };

  if (state === 'reading') return null;
  return (
    <div className="grid gap-2 rounded-lg border border-slate-200 bg-slate-50 p-3">
      <p role="status" className="text-sm text-slate-800">{t(PUSH_WORDS[state])}</p>
      {(state === 'off' || state === 'on') && (
        <div>
          <Button type="button" size="sm" variant="outline" aria-disabled={busy || undefined} onClick={() => change(state === 'on' ? turnPushOff : turnPushOn)}>
            {busy && <Loader2 className="animate-spin" aria-hidden="true" />}
            {state === 'on' ? t('pushTurnOff') : t('pushTurnOn')}
          </Button>
        </div>
      )}
      {problem && (
        <p role="alert" className="text-sm text-red-800">
          {problem}
        </p>
      )}
    </div>
  );
}
