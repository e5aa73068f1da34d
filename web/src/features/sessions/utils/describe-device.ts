import { translate } from '../../../lib/i18n/translate';
import { messages } from '../messages';

/** The systems a session's browser is named by; any other shows no system. */
export type DeviceSystem = 'Windows' | 'macOS' | 'Linux' | 'Android' | 'iOS';

export interface DeviceDescription {
  /** "Chrome on Windows", "Safari on iOS", "Firefox", "Unknown browser on Linux", "Unknown browser". */
  label: string;
  system: DeviceSystem | null;
  /** A phone or tablet (Android, iOS): the list shows a phone rather than a screen. */
  mobile: boolean;
}

// In this order: Edge and most other browsers name Chrome and Safari too, Chrome names Safari, iOS names Mac OS X and
// Android names Linux. Headless Chrome ("HeadlessChrome/") is Chrome.
const browsers: ReadonlyArray<readonly [string, RegExp]> = [
  ['Edge', /\bEdg(?:e|A|iOS)?\//],
  ['Firefox', /\b(?:Firefox|FxiOS)\//],
  ['Chrome', /(?:Chrome|Chromium|CriOS)\//],
  ['Safari', /\bVersion\/[\d.]+\b.*\bSafari\//],
];
const systems: ReadonlyArray<readonly [DeviceSystem, RegExp]> = [
  ['iOS', /\b(?:iPhone|iPad|iPod)\b/],
  ['Android', /\bAndroid\b/],
  ['Windows', /\bWindows\b/],
  ['macOS', /\bMacintosh\b|\bMac OS X\b/],
  ['Linux', /\bLinux\b|\bX11\b|\bCrOS\b/],
];

/**
 * A session's browser and system as a person reads them, from the User-Agent header it signed in with (null when it
 * sent none). Only the common browsers are named; the rest are "Unknown browser", so a rare one is never misnamed
 * as another (an old Android browser says "Safari" but is not).
 */
export function describeDevice(userAgent: string | null): DeviceDescription {
  const text = userAgent?.trim() ?? '';
  const system = systems.find(([, pattern]) => pattern.test(text))?.[0] ?? null;
  const browser = browsers.find(([name, pattern]) => pattern.test(text) && !(name === 'Safari' && system === 'Android'))?.[0];
  const browserName = browser ?? translate(messages, 'unknownBrowser');
  return {
    label: system ? translate(messages, 'browserOnSystem', { browser: browserName, system }) : browserName,
    system,
    mobile: system === 'Android' || system === 'iOS',
  };
}
