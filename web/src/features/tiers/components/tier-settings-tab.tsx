import { parseMoneyToCents } from '@contract/cents';
import type { TierSetting } from '@contract/tiers';
import { LoadError } from '../../../components/ui/load-error';
import { SectionHeading } from '../../../components/ui/section-heading';
import { Spinner } from '../../../components/ui/spinner';
import { useCanEdit } from '../../../lib/authorization';
import { useT } from '../../../lib/i18n/translate';
import { useTierSettings } from '../../../lib/tier-settings';
import { messages } from '../messages';
import { TierCard } from './tier-card';

const thresholdCents = (tier: TierSetting) => parseMoneyToCents(tier.threshold) ?? 0n;

/** Tiers by threshold, lowest first; compared in cents, never as floats. */
function byThreshold(a: TierSetting, b: TierSetting) {
  const difference = thresholdCents(a) - thresholdCents(b);
  return difference === 0n ? a.order - b.order : difference < 0n ? -1 : 1;
}

export function TierSettingsTab() {
  const t = useT(messages);
  const canEdit = useCanEdit();
  const tiers = useTierSettings();
  return (
    <section aria-labelledby="tiers-heading" className="grid grid-cols-1 gap-6">
      <SectionHeading
        id="tiers-heading"
        title={t('tierSettings')}
        description={canEdit ? t('tabDescriptionOwner') : t('tabDescription')}
      />
      {tiers.isPending ? (
        <Spinner label={t('loadingTiers')} className="min-h-40" />
      ) : tiers.isError ? (
        <LoadError error={tiers.error} fallback={t('tiersLoadFailed')} />
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
