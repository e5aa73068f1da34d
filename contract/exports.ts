/**
 * CSV exports (docs/product.md §12.9): RFC 4180 files streamed by GET /api/exports/{name}.csv, a UTF-8
 * byte order mark first (spreadsheets then read accented names right), CRLF line ends, a header row. Text cells that
 * begin with =, +, -, @, a tab or a carriage return are prefixed with ' so that a spreadsheet shows them rather than
 * running them; numbers (amounts, ids) are never prefixed, so negative amounts stay numbers.
 */
export const EXPORT_CONTENT_TYPE = 'text/csv; charset=utf-8';

export const INCOME_ENTRY_EXPORT_COLUMNS = [
  'id',
  'date',
  'agentId',
  'agentName',
  'agentEmail',
  'amount',
  'transactionType',
  'description',
  'externalId',
  'newTotal',
  'createdAt',
  // docs/product.md §12.11: a reversal names the entry it voids; a voided entry says when it was voided.
  'voidsEntryId',
  'voidedAt',
  // The organisation's currency (docs/decisions/0067): amounts stay plain decimals a spreadsheet reads as numbers.
  'currency',
] as const;

export const AGENT_EXPORT_COLUMNS = [
  'id',
  'name',
  'email',
  'position',
  'status',
  'totalIncome',
  'totalEntries',
  'currentTier',
  'tiersReached',
  'createdAt',
  'currency',
] as const;

export const REWARD_CLAIM_EXPORT_COLUMNS = [
  'id',
  'claimedAt',
  'agentId',
  'agentName',
  'tier',
  'reward',
  'status',
  'processedAt',
  'fullName',
  'email',
  'phone',
  'telegram',
  'address',
  'city',
  'zipcode',
  'shippingInstructions',
] as const;

/** Where each export is downloaded (GET; the income entries take ?from&to&agentId, the audit trail ?actor&action&from&to). */
export const EXPORT_PATHS = {
  incomeEntries: '/api/exports/income-entries.csv',
  agents: '/api/exports/agents.csv',
  rewardClaims: '/api/exports/reward-claims.csv',
  audit: '/api/exports/audit.csv',
} as const;

/** GET /api/exports/activities.csv (docs/decisions/0072-metrics-and-activities.md): a count as a whole number, money as a plain decimal. */
export const ACTIVITY_EXPORT_COLUMNS = [
  'id',
  'date',
  'metric',
  'unit',
  'agentId',
  'agentName',
  'agentEmail',
  'value',
  'note',
  'selfReported',
  'externalId',
  'createdAt',
  'voidsActivityId',
  'voidedAt',
] as const;
