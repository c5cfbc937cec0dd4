/**
 * The OCDS 1.1 release structure as a JSON Schema (draft-07), written from the standard's documentation as
 * summarised in /shared/PROCUREMENT-FACTS.md ("OCDS release structure": required fields, the `tag`,
 * `procurementMethod`, `status`, `submissionMethod` and party-role codelists, Period/Value/Organization
 * reference shapes). It is our own text, not a copy of the Open Contracting Partnership's release-schema.json
 * (no npm package ships that file and this machine reaches only npm); the tests validate every release we
 * publish against it. Closed codelists are enums; objects stay open (OCDS allows extensions).
 */

const dateTime = { type: 'string', format: 'date-time' } as const;
const value = {
  type: 'object',
  properties: { amount: { type: 'number' }, currency: { type: 'string', pattern: '^[A-Z]{3}$' } },
  required: ['amount', 'currency'],
} as const;
const period = {
  type: 'object',
  properties: {
    startDate: dateTime,
    endDate: dateTime,
    maxExtentDate: dateTime,
    durationInDays: { type: 'integer' },
  },
} as const;
const organizationReference = {
  type: 'object',
  properties: { id: { type: 'string', minLength: 1 }, name: { type: 'string' } },
  required: ['id', 'name'],
} as const;
const amendment = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    date: dateTime,
    rationale: { type: 'string' },
    description: { type: 'string' },
  },
} as const;

export const OCDS_TAGS = [
  'planning',
  'planningUpdate',
  'tender',
  'tenderAmendment',
  'tenderUpdate',
  'tenderCancellation',
  'award',
  'awardUpdate',
  'awardCancellation',
  'contract',
  'contractUpdate',
  'contractAmendment',
  'implementation',
  'implementationUpdate',
  'contractTermination',
  'compiled',
] as const;

export const OCDS_RELEASE_SCHEMA = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  $id: 'zabuni:ocds:1.1:release',
  title: 'OCDS 1.1 release',
  type: 'object',
  required: ['ocid', 'id', 'date', 'tag', 'initiationType'],
  properties: {
    ocid: { type: 'string', minLength: 1 },
    id: { type: 'string', minLength: 1 },
    date: dateTime,
    tag: { type: 'array', minItems: 1, uniqueItems: true, items: { type: 'string', enum: OCDS_TAGS } },
    initiationType: { type: 'string', enum: ['tender'] },
    language: { type: 'string' },
    buyer: organizationReference,
    parties: {
      type: 'array',
      uniqueItems: true,
      items: {
        type: 'object',
        required: ['id'],
        properties: {
          id: { type: 'string', minLength: 1 },
          name: { type: 'string' },
          roles: {
            type: 'array',
            items: {
              type: 'string',
              enum: [
                'buyer',
                'procuringEntity',
                'supplier',
                'tenderer',
                'funder',
                'enquirer',
                'payer',
                'payee',
                'reviewBody',
                'interestedParty',
              ],
            },
          },
        },
      },
    },
    tender: {
      type: 'object',
      required: ['id'],
      properties: {
        id: { type: 'string', minLength: 1 },
        title: { type: 'string' },
        description: { type: 'string' },
        status: {
          type: 'string',
          enum: ['planning', 'planned', 'active', 'cancelled', 'unsuccessful', 'complete', 'withdrawn'],
        },
        procuringEntity: organizationReference,
        value,
        minValue: value,
        procurementMethod: { type: 'string', enum: ['open', 'selective', 'limited', 'direct'] },
        procurementMethodDetails: { type: 'string' },
        procurementMethodRationale: { type: 'string' },
        mainProcurementCategory: { type: 'string', enum: ['goods', 'works', 'services'] },
        awardCriteria: { type: 'string' },
        submissionMethod: {
          type: 'array',
          items: {
            type: 'string',
            enum: ['electronicSubmission', 'electronicAuction', 'written', 'inPerson'],
          },
        },
        submissionMethodDetails: { type: 'string' },
        tenderPeriod: period,
        enquiryPeriod: period,
        awardPeriod: period,
        contractPeriod: period,
        hasEnquiries: { type: 'boolean' },
        numberOfTenderers: { type: 'integer', minimum: 0 },
        tenderers: { type: 'array', items: organizationReference },
        amendments: { type: 'array', items: amendment },
      },
    },
    awards: {
      type: 'array',
      items: {
        type: 'object',
        required: ['id'],
        properties: {
          id: { type: 'string', minLength: 1 },
          title: { type: 'string' },
          description: { type: 'string' },
          status: { type: 'string', enum: ['pending', 'active', 'cancelled', 'unsuccessful'] },
          date: dateTime,
          value,
          suppliers: { type: 'array', items: organizationReference },
          contractPeriod: period,
        },
      },
    },
    contracts: {
      type: 'array',
      items: {
        type: 'object',
        required: ['id', 'awardID'],
        properties: {
          id: { type: 'string', minLength: 1 },
          awardID: { type: 'string', minLength: 1 },
          title: { type: 'string' },
          status: { type: 'string', enum: ['pending', 'active', 'cancelled', 'terminated'] },
          period,
          value,
          dateSigned: dateTime,
        },
      },
    },
  },
} as const;
