import type { ContestState } from '@contract/contests';
import { Badge } from '../../../components/ui/badge';
import { STATE_BADGES, STATE_LABELS } from '../utils/contest-text';

/** A contest's state in a word, coloured by it (the word says it, not the colour alone). */
export function ContestStateBadge({ state }: { state: ContestState }) {
  return <Badge variant={STATE_BADGES[state]}>{STATE_LABELS[state]}</Badge>;
}
