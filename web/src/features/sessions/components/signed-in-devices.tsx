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

  // This device first, the others as the server orders them (most recently used first).
  const sessions = list.data ? [...list.data.sessions].sort((a, b) => Number(b.current) - Number(a.current)) : [];
  const others = sessions.filter((session) => !session.current);

  // The signed-out row (or the list's last action) is gone: the focus goes back to the card's heading.
  const focusCard = () => headingRef.current?.focus();

  const onEndOne = (session: DeviceSession, label: string) =>
    endOne.mutateAsync(session).then(
      () => {
        if (session.current) return;
        toast({ title: 'Device signed out', description: `${label} is signed out.`, variant: 'success' });
        focusCard();
      },
      (error: unknown) => toast({ title: 'Error', description: errorMessage(error, 'Failed to sign the device out'), variant: 'destructive' }),
    );

  const onEndOthers = () =>
    endOthers.mutateAsync().then(
      ({ ended }) => {
        const description = ended === 0 ? 'No other device was signed in.' : `${ended} ${ended === 1 ? 'device was' : 'devices were'} signed out.`;
        toast({ title: 'Other devices signed out', description, variant: 'success' });
        focusCard();
      },
      (error: unknown) => toast({ title: 'Error', description: errorMessage(error, 'Failed to sign the other devices out'), variant: 'destructive' }),
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
          Signed-in devices
        </h2>
        <CardDescription>Where you are signed in. Sign out of any device you no longer use or do not recognise.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4 p-4 pt-0 sm:p-6 sm:pt-0">
        {list.isPending ? (
          <Spinner label="Loading your devices..." className="min-h-32" />
        ) : list.isError ? (
          <LoadError error={list.error} fallback="Failed to load your devices" />
        ) : sessions.length === 0 ? (
          <EmptyState icon={MonitorSmartphone} title="No signed-in devices" description="Devices you sign in on are listed here." />
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
                {endOthers.isPending ? 'Signing out...' : 'Sign out all other devices'}
              </Button>
              {others.length === 0 && <p className="text-sm text-slate-700">You are signed in on this device only.</p>}
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
            {session.current && <Badge variant="success">This device</Badge>}
          </p>
          <p className="text-sm text-slate-700">Signed in {formatDateTime(session.createdAt)}</p>
          <p className="text-sm text-slate-700">Last active {lastActive}</p>
        </div>
      </div>
      {!session.current && (
        <Button variant="outline" size="sm" className="self-start sm:self-center" disabled={disabled} onClick={() => onEnd(session, device.label)}>
          {pending ? <Loader2 className="animate-spin" aria-hidden="true" /> : <LogOut aria-hidden="true" />}
          {pending ? 'Signing out...' : 'Sign out'}
          {/* Every row's button reads "Sign out": its full name says which device. */}
          <span className="sr-only">
            {' '}
            {device.label}, last active {lastActive}
          </span>
        </Button>
      )}
    </li>
  );
}
