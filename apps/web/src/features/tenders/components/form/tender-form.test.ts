import { TENDER_MESSAGES } from '@zabuni/contracts';
import { describe, expect, it } from 'vitest';
import {
  closingParts,
  DOCUMENT_RULES,
  emptyTenderForm,
  screenDocuments,
  tenderFormResolver,
  toMultipart,
  toTextFields,
  type TenderFormValues,
} from './tender-form.ts';

const filled = (patch: Partial<TenderFormValues> = {}): TenderFormValues => ({
  ...emptyTenderForm(),
  tender_title: 'Supply of office furniture',
  closing_day: '2099-01-05',
  closing_time: '10:00',
  first_name: 'Wanjiku',
  last_name: 'Kamau',
  email: 'Wanjiku@Example.co.ke',
  ...patch,
});

const resolve = (values: TenderFormValues, mode: 'publish' | 'editor' = 'publish') =>
  tenderFormResolver(mode)(values, undefined, {
    fields: {},
    shouldUseNativeValidation: false,
  });

describe('publish-tender fields', () => {
  it('sends the picked date raw (DD-MM-YYYY), as YYYY-MM-DD and as an instant with the Nairobi offset', () => {
    const fields = toTextFields(filled(), 'publish');
    expect(fields.raw_closing_date).toBe('05-01-2099');
    expect(fields.tender_closing_date).toBe('2099-01-05');
    expect(fields.closing_date).toBe('2099-01-05T10:00:00+03:00');
    expect(fields).not.toHaveProperty('company');
  });

  it('leaves empty optional fields out and repeats the documents field per file', () => {
    const file = new File(['%PDF-1.4'], 'boq.pdf', { type: 'application/pdf' });
    const fields = toMultipart(filled({ documents: [file] }), 'editor', [3, 7]);
    expect(fields).not.toHaveProperty('sector');
    expect(fields).not.toHaveProperty('phone_number');
    expect(fields.tender_documents).toEqual([file]);
    expect(fields.remove_attachments).toBe('3,7');
  });

  it('reads a saved closing instant back as the Nairobi day and time', () => {
    expect(closingParts('2027-01-05T07:00:00.000Z')).toEqual({ day: '2027-01-05', time: '10:00' });
    expect(closingParts('2027-01-05T21:30:00Z')).toEqual({ day: '2027-01-06', time: '00:30' });
  });
});

describe('tender form validation (the contract schema)', () => {
  it('requires title, closing date, first name, last name and email (SPEC §5)', async () => {
    const result = await resolve(emptyTenderForm());
    expect(Object.keys(result.errors).sort()).toEqual(
      ['closing_day', 'email', 'first_name', 'last_name', 'tender_title'].sort(),
    );
    expect(result.errors.tender_title?.message).toBe('field.required');
  });

  it('accepts a complete form', async () => {
    expect((await resolve(filled())).errors).toEqual({});
  });

  it('refuses a closing date in the past', async () => {
    const result = await resolve(filled({ closing_day: '2001-01-05' }));
    expect(result.errors.closing_day?.message).toBe(TENDER_MESSAGES.closingInPast);
  });

  it('asks editors for the company', async () => {
    expect((await resolve(filled(), 'editor')).errors.company?.message).toBe('field.required');
  });
});

describe('screenDocuments', () => {
  const file = (name: string, size = 1000) => {
    const f = new File(['x'], name);
    Object.defineProperty(f, 'size', { value: size });
    return f;
  };

  it('explains each refused file and keeps the count limit', () => {
    const { accepted, problems } = screenDocuments(
      [file('a.pdf'), file('virus.exe'), file('huge.zip', DOCUMENT_RULES.maxBytes + 1), file('b.docx')],
      [],
      DOCUMENT_RULES.maxFiles - 1,
    );
    expect(accepted.map((f) => f.name)).toEqual(['a.pdf']);
    expect(problems).toEqual([
      { file: 'virus.exe', problem: 'type' },
      { file: 'huge.zip', problem: 'size' },
      { problem: 'count' },
    ]);
  });
});
