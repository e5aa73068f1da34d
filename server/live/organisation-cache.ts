import type { FastifyBaseLogger } from 'fastify';
import { DEFAULT_ORG_SETTINGS, type OrgDisplaySettings } from '../../contract/settings';
import type { Db } from '../db/client';
import type { StoredEvent } from '../db/events';
import { displaySettingsOf, readOrganisationSettings } from '../db/queries/settings';

/**
 * This instance's copy of the organisation's name, currency and locale, for what is written without a read per request:
 * the pages it serves carry them (http/page-html.ts), so a screen writes money right at its first paint. Read at start;
 * replaced by the instance that saves new settings at once, and by every instance when settings.changed reaches it
 * through the event stream (docs/decisions/0029-organisation-settings.md).
 */
export class OrganisationCache {
  private settings: OrgDisplaySettings = { ...DEFAULT_ORG_SETTINGS };
  /** Goes up with every change, so that what was made from the settings knows it is stale. */
  version = 0;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
  ) {}

  current(): OrgDisplaySettings {
    return this.settings;
  }

  async load(): Promise<void> {
    try {
      this.use(await readOrganisationSettings(this.db));
    } catch (error) {
      // The pages then carry the defaults until the next change; every screen reads the settings again anyway.
      this.log.error({ err: error }, 'could not read the organisation settings');
    }
  }

  use(settings: OrgDisplaySettings): void {
    const next = displaySettingsOf(settings);
    if (next.orgName === this.settings.orgName && next.currency === this.settings.currency && next.locale === this.settings.locale) return;
    this.settings = next;
    this.version += 1;
  }

  /** An event batch this instance fanned out: the newest settings.changed in it, if any, replaces the copy. */
  heard(events: readonly StoredEvent[]): void {
    for (let i = events.length - 1; i >= 0; i--) {
      const event = events[i]!;
      if (event.type !== 'settings.changed') continue;
      const data = event.public as Partial<OrgDisplaySettings>;
      if (typeof data.orgName === 'string' && typeof data.currency === 'string' && typeof data.locale === 'string') {
        this.use({ orgName: data.orgName, currency: data.currency, locale: data.locale });
      }
      return;
    }
  }
}
