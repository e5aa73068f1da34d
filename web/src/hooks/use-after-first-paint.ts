import { startTransition, useEffect, useState } from 'react';

/**
 * False until the browser has painted the screen this component first rendered on (or, with `contentShown`, the first
 * screen after that became true), then true. Parts of a first screen that are not its content (the notification count,
 * the live connection, charts below it) start their reads and their code with this, so that they do not stand between
 * the content's data and its first paint: on a slow phone each such request before the paint delays it by a round trip.
 */
export function useAfterFirstPaint(contentShown = true): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    if (!contentShown || painted) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // The frame callback runs just before the frame is painted; a task queued from it runs after. What then renders
    // does so as a transition: in slices that leave the main thread free between them (a tap is answered at once).
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => startTransition(() => setPainted(true)), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [contentShown, painted]);
  return painted;
}
