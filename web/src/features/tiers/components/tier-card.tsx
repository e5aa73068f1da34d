import type { TierSetting } from '@contract/tiers';
import { Badge } from '../../../components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { useT } from '../../../lib/i18n/translate';
import { messages } from '../messages';
import { RewardOptionsList } from './reward-options-list';
import { RewardsTextEditor } from './rewards-text-editor';
import { ThresholdEditor } from './threshold-editor';

export function TierCard({ tier }: { tier: TierSetting }) {
  const t = useT(messages);
  return (
    <Card className="h-full">
      <CardHeader className="flex-row items-center justify-between gap-3 p-4 pb-3 sm:p-6 sm:pb-4">
        <CardTitle className="flex items-center gap-2">
          <span className="size-4 shrink-0 rounded-full ring-1 ring-slate-900/10" style={{ backgroundColor: tier.color }} aria-hidden="true" />
          {tier.name}
        </CardTitle>
        <Badge variant="outline">{t('tierNumber', { order: tier.order })}</Badge>
      </CardHeader>
      <CardContent className="grid grid-cols-1 gap-5 p-4 pt-0 sm:p-6 sm:pt-0">
        <ThresholdEditor tier={tier} />
        <RewardsTextEditor tier={tier} />
        <RewardOptionsList tier={tier} />
      </CardContent>
    </Card>
  );
}
