import { parseMoneyToCents } from '@contract/cents';
import type { TierSetting } from '@contract/tiers';
import { LoadError } from '../../../components/ui/load-error';
import { SectionHeading } from '../../../components/ui/section-heading';
import { Spinner } from '../../../components/ui/spinner';
import { useCanEdit } from '../../../lib/authorization';
import { useTierSettings } from '../../../lib/tier-settings';
import { TierCard } from './tier-card';

const thresholdCents = (tier: TierSetting) => parseMoneyToCents(tier.threshold) ?? 0n;

/** Tiers by threshold, lowest first; compared in cents, never as floats. */
function byThreshold(a: TierSetting, b: TierSetting) {
  const difference = thresholdCents(a) - thresholdCents(b);
  return difference === 0n ? a.order - b.order : difference < 0n ? -1 : 1;
}

export function TierSettingsTab() {
  const canEdit = useCanEdit();
  const tiers = useTierSettings();
  return (
    <section aria-labelledby="tiers-heading" className="grid grid-cols-1 gap-6">
      <SectionHeading
        id="tiers-heading"
        title="Tier Settings"
        description={
          canEdit
            ? 'Thresholds, reward descriptions and the reward options agents can pick when they reach a tier.'
            : 'Thresholds, reward descriptions and the reward options of every tier.'
        }
      />
      {tiers.isPending ? (
        <Spinner label="Loading tiers..." className="min-h-40" />
      ) : tiers.isError ? (
        <LoadError error={tiers.error} fallback="Failed to load tiers" />
      ) : (
        <ol className="grid grid-cols-1 gap-4 lg:grid-cols-2">
          {[...tiers.data].sort(byThreshold).map((tier) => (
            <li key={tier.id}>
              <TierCard tier={tier} />
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
