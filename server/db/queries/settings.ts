import { eq } from 'drizzle-orm';
import { DEFAULT_ORG_SETTINGS, type OrgDisplaySettings, type OrganisationSettings } from '../../../contract/settings';
import type { Db } from '../client';
import { appendEvents, type NewEvent } from '../events';
import { organisationSettings } from '../schema';

/** The settings of an installation where the owner never saved any (the table has no row then). */
export const DEFAULT_ORGANISATION_SETTINGS: OrganisationSettings = { ...DEFAULT_ORG_SETTINGS, requireManagerTwoFactor: false, updatedAt: null };

const toSettings = (row: typeof organisationSettings.$inferSelect): OrganisationSettings => ({
  orgName: row.orgName,
  currency: row.currency,
  locale: row.locale,
  requireManagerTwoFactor: row.requireManagerTwoFactor,
  updatedAt: row.updatedAt.toISOString(),
});

/** The organisation's settings (one row, id 1), or the defaults when none were saved. */
export async function readOrganisationSettings(db: Db): Promise<OrganisationSettings> {
  const [row] = await db.select().from(organisationSettings).where(eq(organisationSettings.id, 1)).limit(1);
  return row ? toSettings(row) : DEFAULT_ORGANISATION_SETTINGS;
}

/** The public part: what the landing page, a TV board and an export need. */
export const displaySettingsOf = (settings: OrgDisplaySettings): OrgDisplaySettings => ({
  orgName: settings.orgName,
  currency: settings.currency,
  locale: settings.locale,
});

/** settings.changed: every screen and TV board writes money and dates the new way (contract/events.ts). */
const settingsChangedEvent = (settings: OrgDisplaySettings): NewEvent => ({
  type: 'settings.changed',
  agentId: null,
  public: { ...displaySettingsOf(settings) },
  private: {},
});

export type OrganisationSettingsChange = Partial<Pick<OrganisationSettings, 'orgName' | 'currency' | 'locale' | 'requireManagerTwoFactor'>>;

/**
 * Applies `change` inside the transaction `tx`, row-locked so that two owners saving at once each see the other's
 * result as their `before`; appends settings.changed as the transaction's last statement (db/events.ts says why).
 */
export async function updateOrganisationSettings(
  tx: Db,
  change: OrganisationSettingsChange,
  now: Date,
): Promise<{ before: OrganisationSettings; after: OrganisationSettings }> {
  const [locked] = await tx.select().from(organisationSettings).where(eq(organisationSettings.id, 1)).for('update');
  const before = locked ? toSettings(locked) : DEFAULT_ORGANISATION_SETTINGS;
  const values = {
    orgName: change.orgName ?? before.orgName,
    currency: change.currency ?? before.currency,
    locale: change.locale ?? before.locale,
    requireManagerTwoFactor: change.requireManagerTwoFactor ?? before.requireManagerTwoFactor,
    updatedAt: now,
  };
  const [row] = await tx
    .insert(organisationSettings)
    .values({ id: 1, ...values })
    .onConflictDoUpdate({ target: organisationSettings.id, set: values })
    .returning();
  const after = toSettings(row!);
  await appendEvents(tx, [settingsChangedEvent(after)]);
  return { before, after };
}
