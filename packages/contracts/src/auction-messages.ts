/**
 * The eAuction and asset-disposal modules' error texts (issue 21), spread into the one catalogue
 * (messages.ts MESSAGES); kept apart so the sourcing helpers working side by side do not edit the same lines.
 */
export const AUCTION_MESSAGE_TEXTS = {
  'auction.not_found': 'Auction not found.',
  'auction.not_allowed': 'This auction does not allow that in its present state.',
  'auction.conflict': 'Someone else changed this auction a moment ago. Reload it and try again.',
  'auction.not_procurement': 'Only procurement staff (buyers and administrators) can do this.',
  'auction.setup':
    'The auction’s rules are incomplete or contradictory ({problems}). Check the end, the anti-sniping settings, the rounds and the step.',
  'auction.step_bounds':
    'In an auction with rounds the minimum step must lie between 0.5 % and 3 % of the value.',
  'auction.start_past': 'The start must be in the future.',
  'auction.supplier': 'Invite suppliers from this organisation’s supplier list.',
  'auction.no_suppliers': 'Invite at least two suppliers.',
  'auction.amount': 'Enter an amount above 0 with at most the currency’s decimals.',
  'auction.bid_not_started': 'The auction has not started yet: bids open at {at}.',
  'auction.bid_ended': 'The auction has ended: no more bids are accepted.',
  'auction.bid_initial_closed': 'Initial bids closed when the auction started.',
  'auction.bid_not_your_turn': 'It is not your turn: wait for your turn to bid.',
  'auction.bid_not_participant': 'Only bidders who placed an initial bid take part in the rounds.',
  'auction.bid_step': 'Your bid must be {required} or better (the minimum step).',
  'auction.bid_reserve': 'Your bid is on the wrong side of the reserve price.',
  'auction.bid_not_positive': 'Enter an amount above 0.',
  'auction.not_ended': 'The results are available when the auction has ended.',
  'auction.no_bids': 'Nobody bid: there is nothing to award.',
  'auction.own_document': 'You proposed this award, so someone else must decide it.',
  'auction.not_your_turn': 'This award is waiting for someone else’s decision.',
  'auction.finished': 'This award has already been decided.',
  'auction.unassignable': 'No one can approve this award under the current workflow.',
  'auction.comment_required': 'Give a reason when you send the award back.',
  'disposal.not_found': 'Asset not found.',
  'disposal.not_allowed': 'This asset’s disposal does not allow that in its present state.',
  'disposal.conflict': 'Someone else changed this asset a moment ago. Reload it and try again.',
  'disposal.own_request': 'You asked for this disposal method, so someone else must approve it.',
  'disposal.amount': 'Enter an amount of 0 or more with at most the currency’s decimals.',
  'disposal.photo': 'Photos must be JPEG, PNG or WebP images of at most 5 MB, ten at most.',
  'disposal.method_details':
    'Give what this method needs: a closing time for a tender, an auction end, or the trade-in supplier and value.',
  'disposal.not_sold': 'Record the sale before marking the asset disposed.',
  'disposal.closed': 'Offers for this asset are closed.',
  'disposal.not_closed': 'The offers can be opened only after the closing time.',
  'disposal.not_committee': 'Only a member of this tender’s opening committee can do that.',
  'disposal.already_confirmed': 'You have already confirmed this opening.',
  'disposal.wrong_passphrase': 'That opening passphrase is not right.',
  'disposal.committee':
    'Choose an opening committee of at least {minimum} staff members, each with an opening passphrase, and a quorum of at least 3 and at most the committee.',
  'disposal.bid_period': 'Offers must stay open for at least {days} days after listing.',
  'disposal.no_offer_at_reserve': 'No offer reached the reserve price: there is nothing to award.',
  'disposal.not_opened': 'The offers have not been opened yet.',
  'disposal.offer_positive': 'Enter an offer above 0.',
} as const;
