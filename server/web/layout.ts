// The page shell: head with the hashed stylesheet and scripts (no inline script or style, so the CSP forbids both),
// the site header with search, a banner naming the dataset when it is not real data, and the footer saying what the
// data is. Pages make a ShellPage; the mount renders it, knowing the dataset the whole site shows.
import type { DatasetWorld } from '../../core/dataset-world.js';
import { ASSETS } from './assets.js';
import { type Html, html } from './html.js';

export interface Shell {
  title: string;
  body: Html;
  /** Page scripts (asset paths), loaded deferred after the body is parsed. */
  scripts?: string[];
  /** data-* attributes of <body> that the scripts read (the stream ticket, its topics). */
  data?: Record<string, string>;
}

/** A page's content, to be rendered in the shell. */
export class ShellPage {
  constructor(readonly shell: Shell) {}
}

export const page = (shell: Shell): ShellPage => new ShellPage(shell);

const BANNERS: Record<DatasetWorld, Html | ''> = {
  demo: html`<p class="dataset" role="note">Demo data: a simulated world. Prices, stories and filings are invented; every source link is on the reserved .example domain.</p>`,
  mixed: html`<p class="dataset mixed" role="note">Mixed data: the demo's simulated world with real data imported into it at its operator's request. Check each figure's source.</p>`,
  real: '',
};

export function renderPage({ title, body, scripts = [], data = {} }: Shell, world: DatasetWorld | null): string {
  const attrs = Object.entries(data).map(([k, v]) => html` data-${k}="${v}"`);
  return html`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title} · Tapewire</title><link rel="icon" href="data:,"><link rel="stylesheet" href="${ASSETS.css.path}">
${scripts.map((s) => html`<script defer src="${s}"></script>`)}</head>
<body${attrs}><header class="site"><a class="brand" href="/">Tapewire</a><a href="/moves">Moves</a><a href="/search">Search</a>
<form action="/search" method="get" role="search"><input name="q" type="search" placeholder="Symbol, company, person…" maxlength="200" aria-label="Search"></form></header>
${world ? BANNERS[world] : ''}<main>${body}</main>
<footer class="site">Prices are pooled from 24/7 venues unless labelled otherwise. Every story links its original source. Data as served by <a href="/v1/openapi.json">/v1</a>.</footer>
</body></html>`.text;
}
