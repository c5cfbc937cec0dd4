import { z } from 'zod';
import { DEADLINE_FILTERS, JOB_TYPES, MARKETING_SOURCES, SECTORS, WEBINAR_MODULES } from './constants.ts';

export const sectorSchema = z.enum(SECTORS);
export const jobTypeSchema = z.enum(JOB_TYPES);
export const webinarModuleSchema = z.enum(WEBINAR_MODULES);
export const marketingSourceSchema = z.enum(MARKETING_SOURCES);
export const deadlineFilterSchema = z.enum(DEADLINE_FILTERS);

export type Sector = z.infer<typeof sectorSchema>;
export type JobType = z.infer<typeof jobTypeSchema>;
export type DeadlineFilterOption = z.infer<typeof deadlineFilterSchema>;

export const optionListsSchema = z.object({
  sectors: z.array(z.string()),
  job_types: z.array(z.string()),
  webinar_modules: z.array(z.string()),
  marketing_sources: z.array(z.string()),
  deadline_filters: z.array(z.string()),
});
