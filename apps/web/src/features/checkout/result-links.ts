/**
 * The checkout a payment result page may send the payer back to (`?checkout=/tenders-checkout/{code}`):
 * only our own checkout pages, never an address from elsewhere.
 */
export function checkoutToRetry(param: string | null): string | null {
  if (!param) return null;
  return /^\/(tenders-checkout|publish-tender-checkout)\/[A-Za-z0-9_-]{1,64}$/.test(param) ? param : null;
}
