// Draws a page's charts with lightweight-charts: the instrument's candles with volume (1m/1h/1d, its open candle
// following the stream), funding with open interest, and the line charts of macro series, prediction markets and a
// sector's members indexed.
(() => {
  'use strict';
  var LC = window.LightweightCharts;
  if (!LC) return;
  var BASE = {
    autoSize: true,
    layout: { background: { color: '#ffffff' }, textColor: '#1b1f24' },
    grid: { vertLines: { color: '#f0f2f4' }, horzLines: { color: '#f0f2f4' } },
  };

  function seconds(ts) {
    return Math.floor(Date.parse(ts) / 1000);
  }
  function data(id) {
    var el = document.getElementById(id);
    return el ? JSON.parse(el.textContent) : null;
  }

  function candles(el) {
    var chart = LC.createChart(
      el,
      Object.assign({}, BASE, { timeScale: { timeVisible: true, secondsVisible: false } }),
    );
    var price = chart.addSeries(LC.CandlestickSeries, {
      upColor: '#0a7d3c',
      downColor: '#c0262d',
      wickUpColor: '#0a7d3c',
      wickDownColor: '#c0262d',
      borderVisible: false,
    });
    var volume = chart.addSeries(LC.HistogramSeries, {
      priceScaleId: 'volume',
      priceFormat: { type: 'volume' },
      color: '#b8c4d0',
    });
    chart.priceScale('volume').applyOptions({ scaleMargins: { top: 0.8, bottom: 0 } });
    var last = null;
    var interval = el.dataset.interval;
    var loading = 0;

    function load(iv) {
      var mine = ++loading;
      fetch(`/web/candles/${encodeURIComponent(el.dataset.symbol)}?interval=${iv}`)
        .then((r) => {
          if (!r.ok) throw new Error(String(r.status));
          return r.json();
        })
        .then((b) => {
          if (mine !== loading) return;
          var cs = b.data.candles;
          price.setData(
            cs.map((c) => ({ time: seconds(c.ts), open: c.open, high: c.high, low: c.low, close: c.close })),
          );
          volume.setData(cs.map((c) => ({ time: seconds(c.ts), value: c.volumeUsd || 0 })));
          last = cs.length
            ? {
                time: seconds(cs[cs.length - 1].ts),
                open: cs[cs.length - 1].open,
                high: cs[cs.length - 1].high,
                low: cs[cs.length - 1].low,
                close: cs[cs.length - 1].close,
              }
            : null;
          interval = iv;
          chart.timeScale().fitContent();
          el.dataset.interval = iv;
          el.dataset.candles = String(cs.length);
        })
        .catch((e) => {
          el.dataset.error = String(e.message || e);
        });
    }

    // The stream's open 1m candle: the last bar itself at 1m, merged into the open hour or day otherwise.
    document.addEventListener('tw:candle', (e) => {
      var c = e.detail.candle;
      var t = seconds(c.ts);
      if (!last || t < last.time) return;
      if (interval === '1m') {
        if (t > last.time) last = { time: t, open: c.open, high: c.high, low: c.low, close: c.close };
        else last = { time: t, open: last.open, high: c.high, low: c.low, close: c.close };
        volume.update({ time: t, value: c.volumeUsd || 0 });
      } else {
        last = {
          time: last.time,
          open: last.open,
          high: Math.max(last.high, c.high),
          low: Math.min(last.low, c.low),
          close: c.close,
        };
      }
      price.update(last);
      el.dataset.liveCandles = String(Number(el.dataset.liveCandles || 0) + 1);
    });

    var tabs = document.querySelectorAll('#intervals button');
    Array.prototype.forEach.call(tabs, (b) => {
      b.addEventListener('click', () => {
        Array.prototype.forEach.call(tabs, (o) => {
          o.setAttribute('aria-pressed', String(o === b));
        });
        load(b.dataset.interval);
      });
    });
    load(interval);
  }

  function derivatives(el) {
    var rows = data('derivatives-data') || [];
    var chart = LC.createChart(el, BASE);
    var oi = chart.addSeries(LC.LineSeries, {
      color: '#0b5cad',
      lineWidth: 2,
      priceFormat: { type: 'volume' },
      title: 'open interest (USD)',
    });
    var funding = chart.addSeries(LC.HistogramSeries, {
      priceScaleId: 'left',
      title: 'funding per 8h (%)',
      priceFormat: { type: 'price', precision: 4, minMove: 0.0001 },
    });
    chart.applyOptions({ leftPriceScale: { visible: true } });
    oi.setData(rows.filter((r) => r[2] !== null).map((r) => ({ time: r[0], value: r[2] })));
    funding.setData(
      rows
        .filter((r) => r[1] !== null)
        .map((r) => ({ time: r[0], value: r[1], color: r[1] >= 0 ? '#7cc49a' : '#e39a9e' })),
    );
    chart.timeScale().fitContent();
  }

  // The axis in the series' unit: odds in percent, members indexed to 100, a macro series as it is.
  var FORMATS = {
    percent: { type: 'custom', minMove: 0.1, formatter: (v) => `${v.toFixed(1)}%` },
    index: { type: 'custom', minMove: 0.1, formatter: (v) => v.toFixed(1) },
  };

  function lines(el) {
    var series = data('line-data') || [];
    var colors = ['#0b5cad', '#c0262d', '#0a7d3c', '#8a5cf5', '#d97706'];
    var chart = LC.createChart(el, BASE);
    var format = FORMATS[el.dataset.unit];
    series.forEach((s, i) => {
      var options = { color: colors[i % colors.length], lineWidth: 2, title: s.name };
      if (format) options.priceFormat = format;
      var line = chart.addSeries(LC.LineSeries, options);
      line.setData(s.points.map((p) => ({ time: p[0], value: p[1] })));
    });
    chart.timeScale().fitContent();
    el.dataset.points = String(series.reduce((n, s) => n + s.points.length, 0));
  }

  var el = document.getElementById('chart');
  if (el) candles(el);
  el = document.getElementById('derivatives-chart');
  if (el) derivatives(el);
  el = document.getElementById('line-chart');
  if (el) lines(el);
})();
