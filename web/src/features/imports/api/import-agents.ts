import { useMutation } from '@tanstack/react-query';
import { IMPORT_CONTENT_TYPE, type AgentImportReport } from '@contract/imports';
import { apiUpload, type UploadOptions } from '../../../lib/api-client';
import { useRefreshAfter } from '../../../lib/refresh-map';

export interface AgentImportInput extends UploadOptions {
  body: Blob;
  dryRun: boolean;
  /** Header names of the columns to leave out. */
  ignore: string[];
}

export function importAgents({ body, dryRun, ignore, ...options }: AgentImportInput): Promise<AgentImportReport> {
  const query = new URLSearchParams();
  if (dryRun) query.set('dryRun', '1');
  for (const name of ignore) query.append('ignore', name);
  return apiUpload<AgentImportReport>(`/api/imports/agents?${query}`, body, IMPORT_CONTENT_TYPE, options);
}

/** Checks (dry run) or imports a file of agents. New agents join the agent list, the leaderboard and the overview's count. */
export function useImportAgents() {
  const refreshAfter = useRefreshAfter();
  return useMutation({
    mutationFn: importAgents,
    onSuccess: async (report) => {
      if (report.dryRun || report.created === 0) return;
      await refreshAfter(['agent.created', 'leaderboard.changed']);
    },
  });
}
