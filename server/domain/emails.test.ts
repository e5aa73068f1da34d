import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { composeEmail, readUnsubscribeToken, unsubscribeToken } from './emails';

const key = randomBytes(32);
const target = { recipient: { kind: 'agent' as const, id: 42 }, kind: 'tier_reached' as const };

describe('unsubscribe tokens', () => {
  it('reads back what it signed, and nothing signed with another key or changed in any part', () => {
    const token = unsubscribeToken(key, target);
    expect(token).toMatch(/^tier_reached\.agent\.42\.[\w-]{43}$/);
    expect(readUnsubscribeToken(key, token)).toEqual(target);
    expect(readUnsubscribeToken(randomBytes(32), token)).toBeUndefined();
    const [, , , mac] = token.split('.');
    for (const changed of [`claim_status.agent.42.${mac}`, `tier_reached.user.42.${mac}`, `tier_reached.agent.43.${mac}`, `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`]) {
      expect(readUnsubscribeToken(key, changed), changed).toBeUndefined();
    }
    for (const junk of ['', 'tier_reached', `nope.agent.42.${mac}`, `tier_reached.agent.0.${mac}`, `${token}.x`, token.slice(0, -2)]) {
      expect(readUnsubscribeToken(key, junk), junk).toBeUndefined();
    }
  });
});

describe('composeEmail', () => {
  it('writes the title as the subject, the text and an HTML body with every piece of text escaped', () => {
    const email = composeEmail(
      { kind: 'claim_created', title: 'Ann <b>claimed</b> the Starter reward', body: '“Mug & pen” is waiting in Reward Claims.' },
      { appUrl: 'https://tracker.example.com', unsubscribeUrl: 'https://tracker.example.com/api/notifications/unsubscribe/x?a=1&b=2' },
    );
    expect(email.subject).toBe('Ann <b>claimed</b> the Starter reward');
    expect(email.text).toBe(
      [
        'Ann <b>claimed</b> the Starter reward',
        '',
        '“Mug & pen” is waiting in Reward Claims.',
        '',
        'Open TierTrack: https://tracker.example.com',
        '',
        'You get this email because you chose to hear when: an agent claims a reward.',
        'Stop these emails: https://tracker.example.com/api/notifications/unsubscribe/x?a=1&b=2',
      ].join('\n'),
    );
    expect(email.html).toContain('<h1 style="font-size: 20px">Ann &lt;b&gt;claimed&lt;/b&gt; the Starter reward</h1>');
    expect(email.html).toContain('<p>“Mug &amp; pen” is waiting in Reward Claims.</p>');
    expect(email.html).toContain('href="https://tracker.example.com/api/notifications/unsubscribe/x?a=1&amp;b=2"');
    expect(email.html).not.toContain('<b>');
  });

  it('keeps what a registrant typed as one line of plain text: no extra header, no line of its own, no link', () => {
    const name = 'Eve\r\nBcc: all@example.com\r\n\r\n[Claim now](https://evil.example) =?utf-8?B?SGk=?=';
    const email = composeEmail(
      { kind: 'agent_registered', title: `${name} registered`, body: 'They can sign in now.' },
      { appUrl: 'https://tracker.example.com', unsubscribeUrl: 'https://tracker.example.com/u' },
      { orgName: 'Acme\nReply-To: evil@example.com' },
    );
    expect(email.subject).toBe('Eve Bcc: all@example․com [Claim now](https:∕∕evil․example) = ?utf-8?B?SGk= ?= registered');
    expect(email.subject).not.toMatch(/[\r\n]/);
    expect(email.text.split('\n')[0]).toBe('Eve Bcc: all@example․com [Claim now](https:∕∕evil․example) =?utf-8?B?SGk=?= registered');
    expect(email.text).not.toMatch(/^(Bcc|Reply-To):/m);
    expect(email.text).toContain('Open Acme Reply-To: evil@example․com on TierTrack: https://tracker.example.com');
    expect(email.html).not.toContain('https://evil.example');
  });
});
