import type { ReactNode } from 'react';

/**
 * A mark that no translation holds: a message's placeholder filled with it is where an element (a <time>, a styled
 * amount) goes, so that the words around the element stay in the message, in each language's own order.
 */
export const PART = '\u2063';

/** A message formatted with `PART` as one of its values, with `part` (an element) in its place. */
export function withPart(text: string, part: ReactNode): ReactNode {
  const at = text.indexOf(PART);
  if (at < 0) return text;
  return (
    <>
      {text.slice(0, at)}
      {part}
      {text.slice(at + PART.length)}
    </>
  );
}
