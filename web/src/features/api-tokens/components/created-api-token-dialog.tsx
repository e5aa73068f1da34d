import type { CreatedApiToken } from '@contract/api-tokens';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { SecretField } from '../../../components/ui/secret-field';

/**
 * An API token just made, with Copy. It is shown this once: the server keeps only its hash, so a lost token means
 * revoking it and making a new one.
 */
export function CreatedApiTokenDialog({ token, onClose }: { token: CreatedApiToken | null; onClose: () => void }) {
  return (
    <Dialog open={token !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>API token created</DialogTitle>
          <DialogDescription>
            Give it to the system that calls the API. It sends the token with every request, as{' '}
            <code className="font-mono text-xs">Authorization: Bearer &lt;token&gt;</code>.
          </DialogDescription>
        </DialogHeader>
        {token && <TokenValue token={token} />}
        <DialogFooter>
          <DialogClose asChild>
            <Button>Done</Button>
          </DialogClose>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

function TokenValue({ token }: { token: CreatedApiToken }) {
  return (
    <div className="grid gap-3">
      <SecretField
        label={`Token for ${token.name}`}
        value={token.token}
        what="token"
        warning="Copy the token now: it cannot be shown again. If it is lost, revoke this token and make a new one. Anyone with the token can do what its scopes allow, so keep it as secret as a password."
      />
    </div>
  );
}
