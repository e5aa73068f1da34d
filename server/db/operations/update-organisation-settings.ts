import { eq } from 'drizzle-orm';
import { WORK_HOURS_ORDER_MESSAGE, type OrgDisplaySettings, type OrganisationSettings } from '../../../contract/settings';
import { invalid } from '../../domain/errors';
import type { Db } from '../client';
import { appendEvents, type NewEvent } from '../events';
import { DEFAULT_ORGANISATION_SETTINGS, displaySettingsOf, toSettings, type OrganisationSettingsChange } from '../queries/settings';
import { organisationSettings } from '../schema';

/** settings.changed: every screen and TV board writes money and dates the new way (contract/events.ts). */
const settingsChangedEvent = (settings: OrgDisplaySettings): NewEvent => ({
  type: 'settings.changed',
  agentId: null,
  public: { ...displaySettingsOf(settings) },
  private: {},
});

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
    managersRecord: change.managersRecord ?? before.managersRecord,
    workingDays: change.workingDays ?? before.workingDays,
    holidays: change.holidays ?? before.holidays,
    workStartMinute: change.workStartMinute ?? before.workStartMinute,
    workEndMinute: change.workEndMinute ?? before.workEndMinute,
    updatedAt: now,
  };
  // One end sent alone is checked against the other as saved.
  if (values.workStartMinute >= values.workEndMinute) throw invalid(WORK_HOURS_ORDER_MESSAGE, change.workEndMinute === undefined ? 'workStartMinute' : 'workEndMinute');
  const [row] = await tx
    .insert(organisationSettings)
    .values({ id: 1, ...values })
    .onConflictDoUpdate({ target: organisationSettings.id, set: values })
    .returning();
  const after = toSettings(row!);
  await appendEvents(tx, [settingsChangedEvent(after)]);
  return { before, after };
}
