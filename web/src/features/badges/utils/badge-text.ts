import type { BadgeKind, BadgeParams } from '@contract/badges';
import { ordinal } from '@contract/ordinal';

/** The names a rule's settings point at, as the screen has read them (a metric by its key, a tier by its id). */
export interface SettingNames {
  metricName?: (key: string) => string | undefined;
  tierName?: (id: number) => string | undefined;
}

/** "1st, 2nd or 3rd": the first `places` places, in words. */
export function placesText(places: number): string {
  const named = Array.from({ length: places }, (_, index) => ordinal(index + 1));
  return named.length === 1 ? named[0]! : `${named.slice(0, -1).join(', ')} or ${named.at(-1)}`;
}

/**
 * What earns a rule's badge, its settings in words ("5 working days in a row of Calls"), for the owner's list. The
 * kind's own words say what it rewards; these say how much of it.
 */
export function badgeSettingsText(kind: BadgeKind, params: BadgeParams, names: SettingNames = {}): string {
  switch (kind) {
    case 'first_entry':
      return 'The first sale an agent records';
    case 'record_week':
      return 'A week’s profit above every earlier week of the agent’s';
    case 'goal_streak':
      return `The agent’s own goal reached ${params.count ?? '?'} periods in a row`;
    case 'activity_streak': {
      const metric = params.metric === undefined ? 'activity' : (names.metricName?.(params.metric) ?? params.metric);
      return `${params.count ?? '?'} working days in a row of ${metric}`;
    }
    case 'contest_podium':
      return `${placesText(params.places ?? 3)} place in a contest`;
    case 'tier_reached': {
      if (params.tierId === undefined) return 'Reaching any tier';
      return `Reaching ${names.tierName?.(params.tierId) ?? `tier ${params.tierId}`}`;
    }
  }
}

/**
 * The file a badge's credential is saved as: its name, kept to letters, digits and dashes (any system takes it), and
 * `.jwt` (a VC-JWT is a compact JWS). A name with nothing of those is "badge".
 */
export function credentialFileName(badgeName: string): string {
  const slug = badgeName
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return `${slug || 'badge'}.jwt`;
}
