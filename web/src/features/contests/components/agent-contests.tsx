import { MyContests } from './my-contests';
import { MyPrizes } from './my-prizes';

/** The agent dashboard's contests part: its contests (live places) and the prizes it won. Loaded after the first paint. */
export default function AgentContests() {
  return (
    <>
      <MyContests />
      <MyPrizes />
    </>
  );
}
