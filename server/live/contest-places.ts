import type { Db } from '../db/client';
import { participantNames, readContestFigures, readContestResults, type ContestRow } from '../db/queries/contests';
import { contestWindow, rankContest } from '../domain/contests';
import type { PeriodFigures } from './period-figures';

/** A participant's figure, with its name when the read gave it (the tables and the frozen results do; memory does not). */
export interface PlaceFigure {
  id: number;
  value: bigint;
  name?: string;
  publicProfile?: boolean;
}

/** A place in a contest's standings: its figure and rank (shared by equal figures). */
export interface Place {
  figure: PlaceFigure;
  rank: number;
}

/**
 * The places of a contest (docs/decisions/0077-contests.md), as the standings and the TV read them: a final contest's
 * as they froze; otherwise from the window's figures in memory (server/live/period-figures.ts), or the tables when
 * memory cannot answer, a race's winner first.
 */
export async function readContestPlaces(
  deps: { db: Db; figures: PeriodFigures; timeZone: string },
  row: ContestRow,
  final: boolean,
  fence?: number,
): Promise<Place[]> {
  if (final) {
    return (await readContestResults(deps.db, row.id)).map((result) => ({
      figure: { id: (row.teamsCompete ? result.teamId : result.agentId) ?? 0, name: result.name, publicProfile: result.publicProfile, value: result.value },
      rank: result.rank,
    }));
  }
  const { from, to } = contestWindow(row, deps.timeZone);
  const metric = row.metricId === null ? undefined : { metricId: row.metricId, unit: row.unit };
  const set = await deps.figures.windowFigures(row.metric, metric, from, to, fence);
  const figures: PlaceFigure[] = set
    ? set.participants({ kind: row.participantKind, ids: row.participantIds }, row.teamsCompete)
    : await readContestFigures(deps.db, row, from, to);
  return rankContest(figures, row.raceWinnerId);
}

/** The names of the places given (read for those whose figure came without one: a page's at most). */
export async function namePlaces(db: Db, row: ContestRow, places: readonly Place[]): Promise<Map<number, { name: string; publicProfile: boolean }>> {
  const missing = places.map((place) => place.figure).filter((figure) => figure.name === undefined);
  const names = await participantNames(db, row.teamsCompete ? 'teams' : 'agents', missing.map((figure) => figure.id));
  for (const { figure } of places) {
    if (figure.name !== undefined) names.set(figure.id, { name: figure.name, publicProfile: figure.publicProfile ?? true });
  }
  return names;
}
