// The metrics of /financials, what each one is, and the XBRL tags it is read from, in order of preference: a period
// takes the first tag the company reported (or derived) for it, so a company that moved from SalesRevenueNet to
// RevenueFromContractWithCustomerExcludingAssessedTax to Revenues is read through each in its time, and subtraction
// never mixes two tags.

/** flow: summed over a period (quarters derivable); balance: at a date; per-share and average: reported, never summed. */
export type MetricKind = 'flow' | 'balance' | 'per-share' | 'average';

export interface MetricInfo {
  label: string;
  unit: 'USD' | 'USD/shares' | 'shares';
  kind: MetricKind;
}

export const METRICS = {
  revenue: { label: 'Revenue', unit: 'USD', kind: 'flow' },
  cost_of_revenue: { label: 'Cost of revenue', unit: 'USD', kind: 'flow' },
  gross_profit: { label: 'Gross profit', unit: 'USD', kind: 'flow' },
  rnd: { label: 'Research and development', unit: 'USD', kind: 'flow' },
  sga: { label: 'Selling, general and administrative', unit: 'USD', kind: 'flow' },
  operating_income: { label: 'Operating income', unit: 'USD', kind: 'flow' },
  net_income: { label: 'Net income', unit: 'USD', kind: 'flow' },
  eps_basic: { label: 'EPS (basic)', unit: 'USD/shares', kind: 'per-share' },
  eps_diluted: { label: 'EPS (diluted)', unit: 'USD/shares', kind: 'per-share' },
  diluted_shares: { label: 'Weighted average diluted shares', unit: 'shares', kind: 'average' },
  operating_cash_flow: { label: 'Operating cash flow', unit: 'USD', kind: 'flow' },
  capex: { label: 'Capital expenditure', unit: 'USD', kind: 'flow' },
  free_cash_flow: { label: 'Free cash flow', unit: 'USD', kind: 'flow' },
  dividends_paid: { label: 'Dividends paid', unit: 'USD', kind: 'flow' },
  buybacks: { label: 'Share buybacks', unit: 'USD', kind: 'flow' },
  depreciation_amortization: { label: 'Depreciation and amortization', unit: 'USD', kind: 'flow' },
  cash: { label: 'Cash and cash equivalents', unit: 'USD', kind: 'balance' },
  total_debt: { label: 'Total debt', unit: 'USD', kind: 'balance' },
  total_assets: { label: 'Total assets', unit: 'USD', kind: 'balance' },
  total_liabilities: { label: 'Total liabilities', unit: 'USD', kind: 'balance' },
  equity: { label: "Stockholders' equity", unit: 'USD', kind: 'balance' },
  shares_outstanding: { label: 'Shares outstanding', unit: 'shares', kind: 'balance' },
} as const satisfies Record<string, MetricInfo>;

export type MetricKey = keyof typeof METRICS;
export const METRIC_KEYS = Object.keys(METRICS) as MetricKey[];

/** Tags in one unit, most preferred first. */
export interface TagList {
  unit: MetricInfo['unit'];
  tags: string[];
}

const gaap = (...concepts: string[]): TagList => ({ unit: 'USD', tags: concepts.map((c) => `us-gaap:${c}`) });
const perShare = (...concepts: string[]): TagList => ({ ...gaap(...concepts), unit: 'USD/shares' });
const shares = (...concepts: string[]): TagList => ({ ...gaap(...concepts), unit: 'shares' });

/** The tags of the metrics read straight from tags, and of the parts the others are computed from. */
export const TAGS = {
  revenue: gaap(
    'Revenues',
    'RevenueFromContractWithCustomerExcludingAssessedTax',
    'RevenueFromContractWithCustomerIncludingAssessedTax',
    'SalesRevenueNet',
    'RevenuesNetOfInterestExpense',
  ),
  cost_of_revenue: gaap('CostOfRevenue', 'CostOfGoodsAndServicesSold', 'CostOfGoodsSold'),
  gross_profit: gaap('GrossProfit'),
  rnd: gaap('ResearchAndDevelopmentExpense', 'ResearchAndDevelopmentExpenseExcludingAcquiredInProcessCost'),
  sga: gaap('SellingGeneralAndAdministrativeExpense'),
  selling_and_marketing: gaap('SellingAndMarketingExpense'),
  general_and_administrative: gaap('GeneralAndAdministrativeExpense'),
  operating_income: gaap('OperatingIncomeLoss'),
  net_income: gaap('NetIncomeLoss', 'NetIncomeLossAvailableToCommonStockholdersBasic', 'ProfitLoss'),
  eps_basic: perShare('EarningsPerShareBasic', 'EarningsPerShareBasicAndDiluted'),
  eps_diluted: perShare('EarningsPerShareDiluted', 'EarningsPerShareBasicAndDiluted'),
  diluted_shares: shares(
    'WeightedAverageNumberOfDilutedSharesOutstanding',
    'WeightedAverageNumberOfShareOutstandingBasicAndDiluted',
  ),
  basic_shares: shares(
    'WeightedAverageNumberOfSharesOutstandingBasic',
    'WeightedAverageNumberOfShareOutstandingBasicAndDiluted',
  ),
  operating_cash_flow: gaap(
    'NetCashProvidedByUsedInOperatingActivities',
    'NetCashProvidedByUsedInOperatingActivitiesContinuingOperations',
  ),
  capex: gaap('PaymentsToAcquirePropertyPlantAndEquipment', 'PaymentsToAcquireProductiveAssets'),
  dividends_paid: gaap('PaymentsOfDividends', 'PaymentsOfDividendsCommonStock'),
  buybacks: gaap('PaymentsForRepurchaseOfCommonStock'),
  // Depreciation alone comes last: some companies (Alphabet) tag no total with amortization.
  depreciation_amortization: gaap(
    'DepreciationDepletionAndAmortization',
    'DepreciationAndAmortization',
    'DepreciationAmortizationAndAccretionNet',
    'Depreciation',
  ),
  cash: gaap(
    'CashAndCashEquivalentsAtCarryingValue',
    'Cash',
    'CashCashEquivalentsRestrictedCashAndRestrictedCashEquivalents',
  ),
  total_assets: gaap('Assets'),
  total_liabilities: gaap('Liabilities'),
  liabilities_and_equity: gaap('LiabilitiesAndStockholdersEquity'),
  equity: gaap('StockholdersEquity', 'StockholdersEquityIncludingPortionAttributableToNoncontrollingInterest'),
  equity_with_minority: gaap(
    'StockholdersEquityIncludingPortionAttributableToNoncontrollingInterest',
    'StockholdersEquity',
  ),
  shares_outstanding: shares('CommonStockSharesOutstanding'),
  // The parts of total debt, each summed where the company reports it.
  long_term_debt_noncurrent: gaap('LongTermDebtNoncurrent', 'LongTermDebtAndCapitalLeaseObligations'),
  long_term_debt_current: gaap('LongTermDebtCurrent', 'LongTermDebtAndCapitalLeaseObligationsCurrent'),
  commercial_paper: gaap('CommercialPaper'),
  short_term_borrowings: gaap('ShortTermBorrowings'),
  long_term_debt: gaap('LongTermDebt'),
} satisfies Record<string, TagList>;

export type TagGroup = keyof typeof TAGS;
