import type { Connector, UnmatchedOwnerList } from '@contract/connectors';
import { UserCheck } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { AgentCombobox } from '../../../components/agents/agent-combobox';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { LoadError } from '../../../components/ui/load-error';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/use-toast';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { formatCurrency2, formatDateTime } from '../../../lib/format';
import { PART, withPart } from '../../../components/ui/message-part';
import { useT } from '../../../lib/i18n/translate';
import { messages } from '../messages';
import { connectorKeys, useMapUnmatchedOwner, useUnmatchedOwners } from '../api/connectors';

type UnmatchedOwner = UnmatchedOwnerList['owners'][number];

/**
 * "Waiting for an agent": the CRM users whose won deals match no agent, each with an agent picker. Mapping one is
 * remembered (their later deals are recorded by themselves) and records the deals waiting now.
 */
export function UnmatchedOwners({ connector }: { connector: Connector }) {
  const t = useT(messages);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const headingId = useId();
  const unmatched = useUnmatchedOwners(connector.id);
  useListCountsFollow(connector, unmatched.data);
  // Here rather than in the row: the row goes once its deals are recorded, and what the mapping did is told after.
  const map = useMapUnmatchedOwner(connector);
  const mapOwner: MapOwner = (ownerKey, agent, refused) =>
    map.mutate(
      { ownerKey, agentId: agent.id },
      {
        onSuccess: (mapped) => {
          // The row goes once its deals are recorded: the focus goes back to the section's heading.
          headingRef.current?.focus();
          toast({
            title: t('mappedTitle', { count: mapped.recorded, agent: agent.name }),
            description: t('mappedDescription', { owner: ownerKey, agent: agent.name }),
            variant: 'success',
          });
        },
        onError: (failure) => {
          // The server's reason about the agent (switched off, gone) goes under the picker.
          const reason = failure instanceof ApiError ? failure.issues.find((issue) => issue.path === 'agentId')?.message : undefined;
          if (reason) refused(reason);
          else toast({ title: t('error'), description: errorMessage(failure, t('mapFailed')), variant: 'destructive' });
        },
      },
    );
  return (
    <section aria-labelledby={headingId} className="grid min-w-0 gap-3">
      <h3 id={headingId} ref={headingRef} tabIndex={-1} className="text-base font-semibold text-slate-900 outline-none">
        {t('waitingHeading')}
      </h3>
      {unmatched.isPending ? (
        <Spinner label={t('loadingWaiting')} className="min-h-16" />
      ) : unmatched.isError ? (
        <LoadError error={unmatched.error} fallback={t('waitingFailed')} />
      ) : unmatched.data.owners.length === 0 ? (
        <p className="text-sm text-slate-600">{t('noneWaiting')}</p>
      ) : (
        <>
          <p className="text-sm text-slate-600">
            {t('waitingIntro')}
          </p>
          <ul className="min-w-0 divide-y divide-slate-100 rounded-lg border border-slate-200" aria-label={t('waitingList')}>
            {unmatched.data.owners.map((owner) =>
              // The server lists won deals with no owner under an empty key.
              owner.ownerKey === '' ? (
                <NoOwnerRow key="" owner={owner} />
              ) : (
                <UnmatchedOwnerRow key={owner.ownerKey} owner={owner} onMap={mapOwner} mapping={map.isPending ? map.variables.ownerKey : null} />
              ),
            )}
          </ul>
        </>
      )}
    </section>
  );
}

/**
 * The list's "N deals waiting" was read before the deliveries this read shows (they come from the CRM, unannounced):
 * when the two disagree, the list is read again.
 */
function useListCountsFollow(connector: Connector, read: UnmatchedOwnerList | undefined) {
  const queryClient = useQueryClient();
  const waiting = read?.owners.reduce((sum, owner) => sum + owner.deals, 0);
  useEffect(() => {
    if (waiting !== undefined && waiting !== connector.unmatched) void queryClient.invalidateQueries({ queryKey: connectorKeys.all, exact: true });
  }, [waiting, connector.unmatched, queryClient]);
}

/** Maps a CRM user to an agent; `refused` puts the server's reason about the agent under the picker. */
type MapOwner = (ownerKey: string, agent: { id: number; name: string }, refused: (reason: string) => void) => void;

function Waiting({ owner }: { owner: UnmatchedOwner }) {
  const t = useT(messages);
  return (
    <span className="text-xs text-slate-600">
      {withPart(
        t('waitingSince', { count: owner.deals, amount: formatCurrency2(owner.amount), since: PART }),
        <time dateTime={owner.firstSeenAt}>{formatDateTime(owner.firstSeenAt)}</time>,
      )}
    </span>
  );
}

/** Won deals that have no owner in the CRM: no agent to pick, the CRM has to name one. */
function NoOwnerRow({ owner }: { owner: UnmatchedOwner }) {
  const t = useT(messages);
  return (
    <li className="grid min-w-0 gap-1 p-3">
      <p className="flex flex-wrap items-baseline gap-x-3 gap-y-1 text-sm text-slate-900">
        <span>{t('noOwner')}</span>
        <Waiting owner={owner} />
      </p>
      <p className="text-xs text-slate-600">{t('noOwnerHint')}</p>
    </li>
  );
}

function UnmatchedOwnerRow({ owner, onMap, mapping }: { owner: UnmatchedOwner; onMap: MapOwner; mapping: string | null }) {
  const t = useT(messages);
  const [agentId, setAgentId] = useState('');
  const [error, setError] = useState<string>();
  // The picker shows the chosen agent's name in its input: the toast names the agent from it.
  const pickerRef = useRef<HTMLInputElement>(null);
  const refuse = (reason: string) => {
    setError(reason);
    pickerRef.current?.focus();
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (agentId === '') return refuse(t('pickFirst'));
    onMap(owner.ownerKey, { id: Number(agentId), name: pickerRef.current?.value || t('theAgent') }, refuse);
  };
  const pending = mapping === owner.ownerKey;
  return (
    // A CRM user id can be long and unbroken (Salesforce's, an email): it wraps anywhere, its label too.
    <li className="grid min-w-0 gap-2 p-3 [overflow-wrap:anywhere]">
      <p className="flex flex-wrap items-baseline gap-x-3 gap-y-1 text-sm text-slate-900">
        <span className="min-w-0">{withPart(t('crmUser', { owner: PART }), <code className="font-mono text-xs">{owner.ownerKey}</code>)}</span>
        <Waiting owner={owner} />
      </p>
      <form onSubmit={onSubmit} noValidate className="grid grid-cols-[minmax(0,1fr)] gap-2 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-start">
        <FormField label={t('agentFor', { owner: owner.ownerKey })} error={error}>
          <AgentCombobox
            inputRef={pickerRef}
            onChange={(id) => {
              setAgentId(id);
              setError(undefined);
            }}
            disabled={mapping !== null}
          />
        </FormField>
        <Button type="submit" disabled={mapping !== null} className="sm:mt-6" aria-label={t('mapLabel', { owner: owner.ownerKey })}>
          <UserCheck aria-hidden="true" />
          {pending ? t('mapping') : t('map')}
        </Button>
      </form>
    </li>
  );
}
