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

/** "2d 04h 13m 05s", "04h 13m 05s" on the last day. */
export function timeLeftText(left: TimeLeft): string {
  const two = (n: number) => String(n).padStart(2, '0');
  const clock = `${two(left.hours)}h ${two(left.minutes)}m ${two(left.seconds)}s`;
  return left.days > 0 ? `${left.days}d ${clock}` : clock;
}

/** The same in words, for screen readers: "2 days, 4 hours and 13 minutes". */
export function timeLeftWords(left: TimeLeft): string {
  const part = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;
  const parts = [left.days > 0 ? part(left.days, 'day') : '', left.days > 0 || left.hours > 0 ? part(left.hours, 'hour') : '', part(left.minutes, 'minute')].filter(Boolean);
  return parts.length === 1 ? parts[0]! : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
}
