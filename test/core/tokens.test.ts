// The token count that holds MCP answers under a client's limit, against a real tokenizer (gpt-tokenizer, o200k_base)
// on what answers are made of: candles (dense numbers), stories (prose), schemas, EDGAR's JSON.

import { countTokens } from 'gpt-tokenizer';
import t from 'tap';
import { tokenCount } from '../../core/tokens.js';
import { LISTING_JSON } from '../../server/mcp/server.js';

const candle = (k: number) =>
  JSON.stringify({
    ts: new Date(Date.UTC(2026, 0, 1) + k * 60_000).toISOString(),
    open: 91234.12 + k,
    high: 92345.67 + k,
    low: 90123.45 - k,
    close: 91876.54 + k / 3,
    volumeUsd: 123456789.12 * k,
    venues: 7,
  });
const story = (k: number) =>
  JSON.stringify({
    id: k,
    headline: `Fed cuts rates by 25 basis points; officials signal patience (${k})`,
    summary:
      "The central bank's statement said inflation had eased while the labour market stayed firm, and two members dissented.",
    sourceUrl: `https://wire.example/stories/${k}`,
  });

t.test('at most 6% under the real count (a limit held by it holds), at most 10% over, candles to prose', async (t) => {
  const samples: [string, string][] = [
    ['candles', `[${Array.from({ length: 500 }, (_, k) => candle(k)).join(',')}]`],
    ['stories', `[${Array.from({ length: 200 }, (_, k) => story(k)).join(',')}]`],
    ['tools/list', LISTING_JSON],
    [
      'text with non-Latin letters',
      'Überweisung für Café Müller: 12.345,67 € — 東京 の 株価 は 上昇 しました. '.repeat(50),
    ],
  ];
  for (const [what, text] of samples) {
    const real = countTokens(text);
    const counted = tokenCount(text);
    t.ok(
      counted >= 0.94 * real && counted <= 1.1 * real,
      `${what}: ${counted} counted, ${real} real (${text.length} characters)`,
    );
  }
});
