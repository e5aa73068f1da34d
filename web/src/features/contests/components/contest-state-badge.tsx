import type { ContestState } from '@contract/contests';
import { Badge } from '../../../components/ui/badge';
import { useT } from '../../../lib/i18n/translate';
import { messages } from '../messages';
import { STATE_BADGES } from '../utils/contest-text';

/** A contest's state in a word, coloured by it (the word says it, not the colour alone). */
export function ContestStateBadge({ state }: { state: ContestState }) {
  const t = useT(messages);
  return <Badge variant={STATE_BADGES[state]}>{t('state', { state })}</Badge>;
}
