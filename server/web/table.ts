// Tables of records with the headings a reader reads: each page names its columns, so no field's key is ever a heading.
import { type Html, html, type Part } from './html.js';

export interface Column<T> {
  head: string;
  cell(row: T): Part;
  /** Right-aligned, for figures. */
  num?: boolean;
}

export function table<T>(rows: readonly T[], columns: readonly Column<T>[], empty = 'None.'): Html {
  if (!rows.length) return html`<p class="muted">${empty}</p>`;
  const cls = (c: Column<T>) => (c.num ? html` class="num"` : '');
  return html`<table><thead><tr>${columns.map((c) => html`<th${cls(c)}>${c.head}</th>`)}</tr></thead><tbody>${rows.map(
    (r) => html`<tr>${columns.map((c) => html`<td${cls(c)}>${c.cell(r)}</td>`)}</tr>`,
  )}</tbody></table>`;
}
