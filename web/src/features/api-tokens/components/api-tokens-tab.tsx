import type { ApiToken, CreatedApiToken } from '@contract/api-tokens';
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
import { NewApiTokenDialog, SCOPE_LABELS } from './new-api-token-dialog';
import { useNow } from '../../../hooks/use-now';
import { part, PART, withPart, withParts } from '../../../components/ui/message-part';
import { useT } from '../../../lib/i18n/translate';
import { messages } from '../messages';

/** How often a token shown as active is checked again for having expired while the tab is open. */
const EXPIRY_CHECK_MS = 60_000;

/** Owner only (docs/decisions/0017-tokens-lists-and-exports.md): the tokens other systems send instead of a password. */
export function ApiTokensTab() {
  const t = useT(messages);
  const tokens = useApiTokens();
  const [created, setCreated] = useState<CreatedApiToken | null>(null);
  const now = useNow(EXPIRY_CHECK_MS);
  return (
    <section aria-labelledby="api-tokens-heading" className="grid grid-cols-1 gap-6">
      <SectionHeading
        id="api-tokens-heading"
        title={t('apiTokens')}
        description={t('apiTokensDescription')}
      >
        <NewApiTokenDialog onCreated={setCreated} />
      </SectionHeading>
      <CreatedApiTokenDialog token={created} onClose={() => setCreated(null)} />
      <HowTokensWork />
      {tokens.isPending ? (
        <Spinner label={t('loadingTokens')} className="min-h-40" />
      ) : tokens.isError ? (
        <LoadError error={tokens.error} fallback={t('tokensFailed')} />
      ) : tokens.data.tokens.length === 0 ? (
        <EmptyState icon={KeyRound} title={t('emptyTitle')} description={t('emptyDescription')} />
      ) : (
        <Card>
          <CardHeader>
            <CardTitle id="api-tokens-list-heading">{t('activeTokens')}</CardTitle>
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
  const t = useT(messages);
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
          {t('howTitle')}
        </CardTitle>
      </CardHeader>
      <CardContent className="grid grid-cols-1 gap-4">
        <ul className="grid list-disc gap-1.5 pl-5 text-sm text-slate-700">
          <li>{withPart(t('how1', { header: PART }), <code className="font-mono text-xs">Authorization: Bearer &lt;token&gt;</code>)}</li>
          <li>{t('how2')}</li>
          <li>{t('how3')}</li>
          <li>{t('how4')}</li>
          <li>
            {withParts(t('how5', { header: part(0), field: part(1) }), [
              <code key="0" className="font-mono text-xs">
                Idempotency-Key
              </code>,
              <code key="1" className="font-mono text-xs">
                externalId
              </code>,
            ])}
          </li>
        </ul>
        <figure className="grid min-w-0 grid-cols-1 gap-1.5">
          <figcaption className="text-sm font-medium text-slate-900">{t('exampleTitle')}</figcaption>
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
  const t = useT(messages);
  const revoke = useRevokeApiToken({
    onSuccess: () => toast({ title: t('success'), description: t('revoked', { name: token.name }), variant: 'success' }),
    onError: (error) => toast({ title: t('error'), description: errorMessage(error, t('revokeFailed')), variant: 'destructive' }),
  });
  const expired = token.expiresAt !== null && new Date(token.expiresAt).getTime() <= now;
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3">
      <div className="grid min-w-0 gap-1.5">
        <p className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
          <span className="min-w-0 [overflow-wrap:anywhere]">{token.name}</span>
          {expired && <Badge variant="destructive">{t('expired')}</Badge>}
        </p>
        <ul className="flex flex-wrap gap-1.5" aria-label={t('scopesOf', { name: token.name })}>
          {token.scopes.map((scope) => (
            <li key={scope}>
              <Badge variant="secondary">{t(SCOPE_LABELS[scope])}</Badge>
            </li>
          ))}
        </ul>
        <p className="grid gap-0.5 text-xs text-slate-600 sm:flex sm:flex-wrap sm:gap-x-4">
          <span>{withPart(t('createdAt', { time: PART }), <time dateTime={token.createdAt}>{formatDateTime(token.createdAt)}</time>)}</span>
          <span>
            {token.expiresAt === null
              ? t('neverExpires')
              : withPart(
                  expired ? t('expiredAt', { time: PART }) : t('expiresAt', { time: PART }),
                  <time dateTime={token.expiresAt}>{formatDateTime(token.expiresAt)}</time>,
                )}
          </span>
          <span>
            {token.lastUsedAt === null
              ? t('neverUsed')
              : withPart(t('lastUsed', { time: PART }), <time dateTime={token.lastUsedAt}>{formatDateTime(token.lastUsedAt)}</time>)}
          </span>
        </p>
      </div>
      <ConfirmDialog
        trigger={
          <Button variant="destructive-outline" size="sm" disabled={revoke.isPending} aria-label={t('revokeLabel', { name: token.name })}>
            <Ban aria-hidden="true" />
            {revoke.isPending ? t('revoking') : t('revoke')}
          </Button>
        }
        title={t('revokeTitle', { name: token.name })}
        description={t('revokeDescription')}
        confirmLabel={t('revokeConfirm')}
        onConfirm={() => revoke.mutate(token.id)}
      />
    </li>
  );
}
