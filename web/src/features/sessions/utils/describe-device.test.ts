import { describe, expect, it } from 'vitest';
import { describeDevice } from './describe-device';

// User-Agent headers as the browsers send them.
const agents = {
  chromeWindows: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  headlessChromeLinux: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.6778.33 Safari/537.36',
  edgeWindows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.2903.51',
  firefoxMac: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.7; rv:132.0) Gecko/20100101 Firefox/132.0',
  safariMac: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
  safariIphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
  chromeIphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0.6778.73 Mobile/15E148 Safari/604.1',
  firefoxIpad:
    'Mozilla/5.0 (iPad; CPU OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) FxiOS/132.0 Mobile/15E148 Safari/605.1.15',
  chromeAndroid:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.6778.39 Mobile Safari/537.36',
  edgeAndroid:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36 EdgA/131.0.2903.48',
  oldAndroidBrowser:
    'Mozilla/5.0 (Linux; U; Android 4.0.3; en-us; GT-I9100 Build/IML74K) AppleWebKit/534.30 (KHTML, like Gecko) Version/4.0 Mobile Safari/534.30',
  firefoxLinux: 'Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:132.0) Gecko/20100101 Firefox/132.0',
};

describe('describeDevice', () => {
  it('names the common browsers and systems', () => {
    expect(describeDevice(agents.chromeWindows).label).toBe('Chrome on Windows');
    expect(describeDevice(agents.headlessChromeLinux).label).toBe('Chrome on Linux');
    expect(describeDevice(agents.edgeWindows).label).toBe('Edge on Windows');
    expect(describeDevice(agents.firefoxMac).label).toBe('Firefox on macOS');
    expect(describeDevice(agents.safariMac).label).toBe('Safari on macOS');
    expect(describeDevice(agents.firefoxLinux).label).toBe('Firefox on Linux');
  });

  it('tells phones and tablets from the desktop systems their browsers also name', () => {
    expect(describeDevice(agents.safariIphone)).toEqual({ label: 'Safari on iOS', system: 'iOS', mobile: true });
    expect(describeDevice(agents.chromeIphone).label).toBe('Chrome on iOS');
    expect(describeDevice(agents.firefoxIpad).label).toBe('Firefox on iOS');
    expect(describeDevice(agents.chromeAndroid)).toEqual({ label: 'Chrome on Android', system: 'Android', mobile: true });
    expect(describeDevice(agents.edgeAndroid).label).toBe('Edge on Android');
    expect(describeDevice(agents.chromeWindows).mobile).toBe(false);
  });

  it('says "Unknown browser" rather than guessing', () => {
    expect(describeDevice(null)).toEqual({ label: 'Unknown browser', system: null, mobile: false });
    expect(describeDevice('')).toEqual({ label: 'Unknown browser', system: null, mobile: false });
    expect(describeDevice('curl/8.5.0').label).toBe('Unknown browser');
    expect(describeDevice(agents.oldAndroidBrowser).label).toBe('Unknown browser on Android');
    expect(describeDevice('Mozilla/5.0 (Windows NT 10.0) SomeBrowser/1.0').label).toBe('Unknown browser on Windows');
    expect(describeDevice('Firefox/132.0').label).toBe('Firefox');
  });
});
