import { useMutation } from '@tanstack/react-query';
import { IMPORT_CONTENT_TYPE, type ImportDateFormat, type ImportReport } from '@contract/imports';
import { apiUpload, type UploadOptions } from '../../../lib/api-client';
import { useRefreshAfter } from '../../../lib/refresh-map';

export interface ImportInput extends UploadOptions {
  body: Blob;
  dryRun: boolean;
  dateFormat: ImportDateFormat;
  /** Header names of the columns to leave out. */
  ignore: string[];
}

export function importIncomeEntries({ body, dryRun, dateFormat, ignore, ...options }: ImportInput): Promise<ImportReport> {
  const query = new URLSearchParams({ dateFormat });
  if (dryRun) query.set('dryRun', '1');
  for (const name of ignore) query.append('ignore', name);
  return apiUpload<ImportReport>(`/api/imports/income-entries?${query}`, body, IMPORT_CONTENT_TYPE, options);
}

/**
 * Checks (dry run) or imports a file. An import changes totals, ranks and tiers: the dashboard, the leaderboard and
 * the agents are read again.
 */
export function useImportIncomeEntries() {
  const refreshAfter = useRefreshAfter();
  return useMutation({
    mutationFn: importIncomeEntries,
    onSuccess: async (report) => {
      if (report.dryRun || report.created === 0) return;
      await refreshAfter(['entry.created', 'tier.reached', 'leaderboard.changed']);
    },
  });
}
