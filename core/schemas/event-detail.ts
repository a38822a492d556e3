// One story with what hangs on it: the moves it caused, the filing behind it, related stories.
import { type Static, Type } from '@sinclair/typebox';
import { Nullable } from './common.js';
import { Event } from './events.js';
import { Move } from './moves.js';
import { Filing } from './sec.js';

/** Related stories shown with a story: those sharing an entity with it within 45 days, most important first. */
export const RELATED_STORIES = 10;

export const EventDetail = Type.Object({
  ...Event.properties,
  causedMoves: Type.Array(Move, { description: 'the unusual moves this story is a confirmed cause of, newest first' }),
  filing: Nullable(
    Type.Object(Filing.properties, {
      description: 'the SEC filing behind the story, citing it on EDGAR; null for a story no filing is behind',
    }),
  ),
  relatedStories: Type.Array(Event, {
    description: `stories sharing an entity with it within 45 days, most important first (at most ${RELATED_STORIES})`,
  }),
});
export type EventDetail = Static<typeof EventDetail>;
