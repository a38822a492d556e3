// The page shell: head with the hashed stylesheet and scripts (no inline script or style, so the CSP forbids both),
// the site header with search, and the footer saying what the data is.
import { ASSETS } from './assets.js';
import { html, type Html } from './html.js';

export interface Shell {
  title: string;
  body: Html;
  /** Page scripts (asset paths), loaded deferred after the body is parsed. */
  scripts?: string[];
  /** data-* attributes of <body> that the scripts read (the stream ticket, its topics). */
  data?: Record<string, string>;
}

export function page({ title, body, scripts = [], data = {} }: Shell): string {
  const attrs = Object.entries(data).map(([k, v]) => html` data-${k}="${v}"`);
  return html`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title} · Tapewire</title><link rel="icon" href="data:,"><link rel="stylesheet" href="${ASSETS.css.path}">
${scripts.map((s) => html`<script defer src="${s}"></script>`)}</head>
<body${attrs}><header class="site"><a class="brand" href="/">Tapewire</a><a href="/moves">Moves</a><a href="/search">Search</a>
<form action="/search" method="get" role="search"><input name="q" type="search" placeholder="Symbol, company, person…" maxlength="200" aria-label="Search"></form></header>
<main>${body}</main>
<footer class="site">Prices are pooled from 24/7 venues unless labelled otherwise. Every story links its original source. Data as served by <a href="/v1/openapi.json">/v1</a>.</footer>
</body></html>`.text;
}
