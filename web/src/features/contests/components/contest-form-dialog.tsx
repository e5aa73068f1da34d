import type { Contest } from '@contract/contests';
import { lazy, Suspense } from 'react';
import { isClosingSuggestions } from '../../../components/agents/agent-combobox';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { Spinner } from '../../../components/ui/spinner';
import { useT } from '../../../lib/i18n/translate';
import { messages } from '../messages';

// The form comes with its own chunk when the dialog first opens (as the other dialogs' forms do).
const ContestFormLoader = lazy(() => import('./contest-form'));

/**
 * "New contest" (no `contest`) or a contest's changes: what its state allows (a draft everything). `activeAgents`
 * counts everyone for the participants' preview.
 */
export function ContestFormDialog({ contest, open, onOpenChange, activeAgents }: { contest?: Contest; open: boolean; onOpenChange: (open: boolean) => void; activeAgents?: number }) {
  const t = useT(messages);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {open && (
        <DialogContent className="max-w-2xl" onEscapeKeyDown={(event) => isClosingSuggestions(event) && event.preventDefault()}>
          <DialogHeader>
            <DialogTitle>{contest ? (contest.state === 'draft' ? t('editDraftContest') : t('editContest')) : t('newContest')}</DialogTitle>
            <DialogDescription>{contest ? contest.name : t('newContestText')}</DialogDescription>
          </DialogHeader>
          <Suspense fallback={<Spinner label={t('loading')} className="min-h-40" />}>
            <ContestFormLoader contest={contest} activeAgents={activeAgents} onDone={() => onOpenChange(false)} />
          </Suspense>
        </DialogContent>
      )}
    </Dialog>
  );
}

