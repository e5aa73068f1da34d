/**
 * Text that people typed (an agent's name, a reward's title) written into messages that leave the app: chat messages
 * (Slack mrkdwn, and the Markdown of Mattermost and Rocket.Chat, which take the same webhooks) and emails. Anyone may
 * register, so a name is hostile input: "@channel", "<!here>", "[Pay here](https://evil.example)" or a line break
 * must reach the reader as the letters they are, never as a mention, a link, formatting or a mail header.
 */

/** Control characters, line and paragraph separators: each becomes a space (a name is one line). */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g;

/** One line of plain text: no control characters or line breaks, blanks collapsed. */
export function plainLine(text: string): string {
  return text.replace(CONTROL, ' ').replace(/\s+/gu, ' ').trim();
}

/**
 * What makes text a link where it is shown: a scheme's "://" and the dot of a domain ("evil.example", "www.x").
 * Both are written with look-alike characters (U+2215 DIVISION SLASH, U+2024 ONE DOT LEADER) that no chat or mail
 * program links. A dot followed by a space or a digit ("J. Smith", "$1,234.50") stays a dot.
 */
export function withoutLinks(text: string): string {
  return text.replace(/:\/\//g, ':\u2215\u2215').replace(/(?<=[\p{L}\p{N}])\.(?=\p{L})/gu, '\u2024');
}

/**
 * Markup of chat messages and the look-alike shown instead: "@" starts a mention in Mattermost and Rocket.Chat
 * (@channel, @here, @all, @someone); "*", "_", "~" and "`" format in Slack mrkdwn and Markdown; "[" starts a Markdown
 * link or image.
 */
const CHAT_LOOK_ALIKES: Record<string, string> = {
  '@': '\uff20',
  '*': '\u2217',
  _: '\u02cd',
  '~': '\u223c',
  '`': '\u02cb',
  '[': '\uff3b',
  ']': '\uff3d',
};

/**
 * Text for a chat message: one line; &, < and > escaped as Slack asks (so "<!channel>", "<@U1>" and "<url|text>" are
 * shown, not run); mentions, formatting, Markdown links and bare addresses written with look-alike characters.
 */
export function chatText(text: string): string {
  return withoutLinks(plainLine(text))
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/[@*_~`[\]]/g, (character) => CHAT_LOOK_ALIKES[character]!);
}

/** The longest subject an email gets (RFC 5322 asks for lines under 78 characters; the encoder folds longer ones). */
const SUBJECT_MAX = 200;

/**
 * An email's subject: one line of plain text (no CR or LF can start another header), without "=?" (which a mail
 * program would decode as an encoded word), at most SUBJECT_MAX characters.
 */
export function emailSubject(text: string): string {
  const line = plainLine(text).replace(/=\?/g, '= ?');
  return line.length > SUBJECT_MAX ? `${[...line].slice(0, SUBJECT_MAX - 3).join('')}...` : line;
}
