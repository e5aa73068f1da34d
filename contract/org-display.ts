// What every screen needs of the organisation's settings before its first paint, and nothing else: the entry chunk
// imports this module, so the settings form's lists and checks (settings-values.ts) stay in the Settings tab's chunk.

/** What the organisation is called, and how money and dates are written on every screen, export and email. */
export interface OrgDisplaySettings {
  orgName: string;
  /** ISO 4217, upper case: "USD". */
  currency: string;
  /** A BCP 47 language tag as Intl canonicalises it: "en-US". */
  locale: string;
}

/** Before the owner saves any settings (docs/product.md §12.16: US dollars, en-US; the name the product goes by). */
export const DEFAULT_ORG_SETTINGS: Readonly<OrgDisplaySettings> = { orgName: 'TierTrack', currency: 'USD', locale: 'en-US' };
