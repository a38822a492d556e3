// The Form 4 behind each demo insider story: the director it names sold a small part of their shares under a Rule
// 10b5-1 plan (the form's checkbox ticked, and a footnote giving the plan's adoption date) one or two trading days
// before filing, at a weighted average price within a few tenths of a percent of the demo's price at that day's close,
// and holds fewer shares after each sale. The XML is EDGAR's ownershipDocument (schema X0508); the filing is the
// director's own (its accession number starts with their CIK), listed in the issuer's submissions as EDGAR lists it.
import { newYorkTime } from '../../calendar/new-york-time.js';
import type { BarColumns } from '../../kernels/bars.js';
import { DAY_MS, HOUR_MS, MINUTE_MS } from '../../time.js';
import { type DemoHistory, hash32 } from '../history.js';
import type { InsiderReport, Reported } from '../results.js';
import { isoDate, newYorkDate, tradingDaysFrom } from './clock.js';
import type { DemoFiler } from './filers.js';
import type { DemoFiling } from './filings.js';

/** One sale as the form reports it. */
export interface DemoInsiderSale {
  person: string;
  ownerCik: string;
  /** YYYY-MM-DD. */
  date: string;
  shares: number;
  price: number;
  sharesAfter: number;
}

export interface DemoOwnershipFiling {
  filing: DemoFiling;
  sale: DemoInsiderSale;
  /** Reported with the form. */
  story: Reported<InsiderReport>;
  xml: string;
}

/** A demo person's CIK as a reporting owner: invented, the same for the same person. */
export function ownerCik(person: string): string {
  return String(1_900_000 + (hash32(`cik/${person}`) % 90_000)).padStart(10, '0');
}

/** "Richard Vance" as EDGAR writes a reporting owner: family name first. */
function edgarName(name: string): string {
  const parts = name.split(' ');
  return [parts.at(-1), ...parts.slice(0, -1)].join(' ');
}

/** The close of the bar of `bars` whose interval (`stepMs`) holds `ms`, or null. */
function closeAt(bars: BarColumns, stepMs: number, ms: number): number | null {
  const k = Math.floor((ms - bars.ts[0]!) / stepMs);
  return k >= 0 && k < bars.ts.length && bars.ts[k]! <= ms && ms < bars.ts[k]! + stepMs ? bars.close[k]! : null;
}

/** The demo's price of the share at `ms`, from the finest bars that hold it. */
export function demoPriceAt(history: DemoHistory, ms: number): number {
  const price =
    closeAt(history.minute, MINUTE_MS, ms) ??
    closeAt(history.hourly, HOUR_MS, ms) ??
    closeAt(history.daily, DAY_MS, ms);
  if (price === null) throw new Error(`no demo price at ${new Date(ms).toISOString()}`);
  return price;
}

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const money = (x: number) => x.toFixed(4);

/** The Form 4s of `filer`'s insider stories, in the order filed. */
export function demoOwnershipFilings(
  filer: DemoFiler,
  stories: readonly Reported<InsiderReport>[],
  history: DemoHistory,
): DemoOwnershipFiling[] {
  const held = new Map<string, number>();
  const perOwnerYear = new Map<string, number>();
  return stories
    .filter((s) => s.company === filer.company)
    .sort((a, b) => a.occurredAt - b.occurredAt)
    .map((story) => {
      const cik = ownerCik(story.person);
      const salt = hash32(`${story.person}/${story.occurredAt}`);
      const filingDate = newYorkDate(story.occurredAt);
      const tradeDay = tradingDaysFrom(Date.parse(filingDate), -(1 + (salt % 2)));
      const close = demoPriceAt(history, newYorkTime(tradeDay, 15, 59));
      const price = Math.round(close * (1 + ((salt % 600) - 300) / 100_000) * 1e4) / 1e4;
      const before = held.get(story.person) ?? 20_000 + (hash32(`holding/${story.person}`) % 80_000);
      const shares = Math.max(10, Math.round((before * (0.04 + ((salt >>> 8) % 60) / 1000)) / 10) * 10);
      held.set(story.person, before - shares);
      const sale: DemoInsiderSale = {
        person: story.person,
        ownerCik: cik,
        date: isoDate(tradeDay),
        shares,
        price,
        sharesAfter: before - shares,
      };
      const yy = filingDate.slice(2, 4);
      const n = (perOwnerYear.get(`${cik}/${yy}`) ?? 0) + 1;
      perOwnerYear.set(`${cik}/${yy}`, n);
      const xml = form4Xml(filer, story, sale, filingDate);
      const accepted = Math.floor(story.occurredAt / 1000);
      return {
        filing: {
          form: '4',
          accession: `${cik}-${yy}-${String(n).padStart(6, '0')}`,
          acceptedAt: story.occurredAt,
          filingDate,
          reportDate: sale.date,
          items: [],
          primaryDocument: `xslF345X05/wk-form4_${accepted}.xml`,
          primaryDocDescription: 'FORM 4',
          size: xml.length,
          xbrl: false,
          quarter: null,
        },
        sale,
        story,
        xml,
      };
    });
}

function form4Xml(filer: DemoFiler, story: Reported<InsiderReport>, sale: DemoInsiderSale, filingDate: string): string {
  const adopted = isoDate(Date.parse(sale.date) - (120 + (hash32(`plan/${story.person}`) % 120)) * DAY_MS);
  const spread = sale.price * 0.002;
  return `<?xml version="1.0"?>
<ownershipDocument>
    <schemaVersion>X0508</schemaVersion>
    <documentType>4</documentType>
    <periodOfReport>${sale.date}</periodOfReport>
    <notSubjectToSection16>0</notSubjectToSection16>
    <issuer>
        <issuerCik>${filer.cik}</issuerCik>
        <issuerName>${escapeXml(filer.legalName)}</issuerName>
        <issuerTradingSymbol>${filer.symbol}</issuerTradingSymbol>
    </issuer>
    <reportingOwner>
        <reportingOwnerId>
            <rptOwnerCik>${sale.ownerCik}</rptOwnerCik>
            <rptOwnerName>${escapeXml(edgarName(story.personName))}</rptOwnerName>
        </reportingOwnerId>
        <reportingOwnerAddress>
            <rptOwnerStreet1>C/O ${escapeXml(filer.legalName.toUpperCase())}</rptOwnerStreet1>
            <rptOwnerStreet2></rptOwnerStreet2>
            <rptOwnerCity></rptOwnerCity>
            <rptOwnerState></rptOwnerState>
            <rptOwnerZipCode></rptOwnerZipCode>
            <rptOwnerStateDescription></rptOwnerStateDescription>
        </reportingOwnerAddress>
        <reportingOwnerRelationship>
            <isDirector>1</isDirector>
        </reportingOwnerRelationship>
    </reportingOwner>
    <aff10b5One>1</aff10b5One>
    <nonDerivativeTable>
        <nonDerivativeTransaction>
            <securityTitle>
                <value>Common Stock</value>
            </securityTitle>
            <transactionDate>
                <value>${sale.date}</value>
            </transactionDate>
            <transactionCoding>
                <transactionFormType>4</transactionFormType>
                <transactionCode>S</transactionCode>
                <equitySwapInvolved>0</equitySwapInvolved>
                <footnoteId id="F1"/>
            </transactionCoding>
            <transactionTimeliness></transactionTimeliness>
            <transactionAmounts>
                <transactionShares>
                    <value>${sale.shares}</value>
                </transactionShares>
                <transactionPricePerShare>
                    <value>${money(sale.price)}</value>
                    <footnoteId id="F2"/>
                </transactionPricePerShare>
                <transactionAcquiredDisposedCode>
                    <value>D</value>
                </transactionAcquiredDisposedCode>
            </transactionAmounts>
            <postTransactionAmounts>
                <sharesOwnedFollowingTransaction>
                    <value>${sale.sharesAfter}</value>
                </sharesOwnedFollowingTransaction>
            </postTransactionAmounts>
            <ownershipNature>
                <directOrIndirectOwnership>
                    <value>D</value>
                </directOrIndirectOwnership>
            </ownershipNature>
        </nonDerivativeTransaction>
    </nonDerivativeTable>
    <footnotes>
        <footnote id="F1">The sale reported on this Form 4 was effected pursuant to a Rule 10b5-1 trading plan adopted by the reporting person on ${adopted}.</footnote>
        <footnote id="F2">The price reported is a weighted average price. These shares were sold in multiple transactions at prices ranging from $${money(sale.price - spread)} to $${money(sale.price + spread)}, inclusive. The reporting person undertakes to provide full information regarding the number of shares sold at each separate price upon request.</footnote>
    </footnotes>
    <ownerSignature>
        <signatureName>/s/ ${escapeXml(story.personName)}</signatureName>
        <signatureDate>${filingDate}</signatureDate>
    </ownerSignature>
</ownershipDocument>
`;
}
