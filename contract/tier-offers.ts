import { COMING_SOON } from './limits';

/**
 * What a tier offers (docs/decisions/0081-tier-offers.md): its active reward options, the one thing an agent can pick
 * and the one list every agent screen shows. The rewards text is the owner's description; a line of it that names no
 * active option is shown to the owner as such, never to agents. Plain functions without zod, for every screen.
 */

/** The rewards text split into one line per reward, blank lines and surrounding spaces dropped. */
export function rewardLines(rewards: string): string[] {
  return rewards
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line.length > 0);
}

/** The text says nothing yet: empty, or only "Coming Soon" (docs/product.md §9.5). */
export function isComingSoonText(rewards: string): boolean {
  const lines = rewardLines(rewards);
  return lines.length === 0 || (lines.length === 1 && lines[0]!.toLowerCase() === COMING_SOON.toLowerCase());
}

const normalized = (text: string) => text.trim().replace(/\s+/g, ' ').toLowerCase();

/**
 * A line of the rewards text names an option when, ignoring case and runs of spaces, it is the option's title or
 * starts with it followed by something other than a letter or digit ("Cash Bonus: $500 on your next payout").
 */
export function lineNamesOption(line: string, title: string): boolean {
  const text = normalized(line);
  const name = normalized(title);
  if (name === '' || !text.startsWith(name)) return false;
  const next = text.charAt(name.length);
  return next === '' || !/[\p{L}\p{N}]/u.test(next);
}

/** The lines of the rewards text that name none of the given (active) options; none for a Coming Soon text. */
export function unmatchedRewardLines(rewards: string, options: readonly { title: string }[]): string[] {
  if (isComingSoonText(rewards)) return [];
  return rewardLines(rewards).filter((line) => !options.some((option) => lineNamesOption(line, option.title)));
}

/** What the agent screens need to tell whether a tier's reward waits to be claimed. */
export interface RewardStanding {
  /** The agent's current total is at or above the tier's threshold. */
  reached: boolean;
  /** The agent holds a claim of the tier that was not rejected. */
  claimed: boolean;
  /** How many active reward options the tier has. */
  activeOptionCount: number;
}

/**
 * A tier's reward waits to be claimed when the tier is reached, not claimed, and has an active option to pick (the
 * server's claim rules, docs/product.md §10.2). The tier dashboard's "Tiers Ready to Claim" and the portal's
 * "rewards waiting" both count with this.
 */
export function isRewardWaiting(standing: RewardStanding): boolean {
  return standing.reached && !standing.claimed && standing.activeOptionCount > 0;
}

export function countRewardsWaiting(standings: readonly RewardStanding[]): number {
  return standings.filter(isRewardWaiting).length;
}
