import type { AgentSummary } from '@contract/agents';
import { Check, Trash2, UserCheck, UserX, X } from 'lucide-react';
import { AgentDetailLink } from '../../../components/agents/agent-detail-link';
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

export function AgentCard({ agent }: { agent: AgentSummary }) {
  const canEdit = useCanEdit();
  const periods = [
    { label: 'Weekly', value: agent.weeklyIncome },
    { label: 'Monthly', value: agent.monthlyIncome },
    { label: 'Yearly', value: agent.yearlyIncome },
  ];
  return (
    <Card className={cn('flex h-full flex-col', agent.status === 'inactive' && 'bg-slate-50')}>
      <CardHeader className="flex-row items-start justify-between gap-3 pb-4">
        <div className="min-w-0">
          <CardTitle className="[overflow-wrap:anywhere]">
            <AgentDetailLink agentId={agent.id}>{agent.name}</AgentDetailLink>
          </CardTitle>
          <p className="text-sm text-slate-600 [overflow-wrap:anywhere]">{agent.position}</p>
        </div>
        <StatusBadge status={agent.status} />
      </CardHeader>
      <CardContent className="flex-1">
        <dl className="grid grid-cols-3 gap-x-2 gap-y-4">
          <div className="col-span-3 rounded-lg bg-brand-50 px-4 py-3">
            <dt className="text-xs font-medium uppercase tracking-wide text-brand-900">Total Profit</dt>
            <dd className="text-2xl font-bold text-slate-900 tabular-nums">{formatCurrency(agent.totalIncome)}</dd>
          </div>
          {periods.map(({ label, value }) => (
            <div key={label} className="min-w-0">
              <dt className="text-xs text-slate-600">{label}</dt>
              <dd className="truncate font-semibold text-slate-900 tabular-nums">{formatCurrency(value)}</dd>
            </div>
          ))}
          <div className="col-span-3 flex items-center justify-between border-t border-slate-100 pt-3 text-sm">
            <dt className="text-slate-600">Total entries</dt>
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
              <DeleteAgentButton agent={agent} />
            </div>
          )}
        </CardFooter>
      )}
    </Card>
  );
}

function StatusBadge({ status }: { status: AgentSummary['status'] }) {
  if (status === 'pending') return <Badge variant="warning" className="shrink-0 whitespace-nowrap">Pending approval</Badge>;
  if (status === 'inactive') return <Badge variant="outline" className="shrink-0">Inactive</Badge>;
  return <Badge variant="secondary">Agent</Badge>;
}

/** Makes an active agent inactive (after a confirmation saying what that does), or an inactive one active again. */
function ActiveButton({ agent }: { agent: AgentSummary }) {
  const setActive = useSetAgentActive({
    onSuccess: (active) =>
      toast({ title: 'Success', description: active ? `${agent.name} is active again` : `${agent.name} is inactive now`, variant: 'success' }),
    onError: (error) => toast({ title: 'Error', description: errorMessage(error, 'Failed to change the agent'), variant: 'destructive' }),
  });
  if (agent.status === 'inactive') {
    return (
      <Button variant="outline" className="w-full" disabled={setActive.isPending} onClick={() => setActive.mutate({ agentId: agent.id, active: true })}>
        <UserCheck aria-hidden="true" />
        {setActive.isPending ? 'Saving...' : 'Make Active'}
      </Button>
    );
  }
  return (
    <ConfirmDialog
      trigger={
        <Button variant="outline" className="w-full" disabled={setActive.isPending}>
          <UserX aria-hidden="true" />
          {setActive.isPending ? 'Saving...' : 'Make Inactive'}
        </Button>
      }
      title={`Make ${agent.name} inactive?`}
      description="They are signed out everywhere, cannot sign in, and leave the leaderboards and the TV. Their income, tiers and claims stay, and you can make them active again at any time."
      confirmLabel="Make Inactive"
      onConfirm={() => setActive.mutate({ agentId: agent.id, active: false })}
    />
  );
}

function DeleteAgentButton({ agent }: { agent: AgentSummary }) {
  const deleteAgent = useDeleteAgent({
    onSuccess: () => toast({ title: 'Success', description: 'Agent deleted successfully', variant: 'success' }),
    onError: (error) => toast({ title: 'Error', description: errorMessage(error, 'Failed to delete agent'), variant: 'destructive' }),
  });
  const onConfirm = () => deleteAgent.mutate(agent.id);
  return (
    <ConfirmDialog
      trigger={
        <Button variant="destructive-outline" className="w-full" disabled={deleteAgent.isPending}>
          <Trash2 aria-hidden="true" />
          {deleteAgent.isPending ? 'Deleting...' : 'Delete Agent'}
        </Button>
      }
      title={`Delete ${agent.name}?`}
      description="This cannot be undone. It permanently removes the agent and all of the agent's income entries."
      confirmLabel="Delete Agent"
      onConfirm={onConfirm}
    />
  );
}

/** A registration waiting for the owner (sign-up with approval): approve it, or decline it (the account is deleted). */
function PendingAgentActions({ agent }: { agent: AgentSummary }) {
  const approve = useApproveAgent({
    onSuccess: () => toast({ title: 'Success', description: `${agent.name} can sign in now`, variant: 'success' }),
    onError: (error) => toast({ title: 'Error', description: errorMessage(error, 'Failed to approve agent'), variant: 'destructive' }),
  });
  const decline = useDeleteAgent({
    onSuccess: () => toast({ title: 'Success', description: 'Registration declined', variant: 'success' }),
    onError: (error) => toast({ title: 'Error', description: errorMessage(error, 'Failed to decline registration'), variant: 'destructive' }),
  });
  const busy = approve.isPending || decline.isPending;
  return (
    <div className="grid w-full grid-cols-2 gap-2">
      <Button onClick={() => approve.mutate(agent.id)} disabled={busy} aria-label={`Approve ${agent.name}`}>
        <Check aria-hidden="true" />
        {approve.isPending ? 'Approving...' : 'Approve'}
      </Button>
      <ConfirmDialog
        trigger={
          <Button variant="destructive-outline" disabled={busy} aria-label={`Decline ${agent.name}`}>
            <X aria-hidden="true" />
            {decline.isPending ? 'Declining...' : 'Decline'}
          </Button>
        }
        title={`Decline ${agent.name}?`}
        description={`This deletes the registration of ${agent.email}. They cannot sign in, and would have to register again.`}
        confirmLabel="Decline"
        onConfirm={() => decline.mutate(agent.id)}
      />
    </div>
  );
}
