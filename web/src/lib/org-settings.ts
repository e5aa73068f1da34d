import { DEFAULT_ORG_SETTINGS, type OrgDisplaySettings } from '@contract/org-display';
import { useSyncExternalStore } from 'react';

/**
 * The organisation's name, currency and locale on this page (docs/decisions/0029-organisation-settings.md). The server
 * writes them into the page it sends (a meta element: server/http/page-html.ts), so the first render already writes
 * money the organisation's way without a read before it; later they come from GET /api/app-info, GET /api/settings,
 * the settings form, and the settings.changed event. lib/format.ts formats with them; AppRouter renders again when
 * they change.
 */

const META_NAME = 'tiertrack-org';

function fromPage(): OrgDisplaySettings | undefined {
  if (typeof document === 'undefined') return undefined;
  const content = document.querySelector(`meta[name="${META_NAME}"]`)?.getAttribute('content');
  if (!content) return undefined;
  try {
    return displaySettings(JSON.parse(content));
  } catch {
    return undefined;
  }
}

/** The three fields of a value that has them all as text (an answer, an event's data), else undefined. */
function displaySettings(value: unknown): OrgDisplaySettings | undefined {
  const v = value as Partial<OrgDisplaySettings> | null;
  if (!v || typeof v.orgName !== 'string' || typeof v.currency !== 'string' || typeof v.locale !== 'string') return undefined;
  return { orgName: v.orgName, currency: v.currency, locale: v.locale };
}

let current: OrgDisplaySettings = fromPage() ?? { ...DEFAULT_ORG_SETTINGS };
const listeners = new Set<() => void>();

export function getOrgSettings(): OrgDisplaySettings {
  return current;
}

/** Takes new settings (anything that carries the three fields); the screens render again when they differ. */
export function applyOrgSettings(value: unknown): void {
  const next = displaySettings(value);
  if (!next || (next.orgName === current.orgName && next.currency === current.currency && next.locale === current.locale)) return;
  current = next;
  for (const listener of listeners) listener();
}

export function subscribeOrgSettings(listener: () => void): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/** The settings, rendering the calling component again when they change. */
export function useOrgSettings(): OrgDisplaySettings {
  return useSyncExternalStore(subscribeOrgSettings, getOrgSettings, getOrgSettings);
}
