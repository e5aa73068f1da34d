import { PROFIT_METRIC } from '@contract/limits';
import { MetricSelect } from '../../../components/insight/metric-select';
import { TrendCard } from '../../../components/insight/trend-card';
import { useT } from '../../../lib/i18n/translate';
import { useMetricChoice } from '../../../lib/metrics';
import { myHistoryQueryOptions } from '../api/get-my-history';
import { messages } from '../messages';

/**
 * "My income" on the tier dashboard (docs/product.md §12.14): the agent's own income in each of the last 12 weeks or
 * months, as the owner's charts show it, or, picked with the Metric select when the owner measures more than profit,
 * any active metric's figure. Loaded lazily with the chart (docs/decisions/0024-charts.md).
 */
export default function MyHistory() {
  const { metric, options, choose, metricOf } = useMetricChoice();
  const isProfit = metric.key === PROFIT_METRIC;
  const t = useT(messages);
  return (
    <TrendCard
      title={isProfit ? t('myIncome') : t('myMetric', { metric: metric.name })}
      headingLevel="h2"
      description={(granularity) => (isProfit ? t('incomePer', { granularity }) : t('metricPer', { metric: metric.name, granularity }))}
      query={myHistoryQueryOptions(metric.key)}
      metricOf={metricOf}
      controls={<MetricSelect options={options} value={metric.key} onChange={choose} />}
    />
  );
}
