const pad = (n: number) => String(n).padStart(2, '0');

/**
 * What is left until `endsAt` (an ISO time) at `now`, as a screen across the room reads it: "2d 04:12:09" from a day
 * on, "04:12:09" under it, "Ended" once it is past.
 */
export function countdownText(endsAt: string, now: number): string {
  const left = Math.floor((Date.parse(endsAt) - now) / 1000);
  if (!(left > 0)) return 'Ended';
  const days = Math.floor(left / 86_400);
  const clock = `${pad(Math.floor((left % 86_400) / 3_600))}:${pad(Math.floor((left % 3_600) / 60))}:${pad(left % 60)}`;
  return days > 0 ? `${days}d ${clock}` : clock;
}
