import type { BadgeKind, BadgeParams } from '@contract/badges';
import { translate } from '../../../lib/i18n/translate';
import { messages } from '../messages';

/** The names a rule's settings point at, as the screen has read them (a metric by its key, a tier by its id). */
export interface SettingNames {
  metricName?: (key: string) => string | undefined;
  tierName?: (id: number) => string | undefined;
}

/** What a kind of badge rewards, in the language shown (contract/badges.ts' BADGE_KIND_LABELS in English). */
export function badgeKindLabel(kind: BadgeKind): string {
  switch (kind) {
    case 'first_entry':
      return translate(messages, 'kindFirstEntry');
    case 'record_week':
      return translate(messages, 'kindRecordWeek');
    case 'goal_streak':
      return translate(messages, 'kindGoalStreak');
    case 'activity_streak':
      return translate(messages, 'kindActivityStreak');
    case 'contest_podium':
      return translate(messages, 'kindContestPodium');
    case 'tier_reached':
      return translate(messages, 'kindTierReached');
  }
}

/** When a kind awards its badge, under its name in the "New badge" picker. */
export function badgeKindHint(kind: BadgeKind): string {
  switch (kind) {
    case 'first_entry':
      return translate(messages, 'hintFirstEntry');
    case 'record_week':
      return translate(messages, 'hintRecordWeek');
    case 'goal_streak':
      return translate(messages, 'hintGoalStreak');
    case 'activity_streak':
      return translate(messages, 'hintActivityStreak');
    case 'contest_podium':
      return translate(messages, 'hintContestPodium');
    case 'tier_reached':
      return translate(messages, 'hintTierReached');
  }
}

/** "1st, 2nd or 3rd": the first `places` places (1 to 3), in words. */
export function placesText(places: number): string {
  return translate(messages, 'places', { places: String(Math.min(Math.max(places, 1), 3)) });
}

/**
 * What earns a rule's badge, its settings in words ("5 working days in a row of Calls"), for the owner's list. The
 * kind's own words say what it rewards; these say how much of it.
 */
export function badgeSettingsText(kind: BadgeKind, params: BadgeParams, names: SettingNames = {}): string {
  switch (kind) {
    case 'first_entry':
      return translate(messages, 'settingsFirstEntry');
    case 'record_week':
      return translate(messages, 'settingsRecordWeek');
    case 'goal_streak':
      return translate(messages, 'settingsGoalStreak', { count: String(params.count ?? '?') });
    case 'activity_streak': {
      const metric = params.metric === undefined ? translate(messages, 'activity') : (names.metricName?.(params.metric) ?? params.metric);
      return translate(messages, 'settingsActivityStreak', { count: String(params.count ?? '?'), metric });
    }
    case 'contest_podium':
      return translate(messages, 'settingsContestPodium', { places: placesText(params.places ?? 3) });
    case 'tier_reached': {
      if (params.tierId === undefined) return translate(messages, 'settingsAnyTier');
      return translate(messages, 'settingsTier', { tier: names.tierName?.(params.tierId) ?? translate(messages, 'tierNumbered', { id: String(params.tierId) }) });
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
