import { describe, expect, it } from 'vitest';
import { composeEmail } from './emails';
import { notificationTexts, readersIn } from './notifications';
import { scopeOfLedTeams } from './team-scope';

// docs/product.md §12.22: notifications and their emails in each recipient's language.
describe('notifications in the reader’s language', () => {
  const event = { id: 7, type: 'tier.reached', agentId: 3, agentTeam: null, data: { agentName: 'Ana Ruiz', tierName: 'Gold', tierId: 4 } };
  const owner = { id: 1, role: 'owner' as const, scope: scopeOfLedTeams([]) };

  it('writes a German agent’s tier in German, and an English owner’s in English', () => {
    const readers = readersIn(new Map([['agent:3', 'de']]), 'en-US');
    const [agent, staff] = notificationTexts(event, [owner], String, readers);
    expect(agent).toMatchObject({ title: 'Sie haben Gold erreicht!', body: 'Ihr Gesamtergebnis hat die Stufe Gold erreicht. Fordern Sie die Prämie in Ihrer Stufen-Übersicht an.' });
    expect(staff).toMatchObject({ title: 'Ana Ruiz reached Gold', body: 'Their total reached the Gold tier.' });
  });

  it('follows the organisation’s language for those who chose none', () => {
    const [agent] = notificationTexts({ ...event, type: 'claim.updated', data: { tierName: 'Gold', rewardTitle: 'Kindle', status: 'shipped' } }, [], String, readersIn(new Map(), 'fr-FR'));
    expect(agent).toMatchObject({ title: 'Votre récompense du palier Gold a été expédiée', body: 'Votre demande « Kindle » a été expédiée.' });
  });

  it('makes a German agent’s email German, its html marked de', () => {
    const email = composeEmail(
      { kind: 'tier_reached', title: 'Sie haben Gold erreicht!', body: 'Ihr Gesamtergebnis hat die Stufe Gold erreicht.' },
      { appUrl: 'https://tracker.example.com', unsubscribeUrl: 'https://tracker.example.com/api/notifications/unsubscribe/x' },
      { orgName: 'Acme', detail: 'Die Stufe Gold beginnt bei 35.000 $.' },
      { language: 'de', orgLocale: 'en-US' },
    );
    expect(email.subject).toBe('Sie haben Gold erreicht!');
    expect(email.text).toContain('Acme auf TierTrack öffnen: https://tracker.example.com');
    expect(email.text).toContain('Sie erhalten diese E-Mail, weil Sie benachrichtigt werden möchten, wenn: ich eine Stufe erreiche.');
    expect(email.text).toContain('Diese E-Mails abbestellen: https://tracker.example.com/api/notifications/unsubscribe/x');
    expect(email.html).toContain('<html lang="de">');
    expect(email.text).not.toMatch(/Open |Stop these emails|You get this email/);
  });

  it('keeps the English email as it was', () => {
    const email = composeEmail({ kind: 'tier_reached', title: 'You reached Gold!', body: 'b' }, { appUrl: 'u', unsubscribeUrl: 'x' });
    expect(email.text).toBe('You reached Gold!\n\nb\n\nOpen TierTrack: u\n\nYou get this email because you chose to hear when: I reach a tier.\nStop these emails: x');
  });
});
