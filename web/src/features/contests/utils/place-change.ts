import { translate } from '../../../lib/i18n/translate';
import { messages } from '../messages';
import { placeName } from './contest-text';

/**
 * What a new place means to the reader when the standings are read again: "You moved up to 2nd" when it rose (`team`:
 * "Your team moved up…"), nothing when it fell, stayed or was not known before (the first read of a page tells nobody
 * they moved). A tie reached from below is a move up: 3rd to tied 2nd.
 */
export function movedUpText(previous: number | undefined, current: number | undefined, team: boolean): string | null {
  if (previous === undefined || current === undefined || current >= previous) return null;
  return translate(messages, 'movedUp', { team: team ? 'yes' : 'no', place: placeName(current) });
}
