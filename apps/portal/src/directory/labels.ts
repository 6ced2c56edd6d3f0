import type { TRegion } from '@ops/contract/countries';
import type { DirectoryField, DirectoryService, TDirectoryQuery } from '@ops/contract/directory';
import type { DirectoryMessageId } from '../i18n/directory-messages';

/**
 * The directory's words for the contract's values (issue 35), typed by the contract so that a
 * value added there does not compile here until it has its words. Types only come from the
 * contract: its value modules bring zod, which the public page does not need.
 */

export type DirectoryCategory = NonNullable<TDirectoryQuery['category']>;

/** The contract's `directoryFields`, in its order (the order the directory shows them). */
export const fieldLabels: Record<DirectoryField, DirectoryMessageId> = {
  city: 'directory.field.city',
  country: 'directory.field.country',
  website: 'directory.field.website',
  services: 'directory.field.services',
  phone: 'directory.field.phone',
};

/** The contract's `directoryServices`, in its order. */
export const serviceLabels: Record<DirectoryService, DirectoryMessageId> = {
  'air-freight': 'directory.service.air-freight',
  'sea-freight': 'directory.service.sea-freight',
  'road-freight': 'directory.service.road-freight',
  'rail-freight': 'directory.service.rail-freight',
  multimodal: 'directory.service.multimodal',
  'customs-brokerage': 'directory.service.customs-brokerage',
  warehousing: 'directory.service.warehousing',
  'project-cargo': 'directory.service.project-cargo',
  'dangerous-goods': 'directory.service.dangerous-goods',
  'e-commerce': 'directory.service.e-commerce',
};

/** The contract's `regions`, in its order. */
export const regionLabels: Record<TRegion, DirectoryMessageId> = {
  'africa-middle-east': 'directory.region.africa-middle-east',
  americas: 'directory.region.americas',
  'asia-pacific': 'directory.region.asia-pacific',
  europe: 'directory.region.europe',
};

/** The contract's `directoryCategories`, in its order (honorary members are people). */
export const categoryLabels: Record<DirectoryCategory, DirectoryMessageId> = {
  individual: 'directory.category.individual',
  association: 'directory.category.association',
  group: 'directory.category.group',
};

/**
 * The values in the contract's order, read from the words' keys (`directory.test.tsx` holds them
 * to the contract's lists).
 */
export const directoryFieldValues = Object.keys(fieldLabels) as DirectoryField[];
export const directoryServiceValues = Object.keys(serviceLabels) as DirectoryService[];
export const directoryCategoryValues = Object.keys(categoryLabels) as DirectoryCategory[];
export const regionValues = Object.keys(regionLabels) as TRegion[];
