import { Download } from 'lucide-react';
import { Button } from './button';
import { useT } from '../../lib/i18n/translate';
import { messages } from './messages';

/**
 * A CSV download (contract/exports.ts): a plain link, so the browser streams the file to disk with the session
 * cookie, however large it is, and shows its own download progress.
 */
export function ExportButton({ href, label, what }: { href: string; label: string; what: string }) {
  const t = useT(messages);
  return (
    <Button asChild variant="outline" size="sm">
      <a href={href} download aria-label={t('downloadCsv', { label, what })}>
        <Download aria-hidden="true" />
        {label}
      </a>
    </Button>
  );
}
