// What a page's live script needs on <body>: a stream ticket for the viewer's address on the page's topics.
import type { PageCtx } from '../page.js';

export function liveData(ctx: PageCtx, topics: string[]): Record<string, string> {
  return { topics: topics.join(','), ticket: ctx.liveTicket(topics) };
}
