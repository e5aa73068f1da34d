import { describe, expect, it } from 'vitest';
import { DEFAULT_PUSH_SERVICE_HOSTS } from '../config';
import { pushEndpointRefusal } from './push';

describe('pushEndpointRefusal', () => {
  const browsers = [...DEFAULT_PUSH_SERVICE_HOSTS];

  it('takes the endpoints Chrome, Firefox, Edge and Safari give', () => {
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/dGVzdA:APA91b',
      'https://fcm.googleapis.com/wp/dGVzdA',
      'https://updates.push.services.mozilla.com/wpush/v2/gAAAAABh',
      'https://wns2-par02p.notify.windows.com/w/?token=BQYAAAB',
      'https://web.push.apple.com/QGuQyavXutnMmeqSnmgDzF',
      'https://FCM.googleapis.com/fcm/send/x',
    ]) {
      expect(pushEndpointRefusal(endpoint, browsers), endpoint).toBeUndefined();
    }
  });

  it('refuses any other host, a look-alike, another port, plain http, and this machine unless named', () => {
    const refused: [string, RegExp][] = [
      ['https://internal.example.com/push', /^internal\.example\.com is not a push service this server sends to$/],
      ['https://fcm.googleapis.com.evil.test/fcm/send/x', /is not a push service/],
      ['https://evilfcm.googleapis.com/x', /is not a push service/],
      ['https://notify.windows.com/w/', /^notify\.windows\.com is not a push service/],
      ['https://evil-notify.windows.com/w/', /is not a push service/],
      ['https://169.254.169.254/latest/meta-data', /^169\.254\.169\.254 is not a push service/],
      ['https://fcm.googleapis.com:8443/fcm/send/x', /https port/],
      ['http://fcm.googleapis.com/fcm/send/x', /over https/],
      ['http://127.0.0.1:9000/push/x', /this machine/],
      ['https://localhost/push/x', /this machine/],
      ['http://[::1]:9000/push/x', /this machine/],
      ['not a url', /not a URL/],
    ];
    for (const [endpoint, message] of refused) expect(pushEndpointRefusal(endpoint, browsers), endpoint).toMatch(message);
  });

  it('takes a loopback push service named exactly, over http on any port (tests)', () => {
    expect(pushEndpointRefusal('http://127.0.0.1:40123/push/x', ['127.0.0.1'])).toBeUndefined();
    expect(pushEndpointRefusal('http://localhost:40123/push/x', ['127.0.0.1'])).toMatch(/this machine/);
    expect(pushEndpointRefusal('ftp://127.0.0.1/push/x', ['127.0.0.1'])).toMatch(/this machine/);
  });
});
