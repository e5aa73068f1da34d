import type { Contest } from '@contract/contests';
import { Ban, Pencil, Send, Trash2 } from 'lucide-react';
import { useState } from 'react';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '../../../components/ui/alert-dialog';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { toast } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n/translate';
import { messages } from '../messages';
import { useSaveContest, type ContestChange } from '../api/contests';
import { editable } from '../utils/contest-form';
import { ContestFormDialog } from './contest-form-dialog';

/**
 * What may be done to a contest in its state: edit (what the state allows), publish a draft, cancel one that is not
 * final, delete a draft. `onDeleted`: the screen showing it moves away.
 */
export function ContestActions({ contest, activeAgents, onDeleted }: { contest: Contest; activeAgents?: number; onDeleted?: () => void }) {
  const t = useT(messages);
  const [editing, setEditing] = useState(false);
  const save = useSaveContest();
  const { state, name } = contest;
  // Told once the request is done, whether or not this contest's row is still on screen (a published, cancelled or
  // deleted contest moves to another group of the list, or leaves it, as the list is read again).
  const run = async (change: ContestChange, success: (saved: Contest | undefined) => { title: string; description: string }, fallback: string) => {
    try {
      toast({ ...success(await save.mutateAsync(change)), variant: 'success' });
      return true;
    } catch (failure) {
      toast({ title: t('error'), description: errorMessage(failure, fallback), variant: 'destructive' });
      return false;
    }
  };
  const publish = () =>
    void run(
      { id: contest.id, update: { draft: false } },
      (saved) => ({ title: t('contestPublished'), description: t('savedText', { what: saved?.state === 'running' ? 'running' : 'scheduled', name }) }),
      t('publishFailed'),
    );
  return (
    <div className="flex flex-wrap gap-2">
      {editable(state) && (
        <>
          <Button variant="outline" size="sm" aria-label={t('editNamed', { name })} aria-haspopup="dialog" onClick={() => setEditing(true)}>
            <Pencil aria-hidden="true" />
            {t('edit')}
          </Button>
          <ContestFormDialog contest={contest} open={editing} onOpenChange={setEditing} activeAgents={activeAgents} />
        </>
      )}
      {state === 'draft' && (
        <Button size="sm" aria-label={t('publishNamed', { name })} disabled={save.isPending} onClick={publish}>
          <Send aria-hidden="true" />
          {t('publish')}
        </Button>
      )}
      {(state === 'scheduled' || state === 'running' || state === 'ended') && (
        <CancelContest name={name} onConfirm={() => void run({ cancel: contest.id }, () => ({ title: t('contestCancelled'), description: name }), t('cancelFailed'))} />
      )}
      {state === 'draft' && (
        <ConfirmDialog
          trigger={
            <Button variant="destructive-outline" size="sm" aria-label={t('deleteNamed', { name })}>
              <Trash2 aria-hidden="true" />
              {t('delete')}
            </Button>
          }
          title={t('deleteDraftTitle')}
          description={t('deleteDraftText', { name })}
          confirmLabel={t('deleteDraft')}
          onConfirm={() =>
            void run({ remove: contest.id }, () => ({ title: t('draftDeleted'), description: name }), t('deleteFailed')).then((done) => done && onDeleted?.())
          }
        />
      )}
    </div>
  );
}

/** Cancelling asks first, with the consequence said: no results, no prizes; kept with its standings. */
function CancelContest({ name, onConfirm }: { name: string; onConfirm: () => void }) {
  const t = useT(messages);
  return (
    <AlertDialog>
      <AlertDialogTrigger asChild>
        <Button variant="destructive-outline" size="sm" aria-label={t('cancelContestNamed', { name })}>
          <Ban aria-hidden="true" />
          {t('cancelContest')}
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{t('cancelContestTitle')}</AlertDialogTitle>
          <AlertDialogDescription>{t('cancelContestText', { name })}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>{t('keepIt')}</AlertDialogCancel>
          <AlertDialogAction onClick={onConfirm}>{t('cancelContest')}</AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
