/**
 * Text that people typed (an agent's name, a reward's title) written into messages that leave the app: chat messages
 * (Slack mrkdwn, and the Markdown of Mattermost and Rocket.Chat, which take the same webhooks) and emails. Anyone may
 * register, so a name is hostile input: "@channel", "<!here>", "[Pay here](https://evil.example)" or a line break
 * must reach the reader as the letters they are, never as a mention, a link, formatting or a mail header.
 */

/** Control characters, line and paragraph separators: each becomes a space (a name is one line). */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g;

/**
 * One line of plain text: no control characters or line breaks, runs of spaces collapsed. No-break spaces stay: the
 * organisation's locale puts them in amounts ("5.000\u00a0€") and they break no line.
 */
export function plainLine(text: string): string {
  return text.replace(CONTROL, ' ').replace(/ {2,}/g, ' ').trim();
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

/**
 * Markup of Microsoft Teams cards and the look-alike shown instead (docs/webhooks.md, "Format teams"). Teams renders a
 * subset of Markdown in an Adaptive Card's TextBlocks and in a FactSet's titles and values (**bold**, _italic_, "- "
 * and "1. " lists, [text](url) links) and makes <at>..</at> a mention; it shows no HTML. The card schema (1.4, 1.5)
 * has no property that turns Markdown off for a TextBlock or a fact: only a TextRun inside a RichTextBlock is plain,
 * and facts cannot be TextRuns. So the text itself is made inert, with look-alikes rather than backslash escapes:
 * they read the same whether a client renders the Markdown or shows it. A backslash typed in a name becomes a
 * look-alike too, as it would hide itself before punctuation.
 */
const TEAMS_LOOK_ALIKES: Record<string, string> = {
  ...CHAT_LOOK_ALIKES,
  '<': '\u2039',
  '>': '\u203a',
  '\\': '\u29f5',
};

/**
 * What starts a block at the beginning of a line: "#" a heading, "-" and "+" an item of a list ("*" is replaced
 * everywhere). A name can be the first words of a card's title or of a fact.
 */
const TEAMS_LINE_START: Record<string, string> = { '#': '\uff03', '-': '\u2010', '+': '\uff0b' };

/**
 * Text for a Microsoft Teams card (a TextBlock or a fact of an Adaptive Card): one line; formatting, Markdown links,
 * mentions (<at>) and HTML written with look-alike characters, bare addresses unlinked as in chatText; a heading or a
 * list marker at its start ("# ", "- ", "1. ") shown as text; "&" before an entity name ("&lt;") and "{{" (the
 * card's DATE and TIME functions) broken so that they are shown rather than decoded.
 */
export function teamsText(text: string): string {
  return withoutLinks(plainLine(text))
    .replace(/[@*_~`[\]<>\\]/g, (character) => TEAMS_LOOK_ALIKES[character]!)
    .replace(/&(?=#?[\p{L}\p{N}]+;)/gu, '\uff06')
    .replace(/\{(?=\{)/g, '\uff5b')
    .replace(/^[#+-]/, (character) => TEAMS_LINE_START[character]!)
    .replace(/^(\d{1,9})([.)])(?= |$)/, (_, digits: string, mark: string) => `${digits}${mark === '.' ? '\u2024' : '\uff09'}`);
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
