// The brief as Markdown for a prompt: the same statements as the JSON form, each story, move cause and catalyst
// linked to its source. Text from sources is escaped, so a headline cannot open a link or a heading of its own.

import { grouped, price, signedPct, usdCompact } from '../figures.js';
import { fundamentalFigure } from '../financials/figure.js';
import type { Brief, Citation } from '../schemas/brief.js';
import { bpText } from '../units.js';

/** Characters Markdown reads as syntax inside a line. */
const SYNTAX = /[\\`*_[\]<>#|]/g;
const escapeMarkdown = (text: string) => text.replace(SYNTAX, (c) => `\\${c}`).replace(/\s*\n\s*/g, ' ');

/** A link to `url` when it is an http(s) address; other text is shown as code, never made a link. */
function link(text: string, url: string): string {
  if (!/^https?:\/\//i.test(url)) return `${escapeMarkdown(text)} (\`${url.replace(/`/g, "'")}\`)`;
  return `[${escapeMarkdown(text)}](${url.replace(/[()<>\s]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`)})`;
}

const day = (iso: string) => iso.slice(0, 10);

export function briefMarkdown(b: Brief): string {
  const byId = new Map(b.citations.map((c) => [c.id, c]));
  const cite = (id: string, text: string) => {
    const c = byId.get(id);
    return c ? link(text, c.sourceUrl) : escapeMarkdown(text);
  };
  const out = [`# ${escapeMarkdown(b.subject.label)} (${b.subject.type} brief)`, ''];
  out.push(`\`${b.subject.type}:${b.subject.key}\`${b.subject.path ? ` · API: /v1${b.subject.path}` : ''}`, '');
  if (b.price) {
    const p = b.price;
    const change = p.changePct === null ? '' : `, ${signedPct(p.changePct)} since the previous 00:00 UTC close`;
    out.push(
      `**Price:** ${p.price === null ? 'none' : price(p.price, p.currency)}${change} (${escapeMarkdown(p.priceLabel)}${p.priceTs ? `, ${p.priceTs}` : ''})`,
      '',
    );
  }
  const section = (title: string, lines: string[]) => {
    if (lines.length) out.push(`## ${title}`, '', ...lines.map((l) => `- ${l}`), '');
  };
  section(
    'Facts',
    b.facts.map((f) => `${escapeMarkdown(f.text)}${f.sourceUrl ? ` (${link('source', f.sourceUrl)})` : ''}`),
  );
  section(
    'Fundamentals',
    b.fundamentals.map((f) => {
      const period = f.period ? ` (${escapeMarkdown(f.period)})` : '';
      const source = f.accession ? ` · ${cite(`filing:${f.accession}`, `filing ${f.accession}`)}` : '';
      const [group = '', field = ''] = f.metric.split('.');
      return `${escapeMarkdown(f.label.replace(/ \(%\)$/, ''))}: ${fundamentalFigure(group, field, f.value)}${period}${source}`;
    }),
  );
  section(
    'Recent stories',
    b.events.map(
      (e) =>
        `${day(e.occurredAt)} · ${e.kind} · importance ${e.importance}: ${cite(`event:${e.id}`, e.headline)} (event ${e.id})${e.summary ? `. ${escapeMarkdown(e.summary)}` : ''}`,
    ),
  );
  section(
    'Unusual moves',
    b.moves.map((m) => {
      const z = m.zScore === null ? '' : `, z ${m.zScore}`;
      const causes = m.causeIds.length
        ? ` Causes: ${m.causeIds.map((id) => cite(`event:${id}`, `event ${id}`)).join(', ')}.`
        : '';
      return `${m.date} ${escapeMarkdown(m.symbol)} ${m.changeBp === null ? signedPct(m.pct) : bpText(m.changeBp)}${z}${m.explanation ? `: ${escapeMarkdown(m.explanation)}` : ''}${causes}`;
    }),
  );
  section(
    'Upcoming catalysts',
    b.catalysts.map((c) => {
      const details = [
        c.confirmed ? 'confirmed' : 'unconfirmed',
        ...(c.consensus ? [`consensus ${escapeMarkdown(c.consensus)}`] : []),
      ].join('; ');
      return `${c.expectedAt} · ${c.kind}: ${cite(`catalyst:${c.id}`, c.title)} (catalyst ${c.id}; ${details})`;
    }),
  );
  if (b.insiderSummary) {
    const { buys, sells, sinceDays } = b.insiderSummary;
    const side = (x: { count: number; shares: number; value: number; insiders: number }, what: string) =>
      `${x.count} ${what} (${grouped(x.shares)} shares, ${usdCompact(x.value)}, by ${x.insiders} insider${x.insiders === 1 ? '' : 's'})`;
    out.push(`**Insiders, open market, last ${sinceDays} days:** ${side(buys, 'buys')}; ${side(sells, 'sells')}`, '');
  }
  section(
    'Insider trades',
    b.insiders.map((r) => {
      const who =
        b.subject.type === 'person' ? `At ${escapeMarkdown(r.company.label)}` : escapeMarkdown(r.insider.label);
      const role = r.role ? ` (${escapeMarkdown(r.role)})` : '';
      const trades = `bought ${r.buys.count}× ${grouped(r.buys.shares)} shares ${usdCompact(r.buys.value)}; sold ${r.sells.count}× ${grouped(r.sells.shares)} shares ${usdCompact(r.sells.value)}`;
      return `${who}${role}: ${trades}; latest ${r.lastDate}, ${cite(`filing:${r.accession}`, `Form 4 ${r.accession}`)}`;
    }),
  );
  section(
    'Prediction markets',
    b.odds.map((m) => {
      const odds = m.outcomes
        .map(
          (o) =>
            `${escapeMarkdown(o.name)} ${o.probability === null ? 'no price' : `${Math.round(o.probability * 1000) / 10}%`}`,
        )
        .join(', ');
      const closes = m.closeAt ? `, ${m.status === 'open' ? 'closes' : 'closed'} ${day(m.closeAt)}` : '';
      return `${cite(`market:${m.slug}`, m.question)} (${m.status}${closes}): ${odds}`;
    }),
  );
  section(
    'Macro backdrop',
    b.macro.map((r) => {
      const latest = r.latest ? `${inUnits(r.latest.value, r.units)} for ${r.latest.date}` : 'no value yet';
      const headline =
        r.headline === null || r.displayMode === 'level' || r.displayMode === 'rate'
          ? ''
          : `; ${r.displayMode.replace(/_/g, ' ')} ${macroHeadline(r.displayMode, r.headline, r.units)}`;
      const next = r.nextRelease ? `; next release ${r.nextRelease}` : '';
      return `${cite(`macro:${r.slug}`, r.name)}: ${latest}${headline}${next}`;
    }),
  );
  if (b.notYetAvailable) out.push(`_${escapeMarkdown(b.notYetAvailable)}_`, '');
  const through = Object.entries(b.dataThrough).filter(([, v]) => v !== null);
  if (through.length) out.push(`Data through: ${through.map(([k, v]) => `${k} ${v}`).join(', ')}.`, '');
  section(
    'Citations',
    b.citations.map((c) => citationLine(c)),
  );
  const left = Object.entries(b.budget.omitted).filter(([, n]) => n > 0);
  const omitted = left.length ? `; left out for the budget: ${left.map(([k, n]) => `${n} ${k}`).join(', ')}` : '';
  out.push(
    `_About ${b.budget.tokens} tokens as JSON (${b.budget.estimate}), at most ${b.budget.maxTokens}${omitted}._`,
  );
  return `${out.join('\n')}\n`;
}

/** A value in its units: a rate in percent as 3.75%, anything else with its units spelled out. */
function inUnits(value: number, units: string | null): string {
  if (units === 'Percent') return `${grouped(value)}%`;
  return `${grouped(value)}${units ? ` ${escapeMarkdown(units)}` : ''}`;
}

/** A change from the period before reads with its sign and units; percentage changes with %. */
function macroHeadline(mode: Brief['macro'][number]['displayMode'], value: number, units: string | null): string {
  if (mode === 'change') return `${value >= 0 ? '+' : ''}${inUnits(value, units)}`;
  return signedPct(value);
}

function citationLine(c: Citation): string {
  return `${link(c.id, c.sourceUrl)}${c.path ? ` (API: /v1${c.path})` : ''}`;
}
