import type { CreatedResetLink } from '@contract/password-resets';
import { KeyRound } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Button } from '../ui/button';
import { toast } from '../ui/use-toast';
import { errorMessage } from '../../lib/api-client';
import { cn } from '../../lib/cn';
import { useCreateResetLink, type ResetLinkAccount } from '../../lib/reset-links';

const CreatedResetLinkDialog = lazy(() => import('./created-reset-link-dialog').then((m) => ({ default: m.CreatedResetLinkDialog })));

/**
 * "Password link": makes a one-time link with which the person sets a new password (they lost theirs), and shows it
 * once for the owner to hand over. Earlier unused links of the account stop working.
 */
export function ResetLinkButton({ account, className }: { account: ResetLinkAccount; className?: string }) {
  const [link, setLink] = useState<CreatedResetLink | null>(null);
  const create = useCreateResetLink({
    onSuccess: setLink,
    onError: (error) => toast({ title: 'Error', description: errorMessage(error, 'Failed to make a password link'), variant: 'destructive' }),
  });
  return (
    <>
      <Button
        variant="outline"
        size="sm"
        className={cn(className)}
        disabled={create.isPending}
        aria-label={`Make a password link for ${account.name}`}
        onClick={() => create.mutate(account)}
      >
        <KeyRound aria-hidden="true" />
        {create.isPending ? 'Making link...' : 'Password link'}
      </Button>
      {link && (
        <Suspense fallback={null}>
          <CreatedResetLinkDialog link={link} name={account.name} onClose={() => setLink(null)} />
        </Suspense>
      )}
    </>
  );
}
