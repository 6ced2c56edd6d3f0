// The words of the certificate enumerations live in the one table per enumeration (lib/labels).
export { certificateStatusLabels, certificateTypeLabels } from '@/lib/labels';
