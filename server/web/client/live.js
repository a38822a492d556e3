// Keeps a page live from /v1/stream: the price, venue rows, open candle and no-live-venue banner of an instrument
// page, the prices of the home strip. The stream is opened with the ticket the page carries; EventSource resumes by itself with Last-Event-ID,
// and once the ticket has expired a fresh one is asked for.
(() => {
  'use strict';
  var body = document.body;
  var topics = body.dataset.topics;
  var ticket = body.dataset.ticket;
  if (!topics || !ticket || !window.EventSource) return;
  var symbol = body.dataset.symbol || null;
  var updates = 0;

  function num(v, digits) {
    if (v === null || v === undefined || !Number.isFinite(v)) return '\u2014';
    var d = digits !== undefined ? digits : Math.abs(v) >= 1 ? 2 : 4;
    return v.toLocaleString('en-US', { minimumFractionDigits: d, maximumFractionDigits: d });
  }
  function setPct(el, v) {
    if (!el) return;
    el.textContent = v === null || v === undefined ? '\u2014' : `${(v > 0 ? '+' : '') + v.toFixed(2)}%`;
    el.className = v > 0 ? 'up' : v < 0 ? 'down' : '';
  }
  function set(el, text) {
    if (el) el.textContent = text;
  }
  function counted() {
    body.dataset.liveUpdates = String(++updates);
  }

  function onQuote(q) {
    if (symbol && q.symbol === symbol) {
      set(document.getElementById('price'), num(q.price));
      setPct(document.getElementById('changePct'), q.changePct);
      set(
        document.getElementById('priceTs'),
        q.priceTs ? q.priceTs.replace('T', ' ').replace(/(:\d\d)(\.\d+)?Z$/, '$1 UTC') : '\u2014',
      );
      set(document.getElementById('venuesInPool'), String(q.venuesInPool));
      const dark = document.getElementById('noLiveVenue');
      if (dark) dark.hidden = q.venuesInPool > 0;
      counted();
    }
    var tile = document.querySelector(`.strip a[data-symbol="${CSS.escape(q.symbol)}"]`);
    if (tile) {
      set(tile.querySelector('[data-field="price"]'), num(q.price));
      setPct(tile.querySelector('[data-field="changePct"]'), q.changePct);
      counted();
    }
  }

  function onVenue(v) {
    var row = document.querySelector(`#venues tr[data-listing="${Number(v.listingId)}"]`);
    if (!row) return;
    set(row.querySelector('[data-field="price"]'), num(v.price));
    set(row.querySelector('[data-field="deviationPct"]'), `${num(v.deviationPct, 3)}%`);
    set(row.querySelector('[data-field="staleSeconds"]'), `${num(v.staleSeconds, 1)} s`);
    set(
      row.querySelector('[data-field="inPool"]'),
      v.inPool ? 'in pool' : `out: ${(v.reason || '').replace(/_/g, ' ')}`,
    );
    row.className = v.inPool ? '' : 'out';
  }

  function open() {
    var source = new EventSource(
      `/v1/stream?topics=${encodeURIComponent(topics)}&ticket=${encodeURIComponent(ticket)}`,
    );
    source.addEventListener('quote', (e) => {
      onQuote(JSON.parse(e.data));
    });
    source.addEventListener('venue', (e) => {
      onVenue(JSON.parse(e.data));
    });
    source.addEventListener('candle', (e) => {
      document.dispatchEvent(new CustomEvent('tw:candle', { detail: JSON.parse(e.data) }));
    });
    source.addEventListener('closed', () => {
      source.close();
    });
    source.onerror = () => {
      if (source.readyState === EventSource.CLOSED) setTimeout(renew, 3000);
    };
  }

  function renew() {
    fetch(`/web/ticket?topics=${encodeURIComponent(topics)}`)
      .then((r) => {
        if (!r.ok) throw new Error(String(r.status));
        return r.json();
      })
      .then((b) => {
        ticket = b.data.ticket;
        open();
      })
      .catch(() => {
        setTimeout(renew, 15000);
      });
  }

  open();
})();
