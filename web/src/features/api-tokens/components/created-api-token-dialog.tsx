import type { CreatedApiToken } from '@contract/api-tokens';
import { ShownOnceDialog } from '../../../components/ui/shown-once-dialog';

/** An API token just made: the server keeps only its hash, so a lost token means revoking it and making a new one. */
export function CreatedApiTokenDialog({ token, onClose }: { token: CreatedApiToken | null; onClose: () => void }) {
  const warning =
    'Copy the token now: it cannot be shown again. If it is lost, revoke this token and make a new one. Anyone with the token can do what its scopes allow, so keep it as secret as a password.';
  return (
    <ShownOnceDialog
      title="API token created"
      description={
        <>
          Give it to the system that calls the API. It sends the token with every request, as{' '}
          <code className="font-mono text-xs">Authorization: Bearer &lt;token&gt;</code>.
        </>
      }
      secret={token && { label: `Token for ${token.name}`, value: token.token, what: 'token', warning }}
      onClose={onClose}
    />
  );
}
