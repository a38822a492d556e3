// The real sizes the demo is set to, so that an analyst comparing it with the companies and indices it names finds their
// proportions: each listed company's latest annual report as of the anchor date (revenue, net income, diluted
// shares, the growth its earlier quarters walk back by) and the closes of its shares, the indices and the ETFs on
// that date, which the demo's recorded history ends at. The figures are public (10-Ks, closing prices); everything
// the demo draws around them (quarters, stories, the paths between) is its own.

/** The real trading day whose closes and latest annual reports the demo's present is set to. */
export const SCALE_ANCHOR_DATE = '2025-09-30';

export interface RealScale {
  /** The annual report the figures are from. */
  report: string;
  revenueBn: number;
  netIncomeBn: number;
  dilutedSharesBn: number;
  /** Yearly growth of revenue and earnings around that year, for the quarters before it. */
  growth: number;
}

/** By ticker. */
export const COMPANY_SCALE: Record<string, RealScale> = {
  AAPL: {
    report: '10-K fiscal 2025 (to 2025-09-27)',
    revenueBn: 416.161,
    netIncomeBn: 112.01,
    dilutedSharesBn: 15.005,
    growth: 0.06,
  },
  MSFT: {
    report: '10-K fiscal 2025 (to 2025-06-30)',
    revenueBn: 281.724,
    netIncomeBn: 101.832,
    dilutedSharesBn: 7.465,
    growth: 0.15,
  },
  NVDA: {
    report: '10-K fiscal 2025 (to 2025-01-26)',
    revenueBn: 130.497,
    netIncomeBn: 72.88,
    dilutedSharesBn: 24.804,
    growth: 0.6,
  },
  TSLA: { report: '10-K 2024', revenueBn: 97.69, netIncomeBn: 7.091, dilutedSharesBn: 3.498, growth: 0.01 },
  AMZN: { report: '10-K 2024', revenueBn: 637.959, netIncomeBn: 59.248, dilutedSharesBn: 10.721, growth: 0.11 },
  JPM: {
    report: '10-K 2024 (total net revenue)',
    revenueBn: 177.556,
    netIncomeBn: 58.471,
    dilutedSharesBn: 2.874,
    growth: 0.08,
  },
  XOM: {
    report: '10-K 2024 (total revenues and other income)',
    revenueBn: 349.585,
    netIncomeBn: 33.68,
    dilutedSharesBn: 4.3,
    growth: 0.01,
  },
  LLY: { report: '10-K 2024', revenueBn: 45.043, netIncomeBn: 10.59, dilutedSharesBn: 0.904, growth: 0.3 },
};

/** Closes on the anchor date: the shares, the indices, and the ETFs that track two of them. */
export const ANCHOR_CLOSES: Record<string, number> = {
  AAPL: 254.63,
  MSFT: 517.95,
  NVDA: 186.58,
  TSLA: 444.72,
  AMZN: 219.57,
  JPM: 315.43,
  XOM: 112.75,
  LLY: 763.0,
  SPX: 6688.46,
  NDX: 24679.99,
  DJI: 46397.89,
  SPY: 666.18,
  QQQ: 600.37,
};
