import { Download } from 'lucide-react';
import { Button } from './button';

/**
 * A CSV download (contract/exports.ts): a plain link, so the browser streams the file to disk with the session
 * cookie, however large it is, and shows its own download progress.
 */
export function ExportButton({ href, label, what }: { href: string; label: string; what: string }) {
  return (
    <Button asChild variant="outline" size="sm">
      <a href={href} download aria-label={`${label}: download ${what} as a CSV file`}>
        <Download aria-hidden="true" />
        {label}
      </a>
    </Button>
  );
}
