import { queryOptions } from '@tanstack/react-query';
import type { OrganisationSettings } from '@contract/settings';
import { apiJson } from './api-client';
import { applyOrgSettings } from './org-settings';
import { queryKeys } from './query-keys';

/**
 * GET /api/settings (everyone signed in): the organisation's name, currency and locale (applied to every screen as
 * they arrive), the managers' second factor, whether managers record, and the working calendar.
 */
export const organisationSettingsQueryOptions = queryOptions({
  queryKey: queryKeys.organisationSettings,
  queryFn: () =>
    apiJson<OrganisationSettings>('GET', '/api/settings').then((settings) => {
      applyOrgSettings(settings);
      return settings;
    }),
});
