import { translate } from '../../../lib/i18n/translate';
import { messages } from '../messages';

/**
 * How long until a contest starts or ends: its window is of local days in the organisation's time zone
 * (docs/decisions/0077-contests.md), so the API gives the moments it opens and closes (`opensAt`, `closesAt`), which
 * read the same wherever the browser is.
 */

export interface TimeLeft {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
  /** The moment has come. */
  done: boolean;
}

export function timeLeft(until: Date, now: Date): TimeLeft {
  const ms = Math.max(0, until.getTime() - now.getTime());
  const total = Math.floor(ms / 1000);
  return {
    days: Math.floor(total / 86_400),
    hours: Math.floor((total % 86_400) / 3_600),
    minutes: Math.floor((total % 3_600) / 60),
    seconds: total % 60,
    done: ms === 0,
  };
}

/** "2d 04h 13m 05s", "04h 13m 05s" on the last day (in the language shown: "2 T 04 h 13 min 05 s"). */
export function timeLeftText(left: TimeLeft): string {
  const two = (n: number) => String(n).padStart(2, '0');
  const parts = { days: String(left.days), hours: two(left.hours), minutes: two(left.minutes), seconds: two(left.seconds) };
  return left.days > 0 ? translate(messages, 'clockDays', parts) : translate(messages, 'clock', parts);
}

/** The same in words, for screen readers: "2 days, 4 hours and 13 minutes". */
export function timeLeftWords(left: TimeLeft): string {
  const { days, hours, minutes } = left;
  if (days > 0) return translate(messages, 'wordsDays', { days, hours, minutes });
  if (hours > 0) return translate(messages, 'wordsHours', { hours, minutes });
  return translate(messages, 'wordsMinutes', { minutes });
}
