import { describe, expect, it } from 'vitest';
import { chatText, emailSubject, plainLine, teamsText, withoutLinks } from './outbound-text';

/** Names an anonymous registrant might choose, to ping a channel, plant a link or add a mail header. */
const HOSTILE = {
  channel: '@channel @here @everyone @all',
  slackSpecial: '<!here> <!channel> <@U024BE7LH> <#C024BE7LR>',
  slackLink: '<https://evil.example/login|Claim your bonus>',
  markdownLink: '[Claim your bonus](https://evil.example/login)',
  markdownImage: '![x](https://evil.example/pixel.png)',
  bareUrl: 'Visit https://evil.example or www.evil.example or evil.example',
  formatting: '*bold* _italic_ ~strike~ `code` ```block```',
  header: 'Eve\r\nBcc: everyone@example.com\r\n\r\nBody',
};

describe('chatText', () => {
  it('shows &, < and > as text, so Slack special mentions and <url|text> links are not run', () => {
    expect(chatText(HOSTILE.slackSpecial)).toBe('&lt;!here&gt; &lt;!channel&gt; &lt;＠U024BE7LH&gt; &lt;#C024BE7LR&gt;');
    expect(chatText(HOSTILE.slackLink)).toBe('&lt;https:∕∕evil․example/login|Claim your bonus&gt;');
    expect(chatText('Dana & Co')).toBe('Dana &amp; Co');
  });

  it('writes every @ as ＠: no @channel, @here, @everyone, @all or @someone mention in Slack, Mattermost or Rocket.Chat', () => {
    expect(chatText(HOSTILE.channel)).toBe('＠channel ＠here ＠everyone ＠all');
    expect(chatText(HOSTILE.channel)).not.toContain('@');
  });

  it('breaks Markdown links and images, and bare addresses a chat would link', () => {
    expect(chatText(HOSTILE.markdownLink)).toBe('［Claim your bonus］(https:∕∕evil․example/login)');
    expect(chatText(HOSTILE.markdownImage)).toBe('!［x］(https:∕∕evil․example/pixel․png)');
    const bare = chatText(HOSTILE.bareUrl);
    expect(bare).toBe('Visit https:∕∕evil․example or www․evil․example or evil․example');
    expect(bare).not.toMatch(/:\/\/|[a-z]\.[a-z]/);
  });

  it('shows formatting characters as look-alikes, and keeps one line', () => {
    expect(chatText(HOSTILE.formatting)).toBe('∗bold∗ ˍitalicˍ ∼strike∼ ˋcodeˋ ˋˋˋblockˋˋˋ');
    expect(chatText(HOSTILE.header)).toBe('Eve Bcc: everyone＠example․com Body');
  });

  it('leaves ordinary names, initials and amounts as they are', () => {
    expect(chatText("Ann O'Brien-Smith")).toBe("Ann O'Brien-Smith");
    expect(chatText('J. R. Smith')).toBe('J. R. Smith');
    expect(chatText('Zoë Ünal, 1.5 years')).toBe('Zoë Ünal, 1.5 years');
  });
});

describe('teamsText', () => {
  it('writes mentions as text: no @ and no <at>..</at> for Teams to resolve', () => {
    expect(teamsText(HOSTILE.channel)).toBe('＠channel ＠here ＠everyone ＠all');
    expect(teamsText('<at>All</at> <at>Dana</at>')).toBe('‹at›All‹/at› ‹at›Dana‹/at›');
    expect(teamsText(`${HOSTILE.channel} <at>All</at>`)).not.toMatch(/[@<>]/);
  });

  it('breaks Markdown links and images, autolinks and bare addresses', () => {
    expect(teamsText('[Pay](https://evil.example)')).toBe('［Pay］(https:∕∕evil․example)');
    expect(teamsText(HOSTILE.markdownLink)).toBe('［Claim your bonus］(https:∕∕evil․example/login)');
    expect(teamsText(HOSTILE.markdownImage)).toBe('!［x］(https:∕∕evil․example/pixel․png)');
    expect(teamsText('<https://evil.example>')).toBe('‹https:∕∕evil․example›');
    const bare = teamsText(HOSTILE.bareUrl);
    expect(bare).toBe('Visit https:∕∕evil․example or www․evil․example or evil․example');
    expect(bare).not.toMatch(/:\/\/|[a-z]\.[a-z]/);
  });

  it('shows formatting as look-alikes: bold, italic, strike-through, code, HTML', () => {
    expect(teamsText('**bold**')).toBe('∗∗bold∗∗');
    expect(teamsText(HOSTILE.formatting)).toBe('∗bold∗ ˍitalicˍ ∼strike∼ ˋcodeˋ ˋˋˋblockˋˋˋ');
    expect(teamsText('__b__ ~~s~~ <b>bold</b>')).toBe('ˍˍbˍˍ ∼∼s∼∼ ‹b›bold‹/b›');
    // A backslash would escape the character after it and hide itself.
    expect(teamsText('a\\*b\\')).toBe('a⧵∗b⧵');
  });

  it('keeps a heading, a list or a quote from starting at the beginning of the text', () => {
    expect(teamsText('# heading')).toBe('＃ heading');
    expect(teamsText('## heading')).toBe('＃# heading');
    expect(teamsText('1. list')).toBe('1․ list');
    expect(teamsText('2) list')).toBe('2） list');
    expect(teamsText('- item')).toBe('‐ item');
    expect(teamsText('+ item')).toBe('＋ item');
    expect(teamsText('* item')).toBe('∗ item');
    expect(teamsText('> quote')).toBe('› quote');
    expect(teamsText('---')).toBe('‐--');
  });

  it('keeps one line, so that nothing starts a line inside it', () => {
    expect(teamsText('Eve\r\n- item\n1. item\u2028# heading')).toBe('Eve - item 1. item # heading');
  });

  it('shows entity names and the card’s date functions as typed, rather than decoded', () => {
    expect(teamsText('&lt;at&gt;All&lt;/at&gt; &#64;here')).toBe('＆lt;at＆gt;All＆lt;/at＆gt; ＆#64;here');
    expect(teamsText('{{DATE(2017-02-14T06:00:00Z, SHORT)}}')).toBe('｛{DATE(2017-02-14T06:00:00Z, SHORT)}}');
  });

  it('leaves ordinary names, initials, numbers and ampersands as they are', () => {
    expect(teamsText("Ann O'Brien-Smith")).toBe("Ann O'Brien-Smith");
    expect(teamsText('J. R. Smith')).toBe('J. R. Smith');
    expect(teamsText('Zoë Ünal, 1.5 years')).toBe('Zoë Ünal, 1.5 years');
    expect(teamsText('Team #1 - North & South')).toBe('Team #1 - North & South');
    expect(teamsText('2024 record')).toBe('2024 record');
  });
});

describe('emailSubject', () => {
  it('is one line of plain text: CR, LF and other control characters cannot start a header', () => {
    const subject = emailSubject(`${HOSTILE.header} registered`);
    expect(subject).toBe('Eve Bcc: everyone@example.com Body registered');
    expect(subject).not.toMatch(/[\r\n]/);
    expect(emailSubject('A\u2028B\u0085C\u0000D\tE')).toBe('A B C D E');
  });

  it('cannot carry an encoded word for the mail program to decode, and is at most 200 characters', () => {
    expect(emailSubject('=?utf-8?B?SGk=?= registered')).toBe('= ?utf-8?B?SGk= ?= registered');
    const long = emailSubject('x'.repeat(1_000));
    expect(long).toHaveLength(200);
    expect(long.endsWith('...')).toBe(true);
  });
});

describe('plainLine and withoutLinks', () => {
  it('collapse blanks and break only what links', () => {
    expect(plainLine('  a \n\n b  ')).toBe('a b');
    expect(withoutLinks('ftp://x.y $1,234.50 end.')).toBe('ftp:∕∕x․y $1,234.50 end.');
  });
});
