import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OrganisationSettings, UpdateOrganisationSettingsInput } from '@contract/settings';
import { apiJson } from '../../../lib/api-client';
import { applyOrgSettings } from '../../../lib/org-settings';
import { organisationSettingsQueryOptions } from '../../../lib/organisation-settings-query';
import { queryKeys } from '../../../lib/query-keys';
import { withReauthentication } from '../../../lib/reauthentication';
import { useRefreshAfter } from '../../../lib/refresh-map';

/** GET /api/settings (everyone signed in): the organisation's name, currency, locale and managers' second factor. */
export function useOrganisationSettings() {
  return useQuery(organisationSettingsQueryOptions);
}

/**
 * PATCH /api/settings (owner). Switching the managers' second factor is a sensitive change: the password may be asked
 * for first. Once saved, every screen of this page writes money and dates the new way at once (lib/format.ts);
 * other pages hear settings.changed.
 */
export function useSaveOrganisationSettings() {
  const queryClient = useQueryClient();
  const refreshAfter = useRefreshAfter();
  return useMutation({
    mutationFn: (change: UpdateOrganisationSettingsInput) => withReauthentication(() => apiJson<OrganisationSettings>('PATCH', '/api/settings', change)),
    onSuccess: (settings) => {
      queryClient.setQueryData(queryKeys.organisationSettings, settings);
      applyOrgSettings(settings);
      return refreshAfter('settings.changed');
    },
  });
}
