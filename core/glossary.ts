// The glossary: the terms this service uses, defined in its own words, as the API and an LLM reading it need them.

export interface GlossaryEntry {
  slug: string;
  term: string;
  /** One sentence. */
  short: string;
  body: string;
  related: string[];
}

const entry = (slug: string, term: string, short: string, body: string, related: string[]): GlossaryEntry => ({
  slug,
  term,
  short,
  body,
  related,
});

export const GLOSSARY: GlossaryEntry[] = [
  entry(
    'pooled-price',
    'Pooled price',
    'One price for an instrument, taken from every venue that quotes it around the clock.',
    'Each venue listing reports its last price and 24-hour volume. Venues whose quote is older than the staleness limit are left out; of the rest, the volume-weighted median is found, venues more than 2% away from it are set aside as outliers, and the volume-weighted median of the venues that remain is the pooled price. It is labelled "<SYMBOL> · 24/7 (venues)" because it is a venue price that trades at all hours, not an official exchange close.',
    ['venue-listing', 'stale-quote', 'outlier-venue', 'confidence-band'],
  ),
  entry(
    'venue-listing',
    'Venue listing',
    'One instrument on one venue and market (spot or perpetual), with a stable listingId.',
    'An instrument trades on several venues, and on some venues both as spot and as a perpetual future. Each such pair is a listing with its own quote, volume, and for perpetuals open interest and funding; its candles can be read on their own.',
    ['pooled-price', 'perpetual'],
  ),
  entry(
    'stale-quote',
    'Stale quote',
    'A venue quote too old to count in the pooled price.',
    'A quote that has not been updated within the staleness limit (60 seconds by default) says nothing about the price now, so the venue is shown with the reason "stale" and left out of the pool until it quotes again.',
    ['pooled-price'],
  ),
  entry(
    'outlier-venue',
    'Outlier venue',
    'A fresh venue more than 2% away from the others, left out of the pool.',
    'A venue can drift away from the rest: a thin book, a halted deposit, a bad feed. When its price is more than 2% from the volume-weighted median of all fresh venues it is marked "outlier" and does not move the pooled price. A single bad venue holding under half the volume can never pull the pooled price outside the range of the honest ones.',
    ['pooled-price'],
  ),
  entry(
    'confidence-band',
    'Confidence band',
    'The volume-weighted 25th to 75th percentile of the venues in the pool.',
    'A narrow band means the venues agree; a wide one that the pooled price sits among prices that differ. It is given with every instrument detail next to the pooled price.',
    ['pooled-price'],
  ),
  entry(
    'candle',
    'Candle',
    'Open, high, low, close and volume of the pooled price over one interval: a minute, an hour or a day.',
    'Candles are built from the pooled price as it ticks, in UTC intervals. The current interval is always included as the open candle, which changes until its interval ends. Volume is in US dollars, summed over the venues in the pool.',
    ['pooled-price', 'daily-close'],
  ),
  entry(
    'daily-close',
    'Daily close',
    'The last pooled price of a UTC day.',
    'Venues trade around the clock, so the day ends at 00:00 UTC. The change of an instrument (changePct) is measured against the previous daily close, and moves are close-to-close changes between consecutive daily closes.',
    ['candle', 'unusual-move'],
  ),
  entry(
    'z-score',
    'zScore',
    'How many usual daily moves a day’s move is: its absolute change over the standard deviation of the previous 60 daily changes.',
    'A 3% day means little for a volatile coin and a great deal for a currency pair. Dividing by the instrument’s own recent standard deviation puts them on one scale. It is not given when fewer than 20 earlier days are known.',
    ['unusual-move', 'daily-close'],
  ),
  entry(
    'unusual-move',
    'Unusual move',
    'A UTC day whose close-to-close change reaches a zScore of 2.5, or the floor set for its kind of instrument.',
    'Moves are found from the daily closes at every day close. Each is linked to the stories that caused it, when there are any, and comes with an explanation written only from its numbers and those stories.',
    ['z-score', 'cause', 'candidate-story'],
  ),
  entry(
    'cause',
    'Cause',
    'A story confirmed as the reason for a move.',
    'A story becomes a cause when it happened on the day of the move and is about the instrument or its company and important enough, or when it is a surprising macro release or rate decision and the instrument is one that moves with macro news. A story is never a cause of a move on an earlier day than its own.',
    ['unusual-move', 'candidate-story', 'importance'],
  ),
  entry(
    'candidate-story',
    'Candidate story',
    'An important story about the instrument on the day of a move or the day before, not confirmed as its cause.',
    'Candidates are shown so a reader can judge for themselves; they are not claimed to explain the move. A story about the instrument, or about its company, with an importance of 50 or more qualifies.',
    ['cause', 'unusual-move'],
  ),
  entry(
    'importance',
    'Importance',
    'A score from 0 to 100 of how much a story matters to the market.',
    'Earnings surprises, rate decisions and deals score high; routine announcements low. Top stories rank by importance halved for every 24 hours of age, so a fresh story of middling importance can outrank an old major one.',
    ['cause'],
  ),
  entry(
    'catalyst',
    'Catalyst',
    'A scheduled event that may move prices: earnings, a macro release, a rate decision.',
    'Catalysts are known in advance, with the time expected and, where the market has one, a consensus. Once the time has passed and the outcome is reported, the catalyst links to the story that reported it.',
    ['consensus'],
  ),
  entry(
    'consensus',
    'Consensus',
    'What the market expects a scheduled number to be, before it is published.',
    'A result is a surprise when it differs from the consensus, and surprises, not the numbers themselves, are what move prices.',
    ['catalyst'],
  ),
  entry(
    'perpetual',
    'Perpetual future',
    'A futures contract with no expiry, kept close to the spot price by funding payments.',
    'Perpetuals trade on many crypto venues and, on some, for stocks, indices and commodities. Their price counts in the pool like a spot price.',
    ['funding-rate', 'open-interest'],
  ),
  entry(
    'funding-rate',
    'Funding rate',
    'What holders of one side of a perpetual pay the other, per funding interval, as a share of the position; given here in percent (0.01 = 0.01%).',
    'When the perpetual trades above spot, longs pay shorts, and the reverse. Venues pay every 8 hours or every hour; rates here are also given per 8 hours (an hourly rate times 8), and across venues weighted by each venue’s open interest.',
    ['perpetual', 'open-interest'],
  ),
  entry(
    'open-interest',
    'Open interest',
    'The value of all perpetual positions still open, in US dollars.',
    'Rising open interest with a rising price means new money entering; falling open interest means positions being closed. Totals add up the fresh perpetual listings.',
    ['perpetual', 'funding-rate'],
  ),
  entry(
    'ttm',
    'TTM (trailing twelve months)',
    'A figure summed over the last four reported quarters.',
    'Quarterly results swing with the seasons; adding the last four quarters gives a yearly figure that is as recent as possible.',
    ['pe-ratio'],
  ),
  entry(
    'pe-ratio',
    'P/E (price to earnings)',
    'The share price divided by earnings per share over the last twelve months.',
    'It says how many years of current earnings the price pays for. It is not meaningful when earnings are negative, and is then not given.',
    ['ttm'],
  ),
];
