// Every page of the website, one per path scheme the API's EntityRefs and a brief's citations hand out, and the pages'
// data answers.
import type { WebPage } from '../page.js';
import { companyPage } from './company.js';
import { chartCandles, pageTicket } from './data.js';
import { derivativesPage } from './derivatives.js';
import { glossaryPage } from './glossary.js';
import { homePage } from './home.js';
import { instrumentPage } from './instrument.js';
import { macroPage } from './macro.js';
import { moveExplainPage, movesPage } from './moves.js';
import { oddsPage } from './odds.js';
import { personPage } from './person.js';
import { projectPage } from './project.js';
import { searchPage } from './search.js';
import { filingsPage, insiderTradesPage } from './sec-lists.js';
import { sectorPage } from './sector.js';
import { storyPage } from './story.js';

export const WEB_PAGES: readonly WebPage[] = [
  homePage,
  instrumentPage,
  derivativesPage,
  moveExplainPage,
  movesPage,
  storyPage,
  companyPage,
  projectPage,
  personPage,
  sectorPage,
  macroPage,
  oddsPage,
  filingsPage,
  insiderTradesPage,
  glossaryPage,
  searchPage,
  chartCandles,
  pageTicket,
];
