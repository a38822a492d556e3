// The demo source: a seeded universe loaded on first start, simulated venues that the tick loop pools, and a newswire
// that publishes routine stories and each catalyst's outcome at its time. Its payloads (the demo wire and calendar
// formats) can be imported like any source's.
import { DEMO_SOURCE, parseDemoPayload } from '../../../core/sources/demo/index.js';
import { clock } from '../../clock.js';
import type { Source } from '../source.js';
import { loadDemo } from './load.js';
import { DemoNewswire } from './newswire.js';
import { DemoVenueFeed, demoVenueFeed } from './venues.js';

export const demoSource: Source = {
  name: DEMO_SOURCE,
  description: 'the seeded demo universe: simulated venues, its story, and a newswire (TAPEWIRE_DEMO)',
  settings: (config) => ({
    on: config.demo,
    intervalsMs: { venues: config.tickMs, newswire: config.demoNewsEveryS * 1000 },
    credentials: [],
  }),
  parse: parseDemoPayload,
  loads: 'the demo universe',

  async load({ config, services, progress, log }) {
    const { loaded } = await loadDemo(services, {
      seed: config.demoSeed,
      anchorMs: clock.now(),
      minuteDays: config.demoMinuteDays,
      progress,
    });
    log.info({ seed: config.demoSeed, loaded }, loaded ? 'demo universe loaded' : 'a dataset is already loaded');
  },

  async venueFeeds({ config, state, store, health }) {
    return state.instruments.length
      ? [await demoVenueFeed(state, store, health, config.poolStaleS * 1000, config.demoSeed, clock.now())]
      : [];
  },

  async start({ config, services, venueFeeds, health, log }) {
    const venues = venueFeeds.find((f): f is DemoVenueFeed => f instanceof DemoVenueFeed) ?? null;
    const newswire = new DemoNewswire(services, venues, config.demoSeed, health, log);
    await newswire.start(config.demoNewsEveryS * 1000);
    return () => newswire.stop();
  },
};
