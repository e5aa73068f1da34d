import type { AgentBadge } from '@contract/badges';
import { Download, Loader2 } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/api-client';
import { useBadgeCredential } from '../api/badges';
import { useT } from '../../../lib/i18n/translate';
import { messages } from '../messages';
import { credentialFileName } from '../utils/badge-text';

/** Saves a file from text, as a download the browser names `fileName`. */
function saveFile(text: string, fileName: string, type: string) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = fileName;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  // The click has started the download by the time the next task runs.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * Saves the signed-in agent's badge as its Open Badges 3.0 credential: the VC-JWT the server signs when asked, in a
 * `.jwt` file named after the badge.
 */
export function DownloadCredentialButton({ badge }: { badge: AgentBadge }) {
  const t = useT(messages);
  const credential = useBadgeCredential();
  const download = () =>
    credential.mutate(badge.id, {
      onSuccess: ({ jwt }) => {
        const fileName = credentialFileName(badge.name);
        saveFile(jwt, fileName, 'application/vc+jwt');
        toast({ title: t('credentialSaved'), description: t('credentialSavedDescription', { name: badge.name, fileName }), variant: 'success' });
      },
      onError: (error) => toast({ title: t('error'), description: errorMessage(error, t('credentialFailed')), variant: 'destructive' }),
    });
  return (
    <Button type="button" variant="outline" size="sm" disabled={credential.isPending} onClick={download}>
      {credential.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Download aria-hidden="true" />}
      {t('downloadCredential')}
      <span className="sr-only"> {t('downloadCredentialOf', { name: badge.name })}</span>
    </Button>
  );
}
