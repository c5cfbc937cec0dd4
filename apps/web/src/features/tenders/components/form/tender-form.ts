import {
  editorTenderForm,
  publishTenderForm,
  TENDER_MESSAGES,
  type JobType,
  type Sector,
} from '@zabuni/contracts';
import { closingInstant, dayMonthYearToIsoDate, DEFAULT_CLOSING_TIME, nairobiDate } from '@zabuni/domain';
import type { FieldErrors, Resolver } from 'react-hook-form';
import type { MultipartValue } from '../../../../lib/multipart.ts';

export type TenderFormMode = 'publish' | 'editor';

/** What the form holds; `toFields` turns it into the contract's multipart fields (SPEC §3 publish form). */
export interface TenderFormValues {
  tender_title: string;
  /** The picked day as Mantine gives it (YYYY-MM-DD); shown and sent raw as DD-MM-YYYY. */
  closing_day: string | null;
  /** Wall-clock time in Nairobi, HH:MM. */
  closing_time: string;
  sector: Sector | null;
  job_type: JobType | null;
  category: number | undefined;
  country: number | undefined;
  first_name: string;
  last_name: string;
  email: string;
  phone_number: string;
  tender_details: string;
  /** Editors only: the advertised company. */
  company: string;
  documents: File[];
}

/**
 * The closing time a new tender starts with: the domain's default, the end of the day in Nairobi, so a
 * publisher who does not touch it never closes a tender earlier than the date suggests.
 */
export const INITIAL_CLOSING_TIME = DEFAULT_CLOSING_TIME;

export const emptyTenderForm = (): TenderFormValues => ({
  tender_title: '',
  closing_day: null,
  closing_time: INITIAL_CLOSING_TIME,
  sector: null,
  job_type: null,
  category: undefined,
  country: undefined,
  first_name: '',
  last_name: '',
  email: '',
  phone_number: '',
  tender_details: '',
  company: '',
  documents: [],
});

/** The Nairobi day and time of a saved closing instant, for editing it. */
export function closingParts(closingDate: string): { day: string; time: string } {
  const instant = new Date(closingDate);
  const shifted = new Date(instant.getTime() + 3 * 3_600_000);
  const time = `${String(shifted.getUTCHours()).padStart(2, '0')}:${String(shifted.getUTCMinutes()).padStart(2, '0')}`;
  return { day: nairobiDate(instant), time };
}

/** "2027-01-05" → "05-01-2027", the DD-MM-YYYY the date field shows. */
export function pickedAsDayMonthYear(day: string | null): string {
  const match = day ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(day) : null;
  return match ? `${match[3]}-${match[2]}-${match[1]}` : '';
}

/**
 * The text fields of the request. SPEC §5: the picked day-month-year becomes year-month-day with zero
 * padding; `closing_date` carries the full instant with Nairobi's offset.
 */
export function toTextFields(values: TenderFormValues, mode: TenderFormMode): Record<string, string> {
  const raw = pickedAsDayMonthYear(values.closing_day);
  const isoDay = raw ? (dayMonthYearToIsoDate(raw) ?? '') : '';
  const time = values.closing_time.slice(0, 5);
  const closing = isoDay && closingInstant(isoDay, time) ? `${isoDay}T${time}:00+03:00` : '';
  return {
    tender_title: values.tender_title,
    tender_closing_date: isoDay,
    raw_closing_date: raw,
    closing_date: closing,
    sector: values.sector ?? '',
    job_type: values.job_type ?? '',
    category: values.category === undefined ? '' : String(values.category),
    country: values.country === undefined ? '' : String(values.country),
    tender_details: values.tender_details,
    // An editor's tender has no order, hence no contact person.
    ...(mode === 'editor'
      ? { company: values.company }
      : {
          first_name: values.first_name,
          last_name: values.last_name,
          email: values.email,
          phone_number: values.phone_number,
        }),
  };
}

export function toMultipart(
  values: TenderFormValues,
  mode: TenderFormMode,
  removedAttachments: readonly number[] = [],
): Record<string, MultipartValue> {
  const text = toTextFields(values, mode);
  // Empty optional fields are left out rather than sent as "".
  const fields: Record<string, MultipartValue> = Object.fromEntries(
    Object.entries(text).filter(([, value]) => value !== ''),
  );
  // Clearing the details of a saved tender must reach the server.
  fields.tender_details = text.tender_details;
  if (removedAttachments.length > 0) fields.remove_attachments = removedAttachments.join(',');
  fields.tender_documents = values.documents;
  return fields;
}

/** Where the API's (and the contract's) field names show their messages in this form. */
export const FORM_FIELD_OF: Readonly<Record<string, keyof TenderFormValues>> = {
  tender_title: 'tender_title',
  tender_closing_date: 'closing_day',
  raw_closing_date: 'closing_day',
  closing_date: 'closing_time',
  sector: 'sector',
  job_type: 'job_type',
  category: 'category',
  country: 'country',
  first_name: 'first_name',
  last_name: 'last_name',
  email: 'email',
  phone_number: 'phone_number',
  tender_details: 'tender_details',
  company: 'company',
  tender_documents: 'documents',
  remove_attachments: 'documents',
};

/**
 * Validates with the SAME zod schema as the API (ARCHITECTURE §4), applied to the fields the form would
 * send; the messages land on the inputs that produced them. The closing instant must lie ahead (the API
 * refuses a past one for new and edited tenders alike).
 */
export function tenderFormResolver(mode: TenderFormMode): Resolver<TenderFormValues> {
  const schema = mode === 'editor' ? editorTenderForm : publishTenderForm;
  return async (values) => {
    const fields = toTextFields(values, mode);
    const parsed = schema.safeParse(fields);
    const errors: FieldErrors<TenderFormValues> = {};
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = FORM_FIELD_OF[String(issue.path[0])];
        if (field && !errors[field]) errors[field] = { type: issue.code, message: issue.message };
      }
    }
    if (!errors.closing_day && fields.closing_date && new Date(fields.closing_date).getTime() <= Date.now()) {
      errors.closing_day = { type: 'validate', message: TENDER_MESSAGES.closingInPast };
    }
    return Object.keys(errors).length > 0 ? { values: {}, errors } : { values, errors: {} };
  };
}

/** Tender documents (the API checks each file's content again): type by extension, size and count. */
export const DOCUMENT_RULES = {
  extensions: ['pdf', 'doc', 'docx', 'xls', 'xlsx', 'zip', 'png', 'jpg', 'jpeg', 'gif', 'webp'],
  maxBytes: 20 * 1024 * 1024,
  maxFiles: 10,
} as const;

/** MIME types the file picker offers, with their extensions (some systems report no type for .docx). */
export const DOCUMENT_ACCEPT: Record<string, string[]> = {
  'application/pdf': ['.pdf'],
  'application/msword': ['.doc'],
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': ['.docx'],
  'application/vnd.ms-excel': ['.xls'],
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': ['.xlsx'],
  'application/zip': ['.zip'],
  'application/x-zip-compressed': ['.zip'],
  'image/png': ['.png'],
  'image/jpeg': ['.jpg', '.jpeg'],
  'image/gif': ['.gif'],
  'image/webp': ['.webp'],
};

export type DocumentProblem = { file: string; problem: 'type' | 'size' | 'empty' } | { problem: 'count' };

/** Which of the offered files can join the ones already chosen, and why the others cannot. */
export function screenDocuments(
  offered: readonly File[],
  chosen: readonly File[],
  alreadyAttached: number,
): { accepted: File[]; problems: DocumentProblem[] } {
  const accepted: File[] = [];
  const problems: DocumentProblem[] = [];
  const same = (a: File, b: File) =>
    a.name === b.name && a.size === b.size && a.lastModified === b.lastModified;
  let room = DOCUMENT_RULES.maxFiles - alreadyAttached - chosen.length;
  for (const file of offered) {
    if (chosen.some((c) => same(c, file)) || accepted.some((c) => same(c, file))) continue;
    const extension = /\.([a-z0-9]+)$/i.exec(file.name)?.[1]?.toLowerCase() ?? '';
    if (!(DOCUMENT_RULES.extensions as readonly string[]).includes(extension)) {
      problems.push({ file: file.name, problem: 'type' });
    } else if (file.size > DOCUMENT_RULES.maxBytes) {
      problems.push({ file: file.name, problem: 'size' });
    } else if (file.size === 0) {
      problems.push({ file: file.name, problem: 'empty' });
    } else if (room <= 0) {
      if (!problems.some((p) => p.problem === 'count')) problems.push({ problem: 'count' });
    } else {
      accepted.push(file);
      room -= 1;
    }
  }
  return { accepted, problems };
}
