import { TrendCard } from '../../../components/insight/trend-card';
import { myHistoryQueryOptions } from '../api/get-my-history';

/**
 * "My income" on the tier dashboard (docs/product.md §12.14): the agent's own income in each of the last 12 weeks or
 * months, as the owner's charts show it. Loaded lazily with the chart (docs/decisions/0024-charts.md).
 */
export default function MyHistory() {
  return (
    <TrendCard
      title="My income"
      headingLevel="h2"
      description={(granularity) => `Your income per ${granularity}, the last 12.`}
      query={myHistoryQueryOptions}
    />
  );
}
