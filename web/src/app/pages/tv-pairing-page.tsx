import { TvPairingScreen } from '../../features/tv-board/components/tv-pairing-screen';

/** /tv: a TV shows a short code for the owner to enter, then goes to its board (docs/decisions/0086-tv-pairing.md). */
export default function TvPairingPage() {
  return <TvPairingScreen />;
}
