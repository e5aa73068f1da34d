import type { CreatedTvLink } from '@contract/tv-links';
import { ExternalLink } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { ShownOnceDialog } from '../../../components/ui/shown-once-dialog';
import { useT } from '../../../lib/i18n/translate';
import { messages } from '../messages';

/** A TV link just made, with Open: the server keeps only a hash of the token, so a lost address means a new link. */
export function CreatedTvLinkDialog({ link, onClose }: { link: CreatedTvLink | null; onClose: () => void }) {
  const t = useT(messages);
  return (
    <ShownOnceDialog
      title={t('createdTitle')}
      description={t('createdDescription')}
      secret={link && { label: t('addressOf', { name: link.name }), value: link.url, what: t('addressWhat'), warning: t('createdWarning') }}
      onClose={onClose}
    >
      <Button asChild variant="outline" className="justify-self-start">
        <a href={link?.url} target="_blank" rel="noreferrer">
          <ExternalLink aria-hidden="true" />
          {t('openBoard')}
          <span className="sr-only">{t('opensInNewTab')}</span>
        </a>
      </Button>
    </ShownOnceDialog>
  );
}
