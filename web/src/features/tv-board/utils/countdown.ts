import { translate } from '../../../lib/i18n/translate';
import { messages } from '../messages';

const pad = (n: number) => String(n).padStart(2, '0');

/** The whole seconds left until `endsAt` (an ISO time) at `now`; NaN for an end that cannot be read. */
const secondsLeft = (endsAt: string, now: number) => Math.floor((Date.parse(endsAt) - now) / 1000);

/** Whether `endsAt` has passed at `now` (an end that cannot be read has). */
export function hasEnded(endsAt: string, now: number): boolean {
  return !(secondsLeft(endsAt, now) > 0);
}

/**
 * What is left until `endsAt` (an ISO time) at `now`, as a screen across the room reads it: "2d 04:12:09" from a day
 * on, "04:12:09" under it, "Ended" once it is past (in the language shown).
 */
export function countdownText(endsAt: string, now: number): string {
  const left = secondsLeft(endsAt, now);
  if (hasEnded(endsAt, now)) return translate(messages, 'ended');
  const days = Math.floor(left / 86_400);
  const clock = `${pad(Math.floor((left % 86_400) / 3_600))}:${pad(Math.floor((left % 3_600) / 60))}:${pad(left % 60)}`;
  return days > 0 ? translate(messages, 'daysAndClock', { days: String(days), clock }) : clock;
}
