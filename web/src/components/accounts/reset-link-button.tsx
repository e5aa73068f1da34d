import type { CreatedResetLink } from '@contract/password-resets';
import { KeyRound } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Button } from '../ui/button';
import { toast } from '../ui/use-toast';
import { errorMessage } from '../../lib/api-client';
import { cn } from '../../lib/cn';
import { useCreateResetLink, type ResetLinkAccount } from '../../lib/reset-links';
import { useT } from '../../lib/i18n/translate';
import { messages } from './messages';

const CreatedResetLinkDialog = lazy(() => import('./created-reset-link-dialog').then((m) => ({ default: m.CreatedResetLinkDialog })));

/**
 * "Password link": makes a one-time link with which the person sets a new password (they lost theirs), and shows it
 * once for the owner to hand over. Earlier unused links of the account stop working.
 */
export function ResetLinkButton({ account, className }: { account: ResetLinkAccount; className?: string }) {
  const [link, setLink] = useState<CreatedResetLink | null>(null);
  const t = useT(messages);
  const create = useCreateResetLink({
    onSuccess: setLink,
    onError: (error) => toast({ title: t('error'), description: errorMessage(error, t('makeLinkFailed')), variant: 'destructive' }),
  });
  return (
    <>
      <Button
        variant="outline"
        size="sm"
        className={cn(className)}
        disabled={create.isPending}
        aria-label={t('makeLinkFor', { name: account.name })}
        onClick={() => create.mutate(account)}
      >
        <KeyRound aria-hidden="true" />
        {create.isPending ? t('makingLink') : t('passwordLink')}
      </Button>
      {link && (
        <Suspense fallback={null}>
          <CreatedResetLinkDialog link={link} name={account.name} onClose={() => setLink(null)} />
        </Suspense>
      )}
    </>
  );
}
