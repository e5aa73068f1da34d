import { PROFIT_METRIC } from '@contract/limits';
import { MetricSelect } from '../../../components/insight/metric-select';
import { TrendCard } from '../../../components/insight/trend-card';
import { useMetricChoice } from '../../../lib/metrics';
import { agentHistoryQueryOptions } from '../api/get-agent-history';
import { useT } from '../../../lib/i18n/translate';
import { messages } from '../messages';

/**
 * The agent's history: its income by week or month, or, picked with the Metric select when the owner measures more
 * than profit, any active metric's figure (docs/decisions/0072-metrics-and-activities.md).
 */
export function AgentHistory({ agentId }: { agentId: number }) {
  const t = useT(messages);
  const { metric, options, choose, metricOf } = useMetricChoice();
  const isProfit = metric.key === PROFIT_METRIC;
  return (
    <TrendCard
      title={isProfit ? t('incomeHistory') : t('metricHistory', { metric: metric.name })}
      headingLevel="h2"
      description={(granularity) => (isProfit ? t('incomePer', { granularity }) : t('metricPer', { metric: metric.name, granularity }))}
      query={agentHistoryQueryOptions(agentId, metric.key)}
      metricOf={metricOf}
      controls={<MetricSelect options={options} value={metric.key} onChange={choose} />}
    />
  );
}
