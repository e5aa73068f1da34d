import type { DeviceSession } from '@contract/sessions';
import { Loader2, LogOut, Monitor, MonitorSmartphone, Smartphone } from 'lucide-react';
import { useId, useRef } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadError } from '../../../components/ui/load-error';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { useEndDeviceSession, type DeviceOwner } from '../api/end-device-session';
import { useEndOtherDeviceSessions } from '../api/end-other-device-sessions';
import { useDeviceSessions } from '../api/get-device-sessions';
import { describeDevice } from '../utils/describe-device';
import { useT } from '../../../lib/i18n/translate';
import { messages } from '../messages';

/**
 * "Signed-in devices" (docs/product.md §12.15): every browser the person is signed in on, this one first, each with
 * when it signed in and was last used; any other can be signed out, one at a time or all at once. `owner`: whose
 * devices these are, for where to go when this device's own session ends.
 */
export function SignedInDevices({ owner }: { owner: DeviceOwner }) {
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const list = useDeviceSessions();
  const endOne = useEndDeviceSession(owner);
  const endOthers = useEndOtherDeviceSessions();
  const busy = endOne.isPending || endOthers.isPending;
  const t = useT(messages);

  // This device first, the others as the server orders them (most recently used first).
  const sessions = list.data ? [...list.data.sessions].sort((a, b) => Number(b.current) - Number(a.current)) : [];
  const others = sessions.filter((session) => !session.current);

  // The signed-out row (or the list's last action) is gone: the focus goes back to the card's heading.
  const focusCard = () => headingRef.current?.focus();

  const onEndOne = (session: DeviceSession, label: string) =>
    endOne.mutateAsync(session).then(
      () => {
        if (session.current) return;
        toast({ title: t('deviceSignedOut'), description: t('deviceSignedOutDescription', { device: label }), variant: 'success' });
        focusCard();
      },
      (error: unknown) => toast({ title: t('error'), description: errorMessage(error, t('signOutFailed')), variant: 'destructive' }),
    );

  const onEndOthers = () =>
    endOthers.mutateAsync().then(
      ({ ended }) => {
        toast({ title: t('othersSignedOut'), description: t('othersEnded', { count: ended }), variant: 'success' });
        focusCard();
      },
      (error: unknown) => toast({ title: t('error'), description: errorMessage(error, t('othersFailed')), variant: 'destructive' }),
    );

  return (
    <Card role="region" aria-labelledby={headingId}>
      <CardHeader className="p-4 pb-3 sm:p-6 sm:pb-4">
        <h2
          id={headingId}
          ref={headingRef}
          tabIndex={-1}
          className="flex items-center gap-2 rounded-sm text-lg font-semibold leading-tight tracking-tight text-slate-900"
        >
          <MonitorSmartphone className="size-5 text-brand-600" aria-hidden="true" />
          {t('title')}
        </h2>
        <CardDescription>{t('description')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4 p-4 pt-0 sm:p-6 sm:pt-0">
        {list.isPending ? (
          <Spinner label={t('loading')} className="min-h-32" />
        ) : list.isError ? (
          <LoadError error={list.error} fallback={t('loadFailed')} />
        ) : sessions.length === 0 ? (
          <EmptyState icon={MonitorSmartphone} title={t('emptyTitle')} description={t('emptyDescription')} />
        ) : (
          <>
            <ul aria-labelledby={headingId} className="divide-y divide-slate-200 rounded-lg border border-slate-200">
              {sessions.map((session) => (
                <DeviceRow
                  key={session.id}
                  session={session}
                  pending={endOne.isPending && endOne.variables.id === session.id}
                  disabled={busy}
                  onEnd={onEndOne}
                />
              ))}
            </ul>
            <div className="flex flex-wrap items-center gap-3">
              <Button variant="outline" onClick={onEndOthers} disabled={busy || others.length === 0}>
                {endOthers.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : <LogOut aria-hidden="true" />}
                {endOthers.isPending ? t('signingOut') : t('signOutOthers')}
              </Button>
              {others.length === 0 && <p className="text-sm text-slate-700">{t('onlyThisDevice')}</p>}
            </div>
          </>
        )}
      </CardContent>
    </Card>
  );
}

interface DeviceRowProps {
  session: DeviceSession;
  pending: boolean;
  disabled: boolean;
  onEnd: (session: DeviceSession, label: string) => void;
}

function DeviceRow({ session, pending, disabled, onEnd }: DeviceRowProps) {
  const t = useT(messages);
  const device = describeDevice(session.userAgent);
  const Icon = device.mobile ? Smartphone : Monitor;
  const lastActive = formatDateTime(session.lastSeenAt);
  return (
    <li className="flex flex-col gap-3 p-3 sm:flex-row sm:items-center sm:justify-between sm:p-4">
      <div className="flex min-w-0 items-start gap-3">
        <Icon className="mt-0.5 size-5 shrink-0 text-slate-500" aria-hidden="true" />
        <div className="grid min-w-0 gap-0.5">
          <p className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
            {device.label}
            {session.current && <Badge variant="success">{t('thisDevice')}</Badge>}
          </p>
          <p className="text-sm text-slate-700">{t('signedIn', { when: formatDateTime(session.createdAt) })}</p>
          <p className="text-sm text-slate-700">{t('lastActive', { when: lastActive })}</p>
        </div>
      </div>
      {!session.current && (
        <Button variant="outline" size="sm" className="self-start sm:self-center" disabled={disabled} onClick={() => onEnd(session, device.label)}>
          {pending ? <Loader2 className="animate-spin" aria-hidden="true" /> : <LogOut aria-hidden="true" />}
          {pending ? t('signingOut') : t('signOut')}
          {/* Every row's button reads "Sign out": its full name says which device. */}
          <span className="sr-only">
            {' '}
            {t('signOutWhich', { device: device.label, when: lastActive })}
          </span>
        </Button>
      )}
    </li>
  );
}
