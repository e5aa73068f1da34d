import { API_SCOPE_LABELS, type ApiToken, type CreatedApiToken } from '@contract/api-tokens';
import { Ban, KeyRound } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadError } from '../../../components/ui/load-error';
import { SectionHeading } from '../../../components/ui/section-heading';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { useApiTokens } from '../api/get-api-tokens';
import { useRevokeApiToken } from '../api/revoke-api-token';
import { CreatedApiTokenDialog } from './created-api-token-dialog';
import { NewApiTokenDialog } from './new-api-token-dialog';
import { useNow } from '../../../hooks/use-now';

/** How often a token shown as active is checked again for having expired while the tab is open. */
const EXPIRY_CHECK_MS = 60_000;

/** Owner only (docs/decisions/0017-tokens-lists-and-exports.md): the tokens other systems send instead of a password. */
export function ApiTokensTab() {
  const tokens = useApiTokens();
  const [created, setCreated] = useState<CreatedApiToken | null>(null);
  const now = useNow(EXPIRY_CHECK_MS);
  return (
    <section aria-labelledby="api-tokens-heading" className="grid grid-cols-1 gap-6">
      <SectionHeading
        id="api-tokens-heading"
        title="API Tokens"
        description="Let a CRM or a script read figures and record entries, without a password."
      >
        <NewApiTokenDialog onCreated={setCreated} />
      </SectionHeading>
      <CreatedApiTokenDialog token={created} onClose={() => setCreated(null)} />
      <HowTokensWork />
      {tokens.isPending ? (
        <Spinner label="Loading API tokens..." className="min-h-40" />
      ) : tokens.isError ? (
        <LoadError error={tokens.error} fallback="Failed to load the API tokens" />
      ) : tokens.data.tokens.length === 0 ? (
        <EmptyState icon={KeyRound} title="No API tokens yet" description="Make one for each system that should reach the figures." />
      ) : (
        <Card>
          <CardHeader>
            <CardTitle id="api-tokens-list-heading">Active tokens</CardTitle>
          </CardHeader>
          <CardContent>
            <ul className="divide-y divide-slate-100" aria-labelledby="api-tokens-list-heading">
              {tokens.data.tokens.map((token) => (
                <ApiTokenRow key={token.id} token={token} now={now} />
              ))}
            </ul>
          </CardContent>
        </Card>
      )}
    </section>
  );
}

function HowTokensWork() {
  // The example posts to this very server: only the token and the agent's id need filling in.
  const example = [
    `curl ${window.location.origin}/api/income-entries \\`,
    `  -H "Authorization: Bearer tt_your_token" \\`,
    `  -H "Content-Type: application/json" \\`,
    `  -H "Idempotency-Key: deal-4711" \\`,
    `  -d '{"agentId": 12, "amount": "1500.00",`,
    `       "description": "Deal 4711", "externalId": "crm-deal-4711"}'`,
  ];
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <KeyRound className="size-5 text-brand-600" aria-hidden="true" />
          How API tokens work
        </CardTitle>
      </CardHeader>
      <CardContent className="grid grid-cols-1 gap-4">
        <ul className="grid list-disc gap-1.5 pl-5 text-sm text-slate-700">
          <li>
            The other system sends the token with every request, as the header <code className="font-mono text-xs">Authorization: Bearer &lt;token&gt;</code>.
          </li>
          <li>
            A token may do only what its scopes allow: read the figures a manager sees (never addresses or phone numbers), record income entries,
            add agents.
          </li>
          <li>The token is shown once, when you make it; only a hash of it is kept. A lost token cannot be shown again: revoke it and make a new one.</li>
          <li>Revoke a token to stop it at once: its next request is refused.</li>
          <li>
            Send an <code className="font-mono text-xs">Idempotency-Key</code> header and an <code className="font-mono text-xs">externalId</code>{' '}
            with each entry: a request sent again after a timeout then records the entry only once.
          </li>
        </ul>
        <figure className="grid min-w-0 grid-cols-1 gap-1.5">
          <figcaption className="text-sm font-medium text-slate-900">Example: record an entry</figcaption>
          {/* Scrolled sideways on a phone rather than wrapped: a wrapped shell line reads as two. Focusable, so that the
              keyboard can scroll it too. */}
          <pre
            tabIndex={0}
            className="overflow-x-auto rounded-lg bg-slate-900 p-3 text-xs leading-relaxed text-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
          >
            <code>{example.join('\n')}</code>
          </pre>
        </figure>
      </CardContent>
    </Card>
  );
}

function ApiTokenRow({ token, now }: { token: ApiToken; now: number }) {
  const revoke = useRevokeApiToken({
    onSuccess: () => toast({ title: 'Success', description: `${token.name} revoked`, variant: 'success' }),
    onError: (error) => toast({ title: 'Error', description: errorMessage(error, 'Failed to revoke the API token'), variant: 'destructive' }),
  });
  const expired = token.expiresAt !== null && new Date(token.expiresAt).getTime() <= now;
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3">
      <div className="grid min-w-0 gap-1.5">
        <p className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
          <span className="min-w-0 [overflow-wrap:anywhere]">{token.name}</span>
          {expired && <Badge variant="destructive">Expired</Badge>}
        </p>
        <ul className="flex flex-wrap gap-1.5" aria-label={`Scopes of ${token.name}`}>
          {token.scopes.map((scope) => (
            <li key={scope}>
              <Badge variant="secondary">{API_SCOPE_LABELS[scope]}</Badge>
            </li>
          ))}
        </ul>
        <p className="grid gap-0.5 text-xs text-slate-600 sm:flex sm:flex-wrap sm:gap-x-4">
          <span>
            Created <time dateTime={token.createdAt}>{formatDateTime(token.createdAt)}</time>
          </span>
          <span>
            {token.expiresAt === null ? (
              'Never expires'
            ) : (
              <>
                {expired ? 'Expired' : 'Expires'} <time dateTime={token.expiresAt}>{formatDateTime(token.expiresAt)}</time>
              </>
            )}
          </span>
          <span>
            {token.lastUsedAt === null ? (
              'Never used'
            ) : (
              <>
                Last used <time dateTime={token.lastUsedAt}>{formatDateTime(token.lastUsedAt)}</time>
              </>
            )}
          </span>
        </p>
      </div>
      <ConfirmDialog
        trigger={
          <Button variant="destructive-outline" size="sm" disabled={revoke.isPending} aria-label={`Revoke ${token.name}`}>
            <Ban aria-hidden="true" />
            {revoke.isPending ? 'Revoking...' : 'Revoke'}
          </Button>
        }
        title={`Revoke ${token.name}?`}
        description="Requests with this token are refused from now on. This cannot be undone: make a new token to let the system in again."
        confirmLabel="Revoke Token"
        onConfirm={() => revoke.mutate(token.id)}
      />
    </li>
  );
}
