import { useMutation } from '@tanstack/react-query';
import { IMPORT_CONTENT_TYPE, type ImportDateChoice, type ImportMode, type ImportReport } from '@contract/imports';
import { apiUpload, type UploadOptions } from '../../../lib/api-client';
import { useRefreshAfter } from '../../../lib/refresh-map';

export interface ImportInput extends UploadOptions {
  body: Blob;
  dryRun: boolean;
  dateFormat: ImportDateChoice;
  /** all (the default): nothing is written when a row has an error; valid-rows: the rows without errors are. */
  mode?: ImportMode;
  /** Header names of the columns to leave out. */
  ignore: string[];
}

export function importIncomeEntries({ body, dryRun, dateFormat, mode = 'all', ignore, ...options }: ImportInput): Promise<ImportReport> {
  const query = new URLSearchParams({ dateFormat });
  if (dryRun) query.set('dryRun', '1');
  if (mode !== 'all') query.set('mode', mode);
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
