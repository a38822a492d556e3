// Every page of the website, one per path scheme the API's EntityRefs hand out, and the pages' data answers.
import type { WebPage } from '../page.js';
import { chartCandles, pageTicket } from './data.js';
import { homePage } from './home.js';
import { instrumentPage } from './instrument.js';
import { moveExplainPage, movesPage } from './moves.js';
import { companyPage, glossaryPage, personPage, projectPage, sectorPage } from './references.js';
import { searchPage } from './search.js';
import { macroPage, oddsPage } from './series.js';
import { storyPage } from './story.js';

export const WEB_PAGES: readonly WebPage[] = [
  homePage,
  instrumentPage,
  moveExplainPage,
  movesPage,
  storyPage,
  companyPage,
  projectPage,
  personPage,
  sectorPage,
  macroPage,
  oddsPage,
  glossaryPage,
  searchPage,
  chartCandles,
  pageTicket,
];
