import type { RouteComponentProps } from 'wouter';
import { TvBoard } from '../../features/tv-board/components/tv-board';

/** /tv/{token}: a TV link's board, for an office screen; no sign-in, the token is the credential. */
export default function TvBoardPage({ params }: RouteComponentProps<{ token: string }>) {
  // A new token is a new board: nothing of the previous one's state carries over.
  return <TvBoard key={params.token} token={params.token} />;
}
