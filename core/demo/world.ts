// The whole demo world from a seed and an anchor (the load time): its market model, the news story drawn first, the
// price history with the story's shocks drawn in, ending at the real closes the demo is anchored to, then, from that
// history, the market's reactions to the news and a story for each unusual day the market drew on its own; and the
// numbers its release stories report, past and upcoming, which its macro series hold. Every figure a story states
// about a price is read from the history.
import { type DemoHistory, demoHistories, demoHistoryStart, MarketPath } from './history.js';
import { startsPinnedToCloses } from './levels.js';
import type { MacroPrint } from './macro/prints.js';
import { demoMarketModel, MarketModel } from './market-model.js';
import { moveStories } from './move-stories.js';
import { reactionStories } from './reactions.js';
import { RecordedDays } from './recorded-days.js';
import type { DemoStory } from './story/draft.js';
import { finishStory, storyDrafts } from './story.js';

export interface DemoWorld {
  story: DemoStory;
  /** By symbol. */
  histories: Map<string, DemoHistory>;
  /** The model's path, left at the anchor's minute: the live minutes carry on from it. */
  path: MarketPath;
  /** Every release story's number, in time order, those still to come included. */
  prints: MacroPrint[];
}

/** The world of `seed` whose history ends at `anchorMs`, with `minuteDays` days of 1m bars: the same inputs, the same world. */
export function demoWorld(seed: number, anchorMs: number, minuteDays = 1): DemoWorld {
  const startMs = demoHistoryStart(anchorMs, minuteDays);
  const model = demoMarketModel(seed, startMs);
  const drafts = storyDrafts(seed, model, startMs, anchorMs);
  const shocks = drafts
    .filter((d) => d.occurredAt < anchorMs)
    .flatMap((d) => d.shocks.map((s) => ({ ...s, ts: d.occurredAt })));
  // The path drawn once to see where it ends, then again from starts that make it end at the anchor's real closes.
  const unpinned = demoHistories(new MarketPath(model, seed, shocks), anchorMs, minuteDays);
  const symbols = model.instruments.map((i) => i.symbol);
  const starts = startsPinnedToCloses(symbols, model.start, (i) => unpinned.get(symbols[i]!)!.minute.close.at(-1)!);
  const path = new MarketPath(new MarketModel(model.policy, startMs, starts), seed, shocks);
  const histories = demoHistories(path, anchorMs, minuteDays);
  const days = new RecordedDays(histories);
  const told = [...drafts, ...reactionStories(model, days, drafts, anchorMs)];
  const story = finishStory([...told, ...moveStories(seed, days, told, anchorMs)], startMs, anchorMs);
  const prints = drafts.flatMap((d) => (d.print ? [d.print] : [])).sort((a, b) => a.releasedAt - b.releasedAt);
  return { story, histories, path, prints };
}
