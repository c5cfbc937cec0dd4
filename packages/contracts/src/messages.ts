import type { BudgetOverrunParts } from '@zabuni/domain';
import { RFQ_MESSAGE_TEXTS } from './rfq-messages.ts';
import { TENDERING_MESSAGE_TEXTS } from './tendering-messages.ts';
import { AUCTION_MESSAGE_TEXTS } from './auction-messages.ts';

/**
 * The message catalogue (ARCHITECTURE §5): every error a use case reports has a stable key, which travels as
 * the error body's `code`, and an English text (SPEC texts verbatim) with named placeholders (`{status}`),
 * which travels filled in as `detail`. The web holds the same keys in its `errors` namespace in every
 * language and translates by key and `params`, never by the English sentence.
 *
 * Keys are `<area>.<what>`; a key never changes meaning once shipped (add a new one instead).
 */
export const MESSAGES = {
  // Contracts (issue 22).
  'contract.not_found': 'Contract not found.',
  'contract.conflict': 'Someone else changed this contract a moment ago. Reload it and try again.',
  'contract.not_allowed': 'This contract cannot do that in its current state.',
  'contract.not_editable': 'Only a draft contract can be changed.',
  'contract.not_permitted': 'Only contract managers and administrators may do this.',
  'contract.date': 'Enter a date as YYYY-MM-DD.',
  'contract.end_before_start': 'The end date cannot be before the start date.',
  'contract.award_supplier': 'A contract drafted from an award stays with the awarded supplier.',
  'contract.renewal_term': 'Say how many months each renewal lasts.',
  'contract.notice_days': 'Say how many days before the end notice must be given.',
  'contract.value': 'Enter the value as a whole number of cents, 0 or more.',
  'contract.currency': 'Enter a three-letter currency code, for example KES.',
  'contract.code': 'Enter the six-digit code.',
  'contract.code_invalid': 'This code is not valid or has expired. Ask for a new one.',
  'contract.code_attempts':
    'Too many wrong codes for this contract. Ask for a new code in an hour, or ask your administrator.',
  'contract.currency_supported': 'Choose a supported currency, for example KES, UGX or USD.',
  'contract.category': 'Choose a category from the list.',
  'contract.standstill': 'This contract cannot be signed before the standstill ends on {date}.',
  'contract.already_signed': 'Your side has already signed this contract.',
  'contract.not_signing': 'This contract is not waiting for signatures.',
  'contract.not_signer': 'Only a contract manager or an administrator can sign for the organisation.',
  'contract.template': 'Choose an active template of your organisation.',
  'contract.clause': 'Choose approved clauses of your library.',
  'contract.department': 'Choose a department of this organisation.',
  'contract.member': 'Choose members of this organisation.',
  'contract.purchase_order': 'Choose purchase orders of this organisation to the same supplier.',
  'contract.version': 'This version does not exist.',
  'contract.own_document': 'You cannot approve or reject a contract you wrote.',
  'contract.not_your_turn': 'This contract is not waiting for you.',
  'contract.finished': 'This contract is no longer waiting for approval.',
  'contract.unassignable':
    'Nobody but you could approve this contract: {route}. Ask your administrator to adjust the approval workflow.',
  'contract.not_taken': 'A contract is approved or rejected, not returned: reject it with a reason.',
  'contract.reason': 'Say why in a reason.',
  'contract.notice_closed': 'Notice of non-renewal can no longer be given for this term.',
  'contract.file': 'Upload the signed contract as a PDF of at most 20 MB.',
  'contract.no_pdf': 'This contract has no signed PDF yet.',
  'contract.obligation': 'Obligation not found.',
  'contract.document': 'Upload a PDF, Word, Excel or image file of at most 20 MB.',
  'contract.document_not_found': 'Document not found.',
  'requisition.not_found': 'Requisition not found.',
  'attachment.not_found': 'Attachment not found.',
  'requisition.department': 'Choose one of this organisation’s departments.',
  'requisition.inactive_department': 'This department no longer takes requisitions.',
  'requisition.category': 'Choose a category from the list.',
  'requisition.price': 'Enter a unit price of 0 or more with at most the currency’s decimals.',
  'requisition.not_editable': 'Only a draft or returned requisition can be changed, by its requester.',
  'requisition.not_yours': 'Only the requester can do this.',
  'requisition.not_allowed': 'This requisition cannot be {action} now: it is {status}.',
  'requisition.conflict': 'Someone else changed this requisition a moment ago. Reload it and try again.',
  'requisition.currency_mismatch':
    'This requisition is in {document_currency}; its budget is kept in {budget_currency}.',
  'requisition.own_document': 'You cannot approve, reject or return your own requisition.',
  'requisition.not_your_turn': 'This requisition is not waiting for you.',
  'requisition.already_decided': 'You have already decided on this step.',
  'requisition.finished': 'This requisition is no longer waiting for approval.',
  'requisition.comment_required': 'Say why in a comment.',
  'requisition.unassignable':
    'Nobody but you could approve this requisition: {route}. Ask your administrator to adjust the approval workflow.',
  'attachment.missing': 'Choose a file to attach.',
  'attachment.too_large': 'The file is larger than 10 MB.',
  'attachment.not_multipart': 'Send the file as multipart/form-data.',
  'attachment.empty': '“{file}” is empty.',
  'attachment.mislabelled':
    '“{file}” is not what its name says. Accepted files: PDF, Word (DOCX), Excel (XLSX) and images (PNG, JPG), 10 MB at most.',
  'attachment.type':
    '“{file}” is not an accepted type of file. Accepted files: PDF, Word (DOCX), Excel (XLSX) and images (PNG, JPG), 10 MB at most.',
  'requisition.attachment_limit': 'A requisition may have at most {max} attachments.',
  'budget.not_found': 'Budget not found.',
  'budget.fiscal_year': 'Choose one of this organisation’s fiscal years.',
  'budget.fiscal_year_closed': 'This fiscal year is closed.',
  'budget.department': 'Choose one of this organisation’s departments.',
  'budget.category': 'Choose a category from the list.',
  'budget.duplicate': 'A budget for this fiscal year, department and category already exists.',
  'budget.not_admin': 'Only an organisation administrator can change budgets.',
  'budget.currency_mismatch': 'A requisition in {document_currency} charges this {budget_currency} budget.',
  'budget.exceeded':
    'Budget "{budget}" would be exceeded by {shortfall} (available {available}, this {document} {amount}).',
  'budget.exceeded_after_proposed':
    'Budget "{budget}" would be exceeded by {shortfall} (available {available} after proposed spend of {proposed}, this {document} {amount}).',
  'budget.exceeded_committed':
    'Budget "{budget}" would be exceeded by {shortfall} (available {available}, this {document} {amount}, of which {committed} already committed by its {source}).',
  'budget.exceeded_after_proposed_committed':
    'Budget "{budget}" would be exceeded by {shortfall} (available {available} after proposed spend of {proposed}, this {document} {amount}, of which {committed} already committed by its {source}).',
  'purchase_order.currency_mismatch':
    'This order is in {document_currency}; its budget is kept in {budget_currency}.',
  'invoice.currency_mismatch':
    'This invoice is in {document_currency}; its budget is kept in {budget_currency}.',
  'purchase_order.not_found': 'Purchase order not found.',
  'purchase_order.justification': 'Say why this order has no approved requisition.',
  'purchase_order.requisition_line': 'choose a line of an approved requisition of this organisation.',
  'purchase_order.over_requisition':
    'only {remaining} {unit} of this requisition line are still to be ordered.',
  'purchase_order.price': 'Enter a unit price of 0 or more with at most the currency’s decimals.',
  'purchase_order.department': 'Choose one of this organisation’s departments.',
  'purchase_order.inactive_department': 'This department no longer takes requisitions.',
  'purchase_order.category': 'Choose a category from the list.',
  'purchase_order.tax_rate': 'Choose one of this organisation’s tax rates.',
  'purchase_order.not_editable': 'Only a draft purchase order can be changed.',
  'purchase_order.not_allowed': 'This purchase order cannot be {order_action} now: it is {order_status}.',
  'purchase_order.conflict':
    'Someone else changed this purchase order a moment ago. Reload it and try again.',
  'purchase_order.not_permitted': 'You may not do this to this purchase order.',
  'purchase_order.reason_required': 'Say why in a reason.',
  'goods_receipt.line': 'Choose lines of this purchase order.',
  'goods_receipt.nothing_received': 'enter what was received.',
  'goods_receipt.mismatch': 'received must equal accepted plus rejected.',
  'goods_receipt.over_tolerance': 'at most {max} {unit} more can be accepted (ordered {ordered}).',
  'goods_receipt.reason': 'say why goods were rejected.',
  'goods_receipt.not_permitted': 'Only procurement staff and requesters record goods received.',
  'goods_receipt.not_sent': 'Goods can be received only on a sent order: this one is {order_status}.',
  'invoice.not_found': 'Invoice not found.',
  'invoice.conflict': 'Someone else changed this invoice a moment ago. Reload it and try again.',
  'invoice.duplicate':
    'You have already sent an invoice numbered {number}. Each invoice needs its own number.',
  'invoice.order': 'Choose a purchase order you received from this buyer.',
  'invoice.order_not_open': 'This purchase order is {order_status}: it cannot be invoiced.',
  'invoice.line': 'choose a line of this purchase order, or none for an extra charge.',
  'invoice.price': 'Enter a unit price of 0 or more with at most the currency’s decimals.',
  'invoice.future': 'The invoice date cannot be in the future.',
  'invoice.reason': 'Say why in a reason.',
  'invoice.not_permitted': 'Only finance may do this.',
  'invoice.not_allowed': 'This invoice cannot be {invoice_action} now: it is {invoice_status}.',
  'invoice.budget_exception':
    'This invoice takes {budget} over budget by {shortfall}: a budget exception approver or the budget owner must approve it.',
  'invoice.file': 'Attach the invoice as a PDF, 10 MB at most.',
  'invoice.no_file': 'This invoice has no document attached.',
  'invoice.payment': 'Enter an amount more than 0 and at most the {outstanding} still owed.',
  'invoice.payment_reference': 'This payment reference is already recorded.',
  'invoice.not_matched': 'The invoice could not be matched.',
  'credit_note.invoice_closed':
    'A credit note cannot be issued against this invoice: it is {invoice_status}.',
  'credit_note.duplicate': 'Credit note {number} is already recorded for this supplier.',
  'credit_note.currency': 'This invoice is in {invoice_currency}: its credit note must be too.',
  'credit_note.line': 'Choose a line of this invoice.',
  'credit_note.line_twice': 'Each invoice line may be credited once per credit note.',
  'credit_note.line_empty': 'Enter a quantity, a unit price reduction or an amount to credit.',
  'credit_note.line_mixed': 'Credit either a quantity and/or a unit price reduction, or an amount, not both.',
  'credit_note.quantity': 'At most {quantity} can be credited on this line.',
  'credit_note.price': 'The unit price can be reduced by at most {amount}.',
  'credit_note.amount': 'At most {amount} can be credited on this line.',
  'credit_note.value': 'Enter a number of 0 or more with at most the currency’s decimals.',
  'credit_note.exceeds_open':
    'This credit note of {amount} is more than the {open} still open on the invoice.',
  'credit_note.future': 'The credit note date cannot be in the future.',
  'credit_note.before_invoice': 'The credit note cannot be dated before its invoice ({invoice_date}).',
  'credit_note.reason': 'Say why the invoice is credited.',
  'matching.percent': 'Enter a percentage between 0 and 100 with at most two decimals.',
  'matching.amount': 'Enter an amount of 0 or more.',
  'matching.invalid': 'These settings are not valid.',
  'matching.not_admin': 'Only administrators manage matching.',
  'approval.already_decided': 'You have already decided on this step.',
  'approval.unknown_type': 'Documents of type {type} are not approved here.',
  'approval.not_small':
    'Only items of KES 100,000 or less can be approved together; open this one to approve it.',
  'approval.approved': '{number} approved.',
  'purchase_order.own_document': 'You cannot approve or reject a purchase order you raised.',
  'purchase_order.not_your_turn': 'This purchase order is not waiting for you.',
  'purchase_order.finished': 'This purchase order is no longer waiting for approval.',
  'purchase_order.unassignable':
    'Nobody but you could approve this purchase order: {route}. Ask your administrator to adjust the approval workflow.',
  'purchase_order.over_budget_unassignable':
    'Nobody can approve this order over its budget. Ask your administrator.',
  'purchase_order.not_taken':
    'A purchase order is approved or rejected, not returned: reject it with a reason.',
  'invoice.not_your_turn': 'This invoice is not waiting for you.',
  'invoice.finished': 'This invoice is no longer waiting for approval.',
  'invoice.unassignable':
    'Nobody could approve this invoice under the approval workflow: {route}. Ask your administrator to adjust it.',
  'invoice.not_taken': 'An invoice is approved or rejected, not returned: reject it with a reason.',
  'segregation.earlier_step': 'You already decided an earlier step of this document.',
  'segregation.order_raised_source_requisition':
    'You raised a requisition this purchase order was made from, so you cannot decide it.',
  'segregation.entered_invoice': 'You entered this invoice, so you cannot decide it.',
  'segregation.raised_order': 'You raised the purchase order this invoice is for, so you cannot decide it.',
  'segregation.invoice_raised_source_requisition':
    'You raised a requisition this invoice’s purchase order was made from, so you cannot decide it.',
  'segregation.no_consenter':
    'This document is now over budget and needs the consent of a budget owner or budget exception approver who has not decided another of its steps; there is none. Ask your administrator.',
  'segregation.not_separable':
    'This document needs a different person for each approval step, and not enough people can approve it: {route}. Ask your administrator to adjust the approval workflow, or to allow one person to decide several steps.',
  'department.not_found': 'Department not found.',
  'department.code_taken': 'A department with this code already exists.',
  'department.owner_not_member': 'The budget owner must be a member of this organisation.',
  'department.not_admin': 'Only an organisation administrator can change departments.',
  'fiscal_year.not_found': 'Fiscal year not found.',
  'fiscal_year.overlaps': 'This period overlaps fiscal year {name}.',
  'fiscal_year.name_taken': 'A fiscal year with this name already exists.',
  'fiscal_year.not_admin': 'Only an organisation administrator can change fiscal years.',
  'tax_rate.not_found': 'Tax rate not found.',
  'tax_rate.name_taken': 'A tax rate with this name already exists.',
  'tax_rate.not_admin': 'Only an organisation administrator can change tax rates.',
  'tax_rate.last_default': 'Choose another default tax rate first.',
  'workflow.not_found': 'Approval workflow not found.',
  'workflow.amount': 'Enter an amount of 0 or more with at most the currency’s decimals.',
  'workflow.empty_band': 'The upper limit must be above the lower limit.',
  'workflow.currency': 'Enter a three-letter currency code, e.g. KES.',
  'workflow.no_steps': 'Add at least one approval step.',
  'workflow.step_without_approvers': 'Step {step} has no approver.',
  'workflow.user_not_member': 'Approvers must be members of this organisation.',
  'workflow.department': 'Choose departments of this organisation.',
  'workflow.category': 'Choose categories from the list.',
  'workflow.not_admin': 'Only an organisation administrator can change approval workflows.',
  'delegation.past': 'The last day has already passed.',
  'delegation.too_long': 'A delegation may last a year at most.',
  'delegation.self': 'Choose someone other than the person who is away.',
  'delegation.not_member': 'Choose a member of this organisation.',
  'delegation.others_only_admin': 'Only an organisation administrator can set a delegation for someone else.',
  'delegation.not_yours':
    'Only the person who is away or an organisation administrator can remove this delegation.',
  'delegation.delegate_cannot_approve':
    'Choose a delegate who may approve (an approver, budget owner, budget exception approver or finance): someone who only raises requests cannot stand in for an approver.',
  'delegation.not_found': 'Delegation not found.',
  'auth.session_expired': 'Session timed out. Please login to continue.',
  'auth.bad_credentials': 'No active account found with the given credentials',
  'auth.inactive': 'Your account is not active yet. Please activate it with the link we emailed to you.',
  'auth.locked': 'Too many failed sign-in attempts. Please try again in 15 minutes or reset your password.',
  'auth.invalid_code': 'The verification code is invalid or has expired.',
  'auth.reset_invalid': 'This password reset link is invalid or has expired. Please request a new one.',
  'auth.country': 'Select a valid country.',
  'auth.username_taken': 'A user with that username already exists.',
  'auth.activation_used': 'This activation link has already been used. Please login to access your account.',
  'auth.activation_expired':
    'The account activation link has already expired. Please register again or contact support.',
  'auth.two_factor_not_enabled': 'Two-factor verification is not enabled for this account.',
  'auth.current_password': 'The current password is not correct.',
  'auth.password_wrong': 'The password is not correct.',
  'auth.totp_not_started': 'Start the set-up first: scan a new QR code.',
  'auth.not_buyer_of_supplier': 'You do not work with this buyer.',
  'auth.csrf': 'This request must be sent by the Zabuni web app (X-Requested-With header missing).',
  'invitation.invalid': 'This invitation link is not valid.',
  'invitation.other_email':
    'This invitation was sent to another email address. Sign in with the account it was sent to.',
  'invitation.used': 'This invitation has already been used.',
  'invitation.replaced': 'A newer invitation replaced this one. Use the link in the latest mail.',
  'invitation.expired':
    'This invitation has expired. Ask the organisation administrator to invite you again.',
  'organisation.not_admin': 'You do not administer this organisation.',
  'organisation.not_found': 'This organisation does not exist.',
  'organisation.role_not_in_kind': 'The role {role} does not exist in a {kind} organisation.',
  'organisation.not_member': 'This person is not a member of the organisation.',
  'organisation.own_admin_role': 'You cannot remove your own administrator role.',
  'supplier.not_found': 'Supplier not found.',
  'supplier.managers': 'Only procurement staff and administrators manage suppliers.',
  'supplier.categories': 'Choose categories from the list.',
  'supplier.not_supplier': 'This address belongs to an account that is not a supplier’s.',
  'supplier.not_listed': 'Choose a supplier from your supplier list.',
  'supplier.blocked': 'This supplier is blocked: it cannot receive new purchase orders.',
  'portal.not_supplier': 'The supplier portal is for suppliers’ users.',
  'notification.not_found': 'Notification not found.',
  'access.no_buyer': 'Choose a buying organisation first.',
  'field.required': 'This field is required.',
  'tender.invalid_date': 'Enter a valid date in the format YYYY-MM-DD.',
  'tender.closing_mismatch': 'closing_date must fall on tender_closing_date (Africa/Nairobi).',
  'tender.closing_in_past': 'The closing date must be in the future.',
  'tender.country': 'Select a valid country.',
  'tender.category': 'Select a valid category.',
  'tender.not_found': 'This tender does not exist.',
  'tender.not_published': 'This tender does not exist or is not published.',
  'tender.document_not_found': 'This document does not exist.',
  'tender.not_advertiser': 'Only advertiser accounts can publish tenders.',
  'tender.publishing_unavailable': 'Tender publishing is not available right now. Please try again later.',
  'tender.order_not_found': 'No published-tender order with this code belongs to your account.',
  'tender.closed_unpaid':
    'This tender closed on {closing_date}; it can no longer be paid for. Change its closing date or withdraw it.',
  'tender.invalid_time': 'Enter a valid time in the format HH:MM (East Africa Time).',
  'tender.withdrawn': 'This tender was withdrawn; it can no longer be paid for or changed.',
  'tender.not_changeable': 'Only an unpaid tender can have its closing date changed or be withdrawn.',
  'tender.too_many_documents': 'Attach at most {max} files.',
  'tender.not_under_review': 'Only a tender under review can be approved or rejected.',
  'tender.document_too_large': '“{file}” is larger than 20 MB. Each document may be 20 MB at most.',
  'tender.too_many_fields': 'The form has too many fields.',
  'tender.not_multipart': 'Send the form as multipart/form-data.',
  'tender.document_empty': '“{file}” is empty.',
  'tender.document_markup':
    '“{file}” is not a plain image: it also contains web page or script code. Save it again as a PNG, JPG, GIF or WEBP image and attach that.',
  'tender.document_type':
    '“{file}” is not an accepted type of file. Accepted files: PDF, Word (DOC, DOCX), Excel (XLS, XLSX), ZIP and images (PNG, JPG, GIF, WEBP).',
  'tender.document_mislabelled':
    '“{file}” is not what its name says: its content is not a valid file of that type. Accepted files: PDF, Word (DOC, DOCX), Excel (XLS, XLSX), ZIP and images (PNG, JPG, GIF, WEBP).',
  'job.not_found': 'This job does not exist or is no longer published.',
  'subscription.unavailable': 'Subscriptions are not available right now. Please try again later.',
  'subscription.not_found': 'No subscription order with this code.',
  'subscription.country': 'Please select country!',
  'subscription.unknown_category': 'One of the selected categories does not exist.',
  'subscription.no_previous': 'No subscription was found for this email.',
  'tender_alert.link_invalid': 'This alert link is not valid. Open the link from your latest alert mail.',
  'tender_alert.county': 'Choose counties from the list.',
  'access.unauthenticated': 'Authentication credentials were not provided.',
  'access.two_factor': 'Two-factor verification is required to continue.',
  'access.not_buyer_staff': 'You are not a member of staff of this buying organisation.',
  'access.not_supplier': 'Only users of a supplier organisation can use the supplier portal.',
  'access.not_operator': 'Only Zabuni staff can do this.',
  'access.forbidden': 'You do not have permission to perform this action.',
  'access.read_only': 'Your role in this organisation can read but not change anything.',
  'auth.kra_pin': 'Enter a valid KRA PIN, e.g. A123456789B.',
  'auth.tax_id': 'Enter a valid tax identification number.',
  'system.rate_limited': 'Too many requests. Please wait a moment and try again.',
  // The contracts' field rules (zod schemas carry these keys as their messages; see issueMessage).
  'field.too_long': 'Ensure this field has no more than {max} characters.',
  'field.max_integer': 'Ensure this value is less than or equal to 2147483647.',
  'field.integer': 'A valid integer is required.',
  'field.at_least_one': 'Ensure this value is greater than or equal to 1.',
  'field.email': 'Enter a valid email address.',
  'field.phone': 'Enter a valid phone number, e.g. +254712345678.',
  'field.url': 'Enter a valid website address.',
  'field.date': 'Enter a valid date (YYYY-MM-DD).',
  'field.datetime': 'Enter a valid date and time.',
  'field.currency': 'Enter a three-letter currency code, e.g. KES.',
  'field.quantity': 'Enter a quantity greater than 0 with at most three decimals.',
  'field.no_lines': 'Add at least one line.',
  'field.choice': 'Select a valid choice.',
  'field.ordering': 'Order by one of: {choices}.',
  'field.cursor': 'Invalid cursor.',
  'auth.terms': 'In order to use the product, you need to read and agree to our terms and conditions.',
  'auth.password_mismatch': 'There was a password mismatch. Kindly confirm your password.',
  'auth.password_too_short': 'Ensure this field has at least 8 characters.',
  'auth.activation_link_expired': 'The account activation link has already expired',
  'auth.username_format': 'Use 3 to 60 letters, digits and the characters _ . @ + - for the username.',
  'auth.two_factor_complete': 'Two-factor verification is already complete.',
  'organisation.no_roles': 'Choose at least one role.',
  'approval.none_chosen': 'Choose at least one item to approve.',
  'approval.too_many': 'Approve at most 50 items at a time.',
  'invoice.own_document': 'You cannot approve or reject an invoice you entered.',
  'goods_receipt.no_lines': 'Record at least one line received.',
  'budget.amount': 'Enter an amount greater than 0 with at most the currency’s decimals, e.g. 1500000.00.',
  'department.code_format': 'Use 1–20 capital letters, digits, dashes or underscores.',
  'fiscal_year.end_before_start': 'The fiscal year must end after it starts.',
  'fiscal_year.too_long': 'A fiscal year lasts at most 18 months.',
  'delegation.end_before_start': 'The last day cannot be before the first.',
  'statement.period': 'The statement’s last day cannot be before its first.',
  'statement.from_required': 'Choose the statement’s first day as well as its last.',
  'tax_rate.rate_format': 'Enter a percentage between 0 and 100 with at most two decimals, e.g. 16 or 8.5.',
  'supplier.terms': 'Enter payment terms between 0 and 365 days.',
  'supplier.country': 'Choose a country.',
  'supplier.choose': 'Choose a supplier.',
  'registry.pin_format': 'Enter a valid KRA PIN: a letter, 9 digits and a letter, e.g. P051234567X.',
  'registry.pin_unknown':
    'The tax authority does not know this PIN. Check it, or register and we will review it.',
  'registry.pin_unavailable':
    'The PIN could not be checked right now. You can still register: we will review it.',
  'registry.pin_registered':
    'This company is already registered on Zabuni. Please login to access your account.',
  'registry.pin_verified': 'PIN verified: {name}',
  'registry.email_taken': 'An account with this email already exists. Please login or reset your password.',
  'registry.categories': 'Choose at least one category from the list.',
  'registry.country': 'Please select country!',
  'registry.not_pending': 'This registration is not waiting for review.',
  'registry.not_found': 'Registration not found.',
  'supplier_data.not_registered':
    'Your organisation did not register here itself, so there is no registration to show or change.',
  'supplier_data.erasure_pending': 'An erasure request is already waiting for the operator.',
  'supplier_data.erasure_not_found': 'Erasure request not found.',
  'supplier_data.erasure_done': 'This erasure request has already been carried out.',
  'supplier_data.admin_only':
    'Only your organisation’s administrator can change its data or ask for erasure.',
  'supplier_data.kept_documents':
    'Purchase orders, invoices, credit notes and payments with buyers, with the company name and tax PIN on them: kept for 5 years under the Tax Procedures Act.',
  'supplier_data.kept_paid_orders': 'Paid orders and their receipts: kept for 5 years as accounting records.',
  'supplier_data.kept_audit':
    'The audit log (user ids and actions, no names): append-only, kept as the record of who did what.',
  'supplier_data.kept_consent': 'The version and date of the terms agreed to: kept as proof of consent.',
  'subscription.categories': 'Please select categories for your alert notifications!',
  'subscription.plan': 'Please select a subscription plan.',
  'subscription.too_many_categories': 'Choose at most 50 categories.',
  'tender.reason_required': 'Give the reason for rejecting this tender; the advertiser will read it.',
  'tender.sector': 'Select a valid sector.',
  'tender.job_type': 'Select a valid job type.',
  'tender.deadline_filter': 'Select a valid choice: upcoming or past.',
  'tender.review_filter': 'Select a valid review state: under_review, published or rejected.',
  'tender.details_too_long': 'The tender details are too long (200,000 characters at most).',
  'prequalified.categories': 'Add at least one category row.',
  'prequalified.category': 'Choose a category for this row.',
  'prequalified.count': 'Enter a whole number of suppliers, 0 or more.',
  'prequalified.count_too_large': 'Ask for at most 1,000 suppliers per category.',
  'prequalified.too_many_rows': 'Add at most 50 category rows.',
  'prequalified.duplicate_category': 'Each category can be chosen in one row only.',
  'prequalified.nothing_ordered': 'Ask for at least one supplier in one of the categories.',
  'prequalified.country': 'Please select country!',
  'prequalified.unknown_category': 'Choose categories from the list.',
  'prequalified.not_found': 'This prequalified-list order does not exist.',
  'prequalified.unavailable': 'Prequalified lists cannot be ordered right now. Please try again later.',
  'prequalified.not_paid': 'The list is delivered once the order is paid.',
  'prequalified.download_invalid': 'This download link is not valid.',
  'prequalified.download_expired':
    'This download link has expired. Please contact support to receive the list again.',
  'payment.method': 'Choose a payment method: mpesa or dpo.',
  'payment.already_paid': 'This order is already paid.',
  'payment.mpesa_kes_only': 'M-Pesa is offered only for orders in Kenya shillings (KES). Please pay by card.',
  'payment.invalid_phone': 'Enter a Safaricom number, e.g. 0712 345 678 or 254712345678.',
  'payment.provider_refused': 'M-Pesa could not start the payment. Please check the number and try again.',
  'payment.card_unavailable':
    'The card payment page could not be opened. Please try again in a moment or pay with M-Pesa.',
  'payment.order_not_found': 'This order does not exist.',
  'payment.callback_unavailable': 'The callback could not be stored. Please try again.',
  'payment.too_many_for_order':
    'Too many payment attempts for this order. Please wait 10 minutes and try again.',
  'payment.too_many_from_address':
    'Too many payment attempts from your network. Please wait an hour and try again.',
  'payment.too_many_to_phone':
    'Too many payment prompts were sent to this phone. Please wait 10 minutes and try again.',
  'system.nul_character': 'This field contains a character that is not allowed (NUL, \\u0000).',
  'system.lone_surrogate': 'This field contains a broken Unicode character (a lone surrogate).',
  'system.unstorable_text':
    'The request contains a character that cannot be stored (a NUL or a broken Unicode character).',
  'system.nothing_to_change': 'Nothing to change: send at least one of the fields to change.',
  'system.loopback_only':
    'The development mailbox and payment simulators answer only on this computer (loopback). Set DEV_TOOLS_REMOTE=true to reach them from other addresses.',
  'inquiry.not_found': 'This inquiry does not exist.',
  'inquiry.status': 'Choose new, answered or spam.',
  'inquiry.answer_required': 'Write the answer to send.',
  'webinar.not_found': 'This webinar does not exist.',
  'webinar.module': 'Choose one of the webinar modules.',
  'webinar.already_registered': 'This email address is already registered for this webinar.',
  'webinar.full': 'This webinar is full: all {capacity} places are taken.',
  'webinar.past': 'This webinar has already taken place; registration is closed.',
  'webinar.cancelled': 'This webinar has been cancelled; registration is closed.',
  'webinar.date_past': 'Choose a date and time in the future.',
  'webinar.capacity_below_registrations':
    'Capacity cannot be lower than the {registered} people already registered.',
  'site.content_unavailable': 'This page is not available right now. Please try again later.',
  'price.not_found': 'This product is not on the price list.',
  'directory.not_found': 'This supplier directory does not exist.',
  'directory.order_not_found': 'This directory order does not exist.',
  'directory.download_invalid': 'This download link is not valid.',
  'directory.download_expired':
    'This download link has expired. Please contact support to receive the directory again.',
  'directory.amount': 'Enter a price of at least 1 with at most two decimals.',
  'directory.country': 'Choose a country from the list.',
  'directory.country_taken': 'This country already has a directory: edit that one instead.',
  'directory.not_paid': 'This order is not paid, so there is no directory to send yet.',
  ...RFQ_MESSAGE_TEXTS,
  ...TENDERING_MESSAGE_TEXTS,
  'prequalification.not_found': 'Prequalification not found.',
  'prequalification.not_draft': 'Only a draft prequalification can be changed or published.',
  'prequalification.closed': 'This prequalification closed at {closing}: answers are no longer accepted.',
  'prequalification.not_open': 'This prequalification opens at {opening}.',
  'prequalification.period': 'The closing must come after the opening and lie in the future.',
  'prequalification.questionnaire': 'The questionnaire cannot be published yet: {problems}.',
  'prequalification.score': 'Enter a score from 0 to 100.',
  'prequalification.date': 'Enter a date as YYYY-MM-DD.',
  'prequalification.evaluator': 'Choose the committee from the staff of this organisation.',
  'prequalification.category': 'Choose categories of this prequalification.',
  'prequalification.not_evaluator':
    'Only members of the evaluation committee can score this prequalification.',
  'prequalification.not_closed': 'Evaluation starts when the prequalification closes.',
  'prequalification.sheet_submitted': 'You have already submitted your scores.',
  'prequalification.evaluation_incomplete': 'Every committee member must submit their scores first.',
  'prequalification.results_exist': 'The results of this prequalification have already been proposed.',
  'prequalification.response_submitted': 'Your answers are submitted: withdraw them to change them.',
  'prequalification.response_not_submitted': 'There are no submitted answers to withdraw.',
  'prequalification.no_response': 'Save your answers first.',
  'prequalification.answer': 'The answer to question {question} does not fit the question.',
  'prequalification.incomplete': 'Answer every mandatory question before submitting: {questions}.',
  'prequalification.document': 'Upload a PDF, Word, Excel or image file of at most 10 MB.',
  'prequalification.document_not_found': 'This document does not exist.',
  'prequalification.result_not_found': 'Prequalification result not found.',
  'prequalification.result_decided': 'This result has already been decided.',
  'prequalification.reason': 'Give the reason for the decision.',
  'prequalification.not_your_turn': 'This result is not waiting for your decision.',
  'prequalification.result_conflict': 'Someone else changed this result a moment ago. Reload and try again.',
  'prequalification.unassignable': 'No one can approve this result under the workflow: {route}.',
  'prequalification.not_decider':
    'Only the organisation administrator or a buyer can decide prequalification results.',
  'prequalification.own_result': 'You proposed this result, so someone else must decide it.',
  'prequalification.not_taken': 'A prequalification result is approved or rejected.',
  'risk.not_found': 'Risk not found.',
  'risk.amount': 'Enter an amount in figures, with at most the currency’s decimals.',
  'risk.share': 'Enter a share from 0 to 1 with at most four decimals (0.3 is 30 %).',
  'risk.category': 'Choose a risk category from the list.',
  'risk.off_scale': 'Rate likelihood from 1 to {likelihood_levels} and impact from 1 to {impact_levels}.',
  'risk.residual_above_inherent':
    'The residual rating cannot be higher than the inherent one: controls only lower a risk.',
  'risk.owner': 'Choose someone on the staff of this organisation.',
  'risk.supplier': 'Choose a supplier on this organisation’s list.',
  'risk.contract': 'Choose a contract of this organisation.',
  'risk.closed': 'This risk is closed.',
  'risk.within_appetite':
    'This risk scores {score}, within the appetite of {appetite}: it needs no acceptance.',
  'risk.not_acceptable': 'Only an open risk can be put forward for acceptance.',
  'risk.acceptance_no_workflow':
    'No approval workflow for risk acceptance applies to this risk, or nobody but you could approve it. Ask your administrator to add one.',
  'risk.conflict': 'Someone else changed this risk a moment ago. Reload it and try again.',
  'risk.own_acceptance': 'You asked for this acceptance, so someone else must decide it.',
  'risk.not_your_turn': 'This risk acceptance is not waiting for you.',
  'risk.acceptance_finished': 'This risk is no longer waiting for acceptance.',
  'risk.unassignable':
    'Nobody but you could approve this acceptance: {route}. Ask your administrator to adjust the approval workflow.',
  'risk.comment_required': 'Say why in a comment.',
  'risk.not_taken': 'A risk acceptance is approved or rejected.',
  'risk.treatment_not_found': 'Treatment not found.',
  'risk.matrix': 'The risk matrix cannot be used: {problems}.',
  'risk.bia': 'The recovery time objective cannot be longer than the maximum tolerable downtime.',
  'risk.service_not_found': 'Critical service not found.',
  'risk.plan_not_found': 'Continuity plan not found.',
  'risk.arrangement_not_found': 'Outsourcing arrangement not found.',
  'risk.questionnaire_not_found': 'Questionnaire not found.',
  'risk.questionnaire_answered': 'This questionnaire has already been answered.',
  'risk.statement': 'These figures cannot all be right: {problems}.',
  'risk.financial_missing': 'Enter the financial statements.',
  'risk.due_diligence_missing': 'Answer every question: {questions}.',
  'risk.currency': 'Enter the figures in {currency}, the currency of this buyer’s risk figures.',
  ...AUCTION_MESSAGE_TEXTS,
} as const;

export type MessageKey = keyof typeof MESSAGES;
export const MESSAGE_KEYS = Object.keys(MESSAGES) as [MessageKey, ...MessageKey[]];

/** The placeholder names of a text: `'{budget} by {shortfall}'` → `'budget' | 'shortfall'`. */
type Placeholders<S extends string> = S extends `${string}{${infer P}}${infer Rest}`
  ? P | Placeholders<Rest>
  : never;
export type MessageParams<K extends MessageKey = MessageKey> = {
  [P in Placeholders<(typeof MESSAGES)[K]>]: string | number;
};

/** A message to report: its key, its parameters and its English text with the parameters filled in. */
export interface Message {
  readonly key: MessageKey;
  readonly params: Readonly<Record<string, string | number>>;
  readonly text: string;
}

/** The placeholder names of a catalogue text, in order of appearance (for tests and translations). */
export function placeholdersOf(text: string): string[] {
  return [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!);
}

/** `message('requisition.not_allowed', { action: 'submitted', status: 'approved' })`: typed by its placeholders. */
export function message<K extends MessageKey>(
  key: K,
  ...[params]: [Placeholders<(typeof MESSAGES)[K]>] extends [never] ? [] : [MessageParams<K>]
): Message {
  const values: Record<string, string | number> = { ...(params ?? {}) };
  const text = (MESSAGES[key] as string).replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  );
  return { key, params: values, text };
}

/**
 * A message whose key is only known at run time (an approval adapter's words): the params are not checked
 * against the key's placeholders, so prefer `message` where the key is written out.
 */
export function messageWith(
  key: MessageKey,
  params: Readonly<Record<string, string | number>> = {},
): Message {
  return (message as (key: MessageKey, params?: Record<string, string | number>) => Message)(key, {
    ...params,
  });
}

export const isMessageKey = (value: unknown): value is MessageKey =>
  typeof value === 'string' && Object.hasOwn(MESSAGES, value);

/**
 * A zod issue as the API and the web see it: a zod issue, or Fastify's copy of one (whose extra fields sit
 * in `params`). The contracts' schemas carry a catalogue key as their message (`{ error: 'field.date' }`).
 */
export interface IssueLike {
  readonly message: string;
  readonly path: ReadonlyArray<PropertyKey>;
  readonly maximum?: unknown;
  readonly minimum?: unknown;
  readonly values?: unknown;
  readonly params?: unknown;
}

const paramValue = (value: unknown): string | number | undefined =>
  typeof value === 'number' || typeof value === 'string'
    ? value
    : typeof value === 'bigint'
      ? Number(value)
      : undefined;

/**
 * The catalogue message of a zod issue whose message is a key, its placeholders taken from the issue:
 * `{max}`/`{min}` from a size check's bound, `{choices}` from an enum's values, any other from the issue's
 * `params` (a refinement's). Undefined for zod's own English (no key): the caller keeps that text as it is.
 */
export function issueMessage(issue: IssueLike): Message | undefined {
  if (!isMessageKey(issue.message)) return undefined;
  const custom = (typeof issue.params === 'object' && issue.params !== null ? issue.params : {}) as Record<
    string,
    unknown
  >;
  const params: Record<string, string | number> = {};
  for (const name of placeholdersOf(MESSAGES[issue.message])) {
    const value =
      name === 'max'
        ? paramValue(issue.maximum)
        : name === 'min'
          ? paramValue(issue.minimum)
          : name === 'choices' && Array.isArray(issue.values)
            ? issue.values.map(String).join(', ')
            : paramValue(custom[name]);
    if (value !== undefined) params[name] = value;
  }
  return messageWith(issue.message, params);
}

/**
 * Where an issue points: its path joined (`lines.1.unit_price`), and for a line item (a path through
 * `lines[n]`) the line's index from 0.
 */
export function issueTarget(path: ReadonlyArray<PropertyKey>): { field: string; line?: number } {
  const segments = path.map((segment) => String(segment));
  const at = segments.indexOf('lines');
  const line = at >= 0 && /^\d+$/.test(segments[at + 1] ?? '') ? Number(segments[at + 1]) : undefined;
  return {
    field: segments.length > 0 ? segments.join('.') : 'non_field_errors',
    ...(line === undefined ? {} : { line }),
  };
}

const DOCUMENT_NOUNS = {
  requisition: 'requisition',
  purchase_order: 'purchase order',
  invoice: 'invoice',
} as const;

/** A document would exceed a budget: the domain's English sentence, as a catalogue message. */
export function budgetOverrunMessage(parts: BudgetOverrunParts): Message {
  const base = {
    budget: parts.budget,
    shortfall: parts.shortfall,
    available: parts.available,
    document: DOCUMENT_NOUNS[parts.document],
    amount: parts.amount,
  };
  const source = DOCUMENT_NOUNS[parts.source];
  if (parts.proposed !== null && parts.committed !== null) {
    return message('budget.exceeded_after_proposed_committed', {
      ...base,
      proposed: parts.proposed,
      committed: parts.committed,
      source,
    });
  }
  if (parts.proposed !== null)
    return message('budget.exceeded_after_proposed', { ...base, proposed: parts.proposed });
  if (parts.committed !== null) {
    return message('budget.exceeded_committed', { ...base, committed: parts.committed, source });
  }
  return message('budget.exceeded', base);
}
