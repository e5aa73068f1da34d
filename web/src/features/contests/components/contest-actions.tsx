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
import { useSaveContest, type ContestChange } from '../api/contests';
import { editable } from '../utils/contest-form';
import { ContestFormDialog } from './contest-form-dialog';

/**
 * What may be done to a contest in its state: edit (what the state allows), publish a draft, cancel one that is not
 * final, delete a draft. `onDeleted`: the screen showing it moves away.
 */
export function ContestActions({ contest, activeAgents, onDeleted }: { contest: Contest; activeAgents?: number; onDeleted?: () => void }) {
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
      toast({ title: 'Error', description: errorMessage(failure, fallback), variant: 'destructive' });
      return false;
    }
  };
  const publish = () =>
    void run(
      { id: contest.id, update: { draft: false } },
      (saved) => ({ title: 'Contest published', description: `${name} ${saved?.state === 'running' ? 'is running from today.' : 'is scheduled.'}` }),
      'Failed to publish the contest',
    );
  return (
    <div className="flex flex-wrap gap-2">
      {editable(state) && (
        <>
          <Button variant="outline" size="sm" aria-label={`Edit ${name}`} aria-haspopup="dialog" onClick={() => setEditing(true)}>
            <Pencil aria-hidden="true" />
            Edit
          </Button>
          <ContestFormDialog contest={contest} open={editing} onOpenChange={setEditing} activeAgents={activeAgents} />
        </>
      )}
      {state === 'draft' && (
        <Button size="sm" aria-label={`Publish ${name}`} disabled={save.isPending} onClick={publish}>
          <Send aria-hidden="true" />
          Publish
        </Button>
      )}
      {(state === 'scheduled' || state === 'running' || state === 'ended') && (
        <CancelContest name={name} onConfirm={() => void run({ cancel: contest.id }, () => ({ title: 'Contest cancelled', description: name }), 'Failed to cancel the contest')} />
      )}
      {state === 'draft' && (
        <ConfirmDialog
          trigger={
            <Button variant="destructive-outline" size="sm" aria-label={`Delete ${name}`}>
              <Trash2 aria-hidden="true" />
              Delete
            </Button>
          }
          title="Delete this draft?"
          description={`${name} goes for good. Nobody has seen it: it was never published.`}
          confirmLabel="Delete draft"
          onConfirm={() =>
            void run({ remove: contest.id }, () => ({ title: 'Draft deleted', description: name }), 'Failed to delete the draft').then((done) => done && onDeleted?.())
          }
        />
      )}
    </div>
  );
}

/** Cancelling asks first, with the consequence said: no results, no prizes; kept with its standings. */
function CancelContest({ name, onConfirm }: { name: string; onConfirm: () => void }) {
  return (
    <AlertDialog>
      <AlertDialogTrigger asChild>
        <Button variant="destructive-outline" size="sm" aria-label={`Cancel contest ${name}`}>
          <Ban aria-hidden="true" />
          Cancel contest
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Cancel this contest?</AlertDialogTitle>
          <AlertDialogDescription>
            {name} stops: it never becomes final and awards no prize. It is kept, with its standings as they are, and this cannot be undone.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Keep it</AlertDialogCancel>
          <AlertDialogAction onClick={onConfirm}>Cancel contest</AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
