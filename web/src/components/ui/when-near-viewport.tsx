import { useEffect, useRef, useState, type ReactNode } from 'react';

/**
 * Renders `children` once its place comes near the viewport (within `margin`), `placeholder` until then: parts below
 * the first screen (charts) load their code and data after it rather than with it
 * (docs/decisions/0026-agent-page-and-overview-charts.md). Without IntersectionObserver, at once.
 */
export function WhenNearViewport({ children, placeholder, margin = '200px' }: { children: ReactNode; placeholder: ReactNode; margin?: string }) {
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  const anchor = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (near || !anchor.current) return;
    const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && setNear(true), { rootMargin: margin });
    observer.observe(anchor.current);
    return () => observer.disconnect();
  }, [near, margin]);
  return near ? <>{children}</> : <div ref={anchor}>{placeholder}</div>;
}
