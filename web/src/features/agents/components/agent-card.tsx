import type { AgentListItem, AgentSummary } from '@contract/agents';
import { Check, Pencil, Trash2, UserCheck, UserX, X } from 'lucide-react';
import { useRef, useState } from 'react';
import { AgentDetailLink } from '../../../components/agents/agent-detail-link';
import { ActionsMenu, type MenuAction } from '../../../components/ui/actions-menu';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { toast } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/api-client';
import { useCanEdit } from '../../../lib/authorization';
import { formatCount, formatCurrency } from '../../../lib/format';
import { useApproveAgent } from '../api/approve-agent';
import { useDeleteAgent } from '../api/delete-agent';
import { useSetAgentActive } from '../api/set-agent-active';
import { cn } from '../../../lib/cn';
import { ResetLinkButton } from '../../../components/accounts/reset-link-button';
import { EditAgentDialog } from './edit-agent-dialog';
import { useT } from '../../../lib/i18n/translate';
import { messages } from '../messages';

/**
 * An agent on the agents tab: who it is (position, highest tier reached, team), its income by period, and for the owner
 * its actions: the frequent ones on its face, Edit and Delete in its "More actions" menu.
 */
export function AgentCard({ agent }: { agent: AgentListItem }) {
  const t = useT(messages);
  const canEdit = useCanEdit();
  const periods = [
    { label: t('weekly'), value: agent.weeklyIncome },
    { label: t('monthly'), value: agent.monthlyIncome },
    { label: t('yearly'), value: agent.yearlyIncome },
  ];
  return (
    <Card className={cn('flex h-full flex-col', agent.status === 'inactive' && 'bg-slate-50')}>
      <CardHeader className="flex-row items-start justify-between gap-3 pb-4">
        <div className="min-w-0">
          <CardTitle className="[overflow-wrap:anywhere]">
            <AgentDetailLink agentId={agent.id}>{agent.name}</AgentDetailLink>
          </CardTitle>
          <p className="text-sm text-slate-600 [overflow-wrap:anywhere]">{agent.position}</p>
          <AgentPlacing agent={agent} />
        </div>
        <div className="flex shrink-0 items-center gap-1">
          <StatusBadge status={agent.status} />
          {canEdit && <AgentActionsMenu agent={agent} />}
        </div>
      </CardHeader>
      <CardContent className="flex-1">
        <dl className="grid grid-cols-3 gap-x-2 gap-y-4">
          <div className="col-span-3 rounded-lg bg-brand-50 px-4 py-3">
            <dt className="text-xs font-medium uppercase tracking-wide text-brand-900">{t('totalProfit')}</dt>
            <dd className="text-2xl font-bold text-slate-900 tabular-nums">{formatCurrency(agent.totalIncome)}</dd>
          </div>
          {periods.map(({ label, value }) => (
            <div key={label} className="min-w-0">
              <dt className="text-xs text-slate-600">{label}</dt>
              <dd className="truncate font-semibold text-slate-900 tabular-nums">{formatCurrency(value)}</dd>
            </div>
          ))}
          <div className="col-span-3 flex items-center justify-between border-t border-slate-100 pt-3 text-sm">
            <dt className="text-slate-600">{t('totalEntries')}</dt>
            <dd className="font-semibold text-slate-900 tabular-nums">{formatCount(agent.totalEntries)}</dd>
          </div>
        </dl>
      </CardContent>
      {canEdit && (
        <CardFooter>
          {agent.status === 'pending' ? (
            <PendingAgentActions agent={agent} />
          ) : (
            <div className="grid w-full gap-2">
              {agent.status === 'active' && <ResetLinkButton account={{ kind: 'agent', id: agent.id, name: agent.name }} className="w-full" />}
              <ActiveButton agent={agent} />
            </div>
          )}
        </CardFooter>
      )}
    </Card>
  );
}

function StatusBadge({ status }: { status: AgentSummary['status'] }) {
  const t = useT(messages);
  if (status === 'pending') return <Badge variant="warning" className="shrink-0 whitespace-nowrap">{t('pendingApproval')}</Badge>;
  if (status === 'inactive') return <Badge variant="outline" className="shrink-0">{t('inactive')}</Badge>;
  return <Badge variant="secondary">{t('agent')}</Badge>;
}

/** Makes an active agent inactive (after a confirmation saying what that does), or an inactive one active again. */
function ActiveButton({ agent }: { agent: AgentSummary }) {
  const t = useT(messages);
  const setActive = useSetAgentActive({
    onSuccess: (active) =>
      toast({ title: t('success'), description: active ? t('activeAgain', { name: agent.name }) : t('inactiveNow', { name: agent.name }), variant: 'success' }),
    onError: (error) => toast({ title: t('error'), description: errorMessage(error, t('changeFailed')), variant: 'destructive' }),
  });
  if (agent.status === 'inactive') {
    return (
      <Button variant="outline" className="w-full" disabled={setActive.isPending} onClick={() => setActive.mutate({ agentId: agent.id, active: true })}>
        <UserCheck aria-hidden="true" />
        {setActive.isPending ? t('saving') : t('makeActive')}
      </Button>
    );
  }
  return (
    <ConfirmDialog
      trigger={
        <Button variant="outline" className="w-full" disabled={setActive.isPending}>
          <UserX aria-hidden="true" />
          {setActive.isPending ? t('saving') : t('makeInactive')}
        </Button>
      }
      title={t('makeInactiveTitle', { name: agent.name })}
      description={t('makeInactiveText')}
      confirmLabel={t('makeInactive')}
      onConfirm={() => setActive.mutate({ agentId: agent.id, active: false })}
    />
  );
}

/** The agent's highest tier reached (as on its page and in the export) and its team. */
function AgentPlacing({ agent }: { agent: AgentListItem }) {
  const t = useT(messages);
  return (
    <dl className="mt-1.5 flex flex-wrap gap-x-4 gap-y-1 text-sm">
      <div className="flex min-w-0 items-center gap-1.5">
        <dt className="text-slate-600">{t('tier')}</dt>
        <dd className="flex min-w-0 items-center gap-1.5 font-medium text-slate-900">
          {agent.tier ? (
            <>
              <span aria-hidden="true" className="size-2.5 shrink-0 rounded-full ring-1 ring-slate-900/20" style={{ backgroundColor: agent.tier.color }} />
              {agent.tier.name}
            </>
          ) : (
            <span className="font-normal text-slate-600">{t('noneYet')}</span>
          )}
        </dd>
      </div>
      <div className="flex min-w-0 items-center gap-1.5">
        <dt className="text-slate-600">{t('team')}</dt>
        <dd className="min-w-0 font-medium text-slate-900 [overflow-wrap:anywhere]">{agent.team ? agent.team.name : <span className="font-normal text-slate-600">{t('none')}</span>}</dd>
      </div>
    </dl>
  );
}

/**
 * "More actions": Edit, and Delete for an agent who is not waiting for approval (Decline does that on its face). Each
 * opens its dialog; closing it gives the focus back to the menu's button.
 */
function AgentActionsMenu({ agent }: { agent: AgentListItem }) {
  const t = useT(messages);
  const [dialog, setDialog] = useState<'edit' | 'delete' | null>(null);
  const menuButton = useRef<HTMLButtonElement>(null);
  // The dialogs have no trigger of their own: closing one gives the focus back to the menu's button.
  const focusMenuButton = (event: Event) => {
    event.preventDefault();
    menuButton.current?.focus();
  };
  const deleteAgent = useDeleteAgent({
    onSuccess: () => toast({ title: t('success'), description: t('deleted'), variant: 'success' }),
    onError: (error) => toast({ title: t('error'), description: errorMessage(error, t('deleteFailed')), variant: 'destructive' }),
  });
  const actions: MenuAction[] = [{ label: t('editAgent'), icon: <Pencil aria-hidden="true" />, onSelect: () => setDialog('edit') }];
  if (agent.status !== 'pending') {
    actions.push({ label: deleteAgent.isPending ? t('deleting') : t('deleteAgent'), icon: <Trash2 aria-hidden="true" />, destructive: true, onSelect: () => setDialog('delete') });
  }
  const onOpenChange = (open: boolean) => {
    if (!open) setDialog(null);
  };
  return (
    <>
      <ActionsMenu label={t('moreActions', { name: agent.name })} actions={actions} buttonRef={menuButton} />
      <EditAgentDialog agent={agent} open={dialog === 'edit'} onOpenChange={onOpenChange} onCloseAutoFocus={focusMenuButton} />
      <ConfirmDialog
        open={dialog === 'delete'}
        onOpenChange={onOpenChange}
        onCloseAutoFocus={focusMenuButton}
        title={t('deleteTitle', { name: agent.name })}
        description={t('deleteText')}
        confirmLabel={t('deleteAgent')}
        onConfirm={() => deleteAgent.mutate(agent.id)}
      />
    </>
  );
}

/** A registration waiting for the owner (sign-up with approval): approve it, or decline it (the account is deleted). */
function PendingAgentActions({ agent }: { agent: AgentSummary }) {
  const t = useT(messages);
  const approve = useApproveAgent({
    onSuccess: () => toast({ title: t('success'), description: t('canSignIn', { name: agent.name }), variant: 'success' }),
    onError: (error) => toast({ title: t('error'), description: errorMessage(error, t('approveFailed')), variant: 'destructive' }),
  });
  const decline = useDeleteAgent({
    onSuccess: () => toast({ title: t('success'), description: t('declined'), variant: 'success' }),
    onError: (error) => toast({ title: t('error'), description: errorMessage(error, t('declineFailed')), variant: 'destructive' }),
  });
  const busy = approve.isPending || decline.isPending;
  return (
    <div className="grid w-full grid-cols-2 gap-2">
      <Button onClick={() => approve.mutate(agent.id)} disabled={busy} aria-label={t('approveName', { name: agent.name })}>
        <Check aria-hidden="true" />
        {approve.isPending ? t('approving') : t('approve')}
      </Button>
      <ConfirmDialog
        trigger={
          <Button variant="destructive-outline" disabled={busy} aria-label={t('declineName', { name: agent.name })}>
            <X aria-hidden="true" />
            {decline.isPending ? t('declining') : t('decline')}
          </Button>
        }
        title={t('declineTitle', { name: agent.name })}
        description={t('declineText', { email: agent.email })}
        confirmLabel={t('decline')}
        onConfirm={() => decline.mutate(agent.id)}
      />
    </div>
  );
}
