import { Fragment, type ReactNode } from 'react';

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

/** A placeholder's value marking where element `index` of `withParts` goes ("carries a {signature} header and a {delivery} id"). */
export const part = (index: number) => `${PART}${index}${PART}`;

/** A message formatted with `part(i)` as its values, with `parts[i]` (a <code>, a <time>) in their places. */
export function withParts(text: string, parts: readonly ReactNode[]): ReactNode {
  const pieces = text.split(new RegExp(`${PART}(\\d+)${PART}`));
  return (
    <>
      {pieces.map((piece, index) => (index % 2 === 0 ? piece : <Fragment key={index}>{parts[Number(piece)]}</Fragment>))}
    </>
  );
}
