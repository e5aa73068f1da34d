import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import type { Message, Messages } from './catalog';

// The pseudo-locale (docs/decisions/0093-message-catalogs.md): English made longer and accented, in brackets, so that
// a screen shows at a glance which words escaped the catalogs and whether it holds text 40% longer than English.

const ACCENTED: Record<string, string> = {
  a: 'å', b: 'ƀ', c: 'ç', d: 'ð', e: 'é', f: 'ƒ', g: 'ĝ', h: 'ĥ', i: 'î', j: 'ĵ', k: 'ķ', l: 'ļ', m: 'ɱ', n: 'ñ', o: 'ö', p: 'þ',
  q: 'ǫ', r: 'ŕ', s: 'š', t: 'ţ', u: 'û', v: 'ṽ', w: 'ŵ', x: 'ẋ', y: 'ý', z: 'ž',
  A: 'Å', B: 'Ɓ', C: 'Ç', D: 'Ð', E: 'É', F: 'Ƒ', G: 'Ĝ', H: 'Ĥ', I: 'Î', J: 'Ĵ', K: 'Ķ', L: 'Ļ', M: 'Ṁ', N: 'Ñ', O: 'Ö', P: 'Þ',
  Q: 'Ǫ', R: 'Ŕ', S: 'Š', T: 'Ţ', U: 'Û', V: 'Ṽ', W: 'Ŵ', X: 'Ẋ', Y: 'Ý', Z: 'Ž',
};

/** Accents every letter and doubles every vowel: words stay words (they wrap where English wraps), about 40% longer. */
export function pseudoText(text: string): string {
  return text.replace(/[A-Za-z]/g, (letter) => {
    const accented = ACCENTED[letter] ?? letter;
    return /[aeiouAEIOU]/.test(letter) ? accented + accented.toLowerCase() : accented;
  });
}

function pseudoElements(elements: MessageFormatElement[]): MessageFormatElement[] {
  return elements.map((element) => {
    if (element.type === TYPE.literal) return { ...element, value: pseudoText(element.value) };
    if (element.type === TYPE.plural || element.type === TYPE.select) {
      const options = Object.fromEntries(Object.entries(element.options).map(([name, option]) => [name, { ...option, value: pseudoElements(option.value) }]));
      return { ...element, options };
    }
    if (element.type === TYPE.tag) return { ...element, children: pseudoElements(element.children) };
    return element;
  });
}

const literal = (value: string): MessageFormatElement => ({ type: TYPE.literal, value });

/** One English message in the pseudo-locale: "[Šîîĝñ îîñ]". */
export function pseudoMessage(message: Message): MessageFormatElement[] {
  const elements = typeof message === 'string' ? parse(message, { ignoreTag: true }) : message;
  return [literal('['), ...pseudoElements(elements), literal(']')];
}

export function pseudoMessages(messages: Messages): Messages {
  return Object.fromEntries(Object.entries(messages).map(([key, message]) => [key, pseudoMessage(message)]));
}
