// The page of a failure: its status in words and the message (escaped like any other text), never a stack.
import type { ApiError } from '../../../core/errors.js';
import { ERROR_CATALOGUE } from '../../../core/errors.js';
import { html } from '../html.js';
import { page, type ShellPage } from '../layout.js';

export function errorPage(e: ApiError): ShellPage {
  const { status, message } = ERROR_CATALOGUE[e.code];
  return page({
    title: `${status} ${message}`,
    body: html`<h1>${status} · ${message}</h1><p>${e.message}</p><p><a href="/">Back to the market</a> · <a href="/search">Search</a></p>`,
  });
}
