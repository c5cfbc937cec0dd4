/**
 * Tendering's error texts (issue 21), spread into the one catalogue (messages.ts MESSAGES); kept apart so the
 * sourcing helpers working side by side do not edit the same lines.
 */
export const TENDERING_MESSAGE_TEXTS = {
  'tendering.not_found': 'Tender not found.',
  'tendering.invitations':
    'A restricted tender invites named suppliers: choose at least one, each from your supplier list.',
  'tendering.justification_not_approved':
    'This method needs its justification approved before the notice is published: ask for its approval first.',
  'tendering.justification_pending':
    'The method’s justification is waiting for approval: the tender can be changed or published once it is decided.',
  'tendering.justification_not_needed':
    'This tender’s method needs no justification approved (or it already is).',
  'tendering.justification_no_rule':
    'No approval workflow rule covers tender method justifications, so nobody could approve this one: ask your administrator to add one in the workflow editor.',
  'tendering.own_justification':
    'You raised this tender or asked for this approval, so someone else must decide it.',
  'tendering.not_allowed': 'This tender does not allow that in its present state.',
  'tendering.conflict': 'Someone else changed this tender a moment ago. Reload it and try again.',
  'tendering.not_procurement': 'Only procurement staff (buyers and administrators) can do this.',
  'tendering.justification':
    'This method needs a recorded justification of at least 20 characters here ({why}); it then goes through approval.',
  'tendering.bid_period': 'The bid period must be at least {days} days from publication to closing.',
  'tendering.closed': 'This tender closed at {closing}: bids are no longer accepted.',
  'tendering.not_closed': 'The bids can be opened at or after the closing time, {closing}.',
  'tendering.committee':
    'Name an opening committee of at least {minimum} different staff members with a quorum of at least three and at most the committee’s size.',
  'tendering.committee_without_key':
    'These committee members have not set an opening passphrase yet, so the bids cannot be sealed for them: {names}.',
  'tendering.not_committee': 'Only members of this tender’s committee can do this.',
  'tendering.already_confirmed': 'You have already confirmed this opening.',
  'tendering.wrong_passphrase': 'That is not your opening passphrase.',
  'tendering.bid_security': 'The bid security asked for is at most 2 % of the estimated value ({maximum}).',
  'tendering.security_missing':
    'This tender asks for a bid security of {amount}: give its issuer, reference and amount.',
  'tendering.price': 'Enter the price in figures, with at most the currency’s decimals.',
  'tendering.evaluation_submitted': 'You have submitted your evaluation; it can no longer be changed.',
  'tendering.evaluation_incomplete': 'Score every bid before submitting your evaluation.',
  'tendering.score': 'A technical score is from 0 to 100.',
  'tendering.award_bid': 'Award only a technically passing bid whose financial envelope was opened.',
  'tendering.award_report':
    'Record the evaluation report and the head of procurement’s professional opinion first.',
  'tendering.own_document': 'You asked for this award, so someone else must approve it.',
  'tendering.not_your_turn': 'This award is waiting for someone else’s decision.',
  'tendering.finished': 'This award has already been decided.',
  'tendering.unassignable': 'Nobody can approve this award under the workflow rules.',
  'tendering.comment_required': 'Say why in a comment.',
  'tendering.not_awarded': 'This tender has not been awarded yet.',
  'tendering.contract_supplier': 'The contract must be with the tender’s successful bidder.',
  'tendering.question_not_found': 'Question not found.',
  'tendering.not_bidder': 'Only the suppliers who bid can see this.',
  'ocds.not_found': 'No contracting process has this ocid.',
} as const;
