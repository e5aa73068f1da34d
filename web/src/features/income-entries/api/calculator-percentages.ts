import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CalculatorPercentage, CalculatorPercentageInput, CalculatorPercentageList } from '@contract/calculator-percentages';
import { apiJson } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/**
 * GET /api/owner/calculator-percentages (owner): the saved percentage of each agent of the calculator's page, by agent
 * id ("12.50"); agents without one are absent and start at 0 (docs/decisions/0083-calculator-percentages.md).
 */
export function useCalculatorPercentages(agentIds: readonly number[]) {
  const ids = [...agentIds].sort((a, b) => a - b).join(',');
  return useQuery({
    queryKey: [...queryKeys.calculatorPercentages, ids],
    queryFn: async () => {
      const list = await apiJson<CalculatorPercentageList>('GET', `/api/owner/calculator-percentages?agentIds=${ids}`);
      return new Map(list.percentages.map((saved) => [saved.agentId, saved.percentage]));
    },
    enabled: ids !== '',
  });
}

/** PUT /api/owner/calculator-percentages/{agentId}: what was saved goes into every cached page that shows the agent. */
export function useSaveCalculatorPercentage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ agentId, percentage }: { agentId: number } & CalculatorPercentageInput) =>
      apiJson<CalculatorPercentage>('PUT', `/api/owner/calculator-percentages/${agentId}`, { percentage }),
    onSuccess: (saved) => {
      for (const [key, current] of queryClient.getQueriesData<Map<number, string>>({ queryKey: queryKeys.calculatorPercentages })) {
        const ids = String(key[queryKeys.calculatorPercentages.length]).split(',').map(Number);
        if (current && ids.includes(saved.agentId)) queryClient.setQueryData(key, new Map(current).set(saved.agentId, saved.percentage));
      }
    },
  });
}
