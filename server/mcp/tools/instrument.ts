// get_instrument: one instrument's pooled price and every venue listing, as /v1/instruments/{symbol}.
import { Type } from '@sinclair/typebox';
import { InstrumentDetail, SymbolParam } from '../../../core/schemas/instruments.js';
import { defineTool, ToolSingle } from '../tool.js';

export const getInstrument = defineTool({
  name: 'get_instrument',
  title: 'Instrument price and venues',
  description:
    'The live pooled price of one instrument (symbol such as BTC, AAPL, EURUSD, any case), its change since the ' +
    'previous 00:00 UTC close, confidence band, 24h volume, open interest and funding per 8 hours, and every venue ' +
    'listing with its own price, deviation from the pool and whether it is in the pool. Show the price with its ' +
    'priceLabel: "<SYMBOL> · 24/7 (venues)" when pooled from 24/7 venues, not an official close; an instrument no ' +
    'venue quotes shows its latest official close, labelled with its source ("GOOGL · official close (Stooq)").',
  input: Type.Object({ symbol: SymbolParam }),
  output: ToolSingle(InstrumentDetail),
  // The object of this tick the route answers with too: its JSON is written once per tick, not once per call.
  run: ({ symbol }, { services }) => ({ data: services.instruments.detailKept(symbol) }),
  keptData: true,
});
