import type { ReactNode } from 'react';

/** What a message's placeholder is given where an element goes (a styled sample): the words around it are translated. */
export const ELEMENT_MARK = '\u0000';

/** A message formatted with ELEMENT_MARK for one placeholder, with `element` in its place. */
export function withElement(text: string, element: ReactNode): ReactNode {
  const [before = '', after = ''] = text.split(ELEMENT_MARK);
  return (
    <>
      {before}
      {element}
      {after}
    </>
  );
}
