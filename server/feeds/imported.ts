// What a feed does with each answer it receives: parsed by its source's parser, written like an imported file (one
// transaction, records already stored left alone), and logged when it changed something.
import type { ParsedPayload, PayloadContext } from '../../core/sources/records.js';
import type { Logger } from '../log.js';
import type { ImportService } from '../services/write/imports.js';
import type { Source } from './source.js';

export async function importAnswer(
  source: Pick<Source, 'name' | 'parse'>,
  text: string,
  context: PayloadContext,
  imports: ImportService,
  log: Logger,
): Promise<ParsedPayload> {
  const parsed = source.parse(text, context);
  const { counts, skipped } = await imports.payload(parsed);
  const written = Object.fromEntries(
    Object.entries(counts)
      .filter(([, c]) => c.written)
      .map(([kind, c]) => [kind, c.written]),
  );
  if (Object.keys(written).length)
    log.info({ feed: source.name, answer: context.name, written }, `feed ${source.name} wrote`);
  if (skipped.length)
    log.debug(
      { feed: source.name, answer: context.name, skipped: skipped.slice(0, 5) },
      `feed ${source.name} skipped items`,
    );
  return parsed;
}
