import { z } from 'zod';
import type { MessageKey } from './messages.ts';

/**
 * Segregation of duties (issue 13): why a decision is refused. Fixed sentences, one per document and
 * reason, so the web can show them in the interface language.
 */
export const SEGREGATION_MESSAGES = {
  earlierStep: 'segregation.earlier_step',
  purchase_order: {
    raisedSourceRequisition: 'segregation.order_raised_source_requisition',
  },
  invoice: {
    enteredInvoice: 'segregation.entered_invoice',
    raisedOrder: 'segregation.raised_order',
    raisedSourceRequisition: 'segregation.invoice_raised_source_requisition',
  },
  /** At final approval, over budget: everyone who could consent already decided another step. */
  noConsenter: 'segregation.no_consenter',
  /** At submission, with the switch on: nobody could decide the last steps. */
  notSeparable: 'segregation.not_separable',
} as const satisfies Record<string, MessageKey | Record<string, MessageKey>>;

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
