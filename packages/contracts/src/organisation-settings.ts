import { z } from 'zod';

/**
 * Segregation of duties (issue 13): why a decision is refused. Fixed sentences, one per document and
 * reason, so the web can show them in the interface language.
 */
export const SEGREGATION_MESSAGES = {
  earlierStep: 'You already decided an earlier step of this document.',
  purchase_order: {
    raisedSourceRequisition:
      'You raised a requisition this purchase order was made from, so you cannot decide it.',
  },
  invoice: {
    enteredInvoice: 'You entered this invoice, so you cannot decide it.',
    raisedOrder: 'You raised the purchase order this invoice is for, so you cannot decide it.',
    raisedSourceRequisition:
      'You raised a requisition this invoice’s purchase order was made from, so you cannot decide it.',
  },
  /** At final approval, over budget: everyone who could consent already decided another step. */
  noConsenter:
    'This document is now over budget and needs the consent of a budget owner or budget exception approver who has not decided another of its steps; there is none. Ask your administrator.',
  /** At submission, with the switch on: nobody could decide the last steps. */
  notSeparable:
    'This document needs a different person for each approval step, and not enough people can approve it: {route}. Ask your administrator to adjust the approval workflow, or to allow one person to decide several steps.',
} as const;

/** The organisation's approval settings, as `GET /api/v1/p2p/organisation-settings/` answers them. */
export const organisationSettings = z.object({
  sod_one_step_per_person: z
    .boolean()
    .describe(
      'Segregation of duties: one person decides at most one step of the same document (on by default).',
    ),
});
export type OrganisationSettings = z.infer<typeof organisationSettings>;

/** What an organisation administrator may change (`PATCH`): any subset of the settings. */
export const organisationSettingsPatch = organisationSettings.partial();
export type OrganisationSettingsPatch = z.infer<typeof organisationSettingsPatch>;
