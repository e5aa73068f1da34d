import type { IsoWeekday, WorkingCalendar } from '../../domain/pacing';
import { eq } from 'drizzle-orm';
import { DEFAULT_ORG_SETTINGS, DEFAULT_WORK_END_MINUTE, DEFAULT_WORK_START_MINUTE, type OrgDisplaySettings, type OrganisationSettings } from '../../../contract/settings';
import type { Db } from '../client';
import { organisationSettings } from '../schema';

/** The settings of an installation where the owner never saved any (the table has no row then). */
export const DEFAULT_ORGANISATION_SETTINGS: OrganisationSettings = {
  ...DEFAULT_ORG_SETTINGS,
  requireManagerTwoFactor: false,
  managersRecord: false,
  workingDays: [1, 2, 3, 4, 5],
  holidays: [],
  workStartMinute: DEFAULT_WORK_START_MINUTE,
  workEndMinute: DEFAULT_WORK_END_MINUTE,
  updatedAt: null,
};

export const toSettings = (row: typeof organisationSettings.$inferSelect): OrganisationSettings => ({
  orgName: row.orgName,
  currency: row.currency,
  locale: row.locale,
  requireManagerTwoFactor: row.requireManagerTwoFactor,
  managersRecord: row.managersRecord,
  workingDays: [...row.workingDays].sort((a, b) => a - b),
  holidays: row.holidays.map((day) => String(day).slice(0, 10)).sort(),
  workStartMinute: row.workStartMinute,
  workEndMinute: row.workEndMinute,
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

export type OrganisationSettingsChange = Partial<Pick<OrganisationSettings, 'orgName' | 'currency' | 'locale' | 'requireManagerTwoFactor' | 'managersRecord' | 'workingDays' | 'holidays' | 'workStartMinute' | 'workEndMinute'>>;


/** Whether the owner lets managers record entries, voids and claims for their teams (docs/decisions/0082). */
export async function readManagersRecord(db: Db): Promise<boolean> {
  const [row] = await db.select({ on: organisationSettings.managersRecord }).from(organisationSettings).where(eq(organisationSettings.id, 1)).limit(1);
  return row?.on ?? false;
}

/** The organisation's working calendar (docs/decisions/0073-goal-pacing.md): what goals count their pace in. */
export async function readWorkingCalendar(db: Db): Promise<WorkingCalendar> {
  const settings = await readOrganisationSettings(db);
  return { workingDays: new Set(settings.workingDays as IsoWeekday[]), holidays: new Set(settings.holidays) };
}
