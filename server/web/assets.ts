// The website's static files, read once at start and served under a name carrying their content hash, so a browser
// may keep them for a year: lightweight-charts from its installed package, the stylesheet and the page scripts.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { ROOT } from '../root.js';

export interface Asset {
  /** The URL path, with the content hash in the name. */
  path: string;
  type: string;
  body: Buffer;
}

const CLIENT = join(ROOT, 'server/web/client');
const CHARTS = join(
  dirname(createRequire(import.meta.url).resolve('lightweight-charts/package.json')),
  'dist',
  'lightweight-charts.standalone.production.js',
);
const JS = 'text/javascript; charset=utf-8';

function asset(name: string, file: string, type: string): Asset {
  const body = readFileSync(file);
  const hash = createHash('sha256').update(body).digest('hex').slice(0, 12);
  const dot = name.lastIndexOf('.');
  return { path: `/assets/${name.slice(0, dot)}.${hash}${name.slice(dot)}`, type, body };
}

export const ASSETS = {
  charts: asset('lightweight-charts.js', CHARTS, JS),
  css: asset('site.css', join(CLIENT, 'site.css'), 'text/css; charset=utf-8'),
  live: asset('live.js', join(CLIENT, 'live.js'), JS),
  chart: asset('chart.js', join(CLIENT, 'chart.js'), JS),
} as const;

export const ASSET_CACHE = 'public, max-age=31536000, immutable';
