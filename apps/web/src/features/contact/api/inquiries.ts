import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Inquiry, InquiryStatus, Page } from '@zabuni/contracts';
import { apiGet, apiPost } from '../../../lib/api-client.ts';

export interface InquiryRequest {
  contact_name: string;
  email: string;
  message: string;
  company_name: string;
  phone_number: string;
  language?: string | undefined;
}

export const sendInquiry = (body: InquiryRequest) =>
  apiPost<{ id: number; detail: string }>('/core/contact-us/', body);

export const INQUIRY_PAGE_SIZE = 20;

export const inquiriesQuery = (status: InquiryStatus, page: number) =>
  queryOptions({
    queryKey: ['core', 'moderation', 'inquiries', status, page],
    queryFn: ({ signal }) =>
      apiGet<Page<Inquiry>>(
        '/core/moderation/inquiries/',
        { status, page, page_size: INQUIRY_PAGE_SIZE },
        signal,
      ),
    placeholderData: keepPreviousData,
  });
export const useInquiries = (status: InquiryStatus, page: number) => useQuery(inquiriesQuery(status, page));

export const inquiryQuery = (id: number) =>
  queryOptions({
    queryKey: ['core', 'moderation', 'inquiries', 'detail', id],
    queryFn: ({ signal }) => apiGet<Inquiry>(`/core/moderation/inquiries/${id}/`, undefined, signal),
  });

export const inquiriesApi = {
  answer: (id: number, answer: string) =>
    apiPost<Inquiry>(`/core/moderation/inquiries/${id}/answer/`, { answer }),
  setStatus: (id: number, status: 'new' | 'spam') =>
    apiPost<Inquiry>(`/core/moderation/inquiries/${id}/status/`, { status }),
};
