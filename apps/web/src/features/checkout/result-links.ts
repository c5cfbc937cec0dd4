/**
 * The checkout a payment result page may send the payer back to (`?checkout=/tenders-checkout/{code}`):
 * only our own checkout pages, never an address from elsewhere.
 */
export function checkoutToRetry(param: string | null): string | null {
  if (!param) return null;
  return /^\/(tenders-checkout|publish-tender-checkout)\/[A-Za-z0-9_-]{1,64}$/.test(param) ? param : null;
}

/** The order a result page is opened for (`?order=<code>`): an order code's shape, or nothing. */
export function orderCode(param: string | null): string | null {
  return param && /^[A-Za-z0-9_-]{1,64}$/.test(param) ? param : null;
}
