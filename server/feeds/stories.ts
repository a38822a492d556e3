// What a live feed does with the stories it has just written, whatever its source: sends them out on the stream at
// once, and, when one is important enough for the move linker to read, runs the linkers again so that the moves it
// explains name it now rather than at the next start. The linking is not waited for: the detector folds the runs asked
// for while one is under way into one, so a feed writing many payloads in a round costs a run or two, not one each.
import { CANDIDATE_MIN_IMPORTANCE } from '../../core/moves/linker.js';
import { type Logger, logFailure } from '../log.js';
import type { Services } from '../services/index.js';
import type { StartContext } from './source.js';

export type StoryOutlet = { events: Pick<Services['events'], 'announce'>; log: Logger } & Pick<StartContext, 'relink'>;

export async function publishStories(outlet: StoryOutlet, ids: number[]): Promise<void> {
  const stories = await outlet.events.announce(ids);
  if (!stories.some((s) => s.importance >= CANDIDATE_MIN_IMPORTANCE)) return;
  outlet.relink().catch((err) => logFailure(outlet.log, err, 'new stories not linked to moves'));
}
