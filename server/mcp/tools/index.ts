// The tools /mcp offers, in the order tools/list names them. A new tool is a file in this folder and a line here.
import type { Tool } from '../tool.js';
import { getBrief } from './brief.js';
import { getCalendar } from './calendar.js';
import { getCompany } from './company.js';
import { getCoverage } from './coverage.js';
import { getDerivatives } from './derivatives.js';
import { explainMove } from './explain-move.js';
import { getFilings } from './filings.js';
import { getFinancials } from './financials.js';
import { getFundamentals } from './fundamentals.js';
import { getGlossaryTerm } from './glossary-term.js';
import { getInsiderTrades } from './insider-trades.js';
import { getInstrument } from './instrument.js';
import { getMacroDashboard } from './macro-dashboard.js';
import { getMacroSeries } from './macro-series.js';
import { getMarketSnapshot } from './market-snapshot.js';
import { getMoves } from './moves.js';
import { getNews } from './news.js';
import { getPerson } from './person.js';
import { getPredictionMarkets } from './prediction-markets.js';
import { getPriceHistory } from './price-history.js';
import { getProject } from './project.js';
import { search } from './search.js';
import { getSector } from './sector.js';
import { getStory } from './story.js';

export const TOOLS: readonly Tool[] = [
  getBrief,
  getMarketSnapshot,
  getCoverage,
  search,
  getInstrument,
  getPriceHistory,
  getDerivatives,
  getMoves,
  explainMove,
  getNews,
  getStory,
  getCompany,
  getProject,
  getPerson,
  getSector,
  getFundamentals,
  getFinancials,
  getFilings,
  getInsiderTrades,
  getCalendar,
  getMacroSeries,
  getMacroDashboard,
  getPredictionMarkets,
  getGlossaryTerm,
];
