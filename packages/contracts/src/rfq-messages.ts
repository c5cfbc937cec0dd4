/**
 * The RFQ module's error texts (issue 20), spread into the one catalogue (messages.ts MESSAGES); kept apart so
 * the sourcing helpers working side by side do not edit the same lines.
 */
export const RFQ_MESSAGE_TEXTS = {
  'rfq.not_found': 'Request for quotations not found.',
  'rfq.not_allowed': 'This request for quotations does not allow that in its present state.',
  'rfq.conflict': 'Someone else changed this request for quotations a moment ago. Reload it and try again.',
  'rfq.not_procurement': 'Only procurement staff (buyers and administrators) can do this.',
  'rfq.closing_past': 'The closing time must be in the future.',
  'rfq.closed': 'This request for quotations closed at {closing}: quotes are no longer accepted.',
  'rfq.not_closed': 'The quotes can be opened at or after the closing time, {closing}.',
  'rfq.committee':
    'Name an opening committee of at least two different staff members of this organisation, with a quorum of at least two and at most the committee’s size.',
  'rfq.committee_without_key':
    'These committee members have not set an opening passphrase yet, so the quotes cannot be sealed for them: {names}.',
  'rfq.not_committee': 'Only members of this request’s opening committee can confirm its opening.',
  'rfq.already_confirmed': 'You have already confirmed this opening.',
  'rfq.wrong_passphrase': 'That is not your opening passphrase.',
  'rfq.currency': 'Choose a currency the platform supports, e.g. KES, UGX, TZS or USD.',
  'rfq.month': 'Enter a month as YYYY-MM, e.g. 2026-01.',
  'rfq.supplier': 'Invite suppliers from this organisation’s supplier list.',
  'rfq.no_suppliers': 'Invite at least one supplier.',
  'rfq.requisition_line':
    'Choose a line of an approved requisition of this organisation in the same currency.',
  'rfq.price': 'Enter a price of 0 or more with at most the currency’s decimals.',
  'rfq.quote_line': 'Price every line or decline it (line {line}).',
  'rfq.sealed': 'The quotes are sealed until the opening committee opens them.',
  'rfq.award_empty': 'Award at least one line.',
  'rfq.award_line': 'Line {line} of the award is not a line of this request.',
  'rfq.award_quantity': 'Award a quantity above 0 (award line {line}).',
  'rfq.award_not_quoted': 'The supplier of award line {line} did not price that line.',
  'rfq.award_duplicate':
    'Award line {line} repeats a supplier on the same line: put the quantities together.',
  'rfq.award_over_quantity': 'More than the quantity of line {line} is awarded.',
  'rfq.question_not_found': 'Question not found.',
  'rfq.document': 'Attach PDF, Word, Excel or image files of at most 2 MB each, three at most.',
  'rfq.receipt_not_found': 'No sealed quote has this receipt code and hash.',
  'rfq.own_document':
    'You raised this request for quotations (or proposed its award), so someone else must decide it.',
  'rfq.not_your_turn': 'This request for quotations is not waiting for you.',
  'rfq.finished': 'This request for quotations is no longer waiting for approval.',
  'rfq.unassignable':
    'Nobody but you could approve this request for quotations: {route}. Ask your administrator to adjust the approval workflow.',
  'rfq.comment_required': 'Say why in a comment.',
  'rfq.not_awarded': 'A contract can be drafted only once this request for quotations is awarded.',
  'rfq.contract_supplier': 'Choose a supplier awarded under this request for quotations.',
  'rfq.contract_exists': 'A contract with this supplier was already drafted from this award: {number}.',
  'opening_key.passphrase': 'Choose an opening passphrase of at least 12 characters.',
  'opening_key.current': 'Enter your current opening passphrase to change it.',
  'opening_key.missing': 'Set your opening passphrase first.',
} as const;
export type RfqMessageKey = keyof typeof RFQ_MESSAGE_TEXTS;
