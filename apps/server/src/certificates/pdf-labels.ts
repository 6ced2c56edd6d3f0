import type { CertificateType, Language } from '@ops/contract';
import { labelsIn } from '../lib/pdf-language';

/**
 * The fixed words of the certificate PDF in the four working languages (issue 17), picked by the
 * member's preferred language when the certificate is issued (its PDF is stored then, so a later
 * change of language does not rewrite an issued certificate). The federation's name is a proper
 * name and stays as registered.
 */
export type CertificatePdfLabels = {
  titles: Record<CertificateType, string>;
  certifyThat: string;
  membership: (federation: string, year: number) => string;
  documentLicence: (federation: string, documentCode: string, year: number) => string;
  diploma: (federation: string, year: number) => string;
  validFromTo: (from: string, to: string) => string;
  membershipNumber: (number: string) => string;
  certificateNumber: string;
  dateOfIssue: string;
  verificationCode: string;
  checkValid: string;
};

const en: CertificatePdfLabels = {
  titles: {
    membership: 'Certificate of Membership',
    'document-licence': 'Document Licence',
    diploma: 'Diploma',
  },
  certifyThat: 'This is to certify that',
  membership: (federation, year) =>
    `is a member in good standing of the ${federation} for the year ${year}.`,
  documentLicence: (federation, code, year) =>
    `is licensed by the ${federation} to issue the ${code} transport document in the year ${year}.`,
  diploma: (federation, year) => `has been awarded the Diploma of the ${federation} (${year}).`,
  validFromTo: (from, to) => `Valid from ${from} to ${to}`,
  membershipNumber: (number) => `Membership number ${number}`,
  certificateNumber: 'Certificate number',
  dateOfIssue: 'Date of issue',
  verificationCode: 'Verification code',
  checkValid: 'Check that this certificate is valid:',
};

const fr: CertificatePdfLabels = {
  titles: {
    membership: 'Certificat de membre',
    'document-licence': 'Licence de document',
    diploma: 'Diplôme',
  },
  certifyThat: 'Nous certifions par la présente que',
  membership: (federation, year) => `est membre en règle de l’${federation} pour l’année ${year}.`,
  documentLicence: (federation, code, year) =>
    `est autorisé par l’${federation} à émettre le document de transport ${code} au cours de l’année ${year}.`,
  diploma: (federation, year) => `a obtenu le diplôme de l’${federation} (${year}).`,
  validFromTo: (from, to) => `Valable du ${from} au ${to}`,
  membershipNumber: (number) => `N° de membre ${number}`,
  certificateNumber: 'N° de certificat',
  dateOfIssue: 'Date d’émission',
  verificationCode: 'Code de vérification',
  checkValid: 'Vérifier la validité de ce certificat :',
};

const de: CertificatePdfLabels = {
  titles: {
    membership: 'Mitgliedschaftszertifikat',
    'document-licence': 'Dokumentenlizenz',
    diploma: 'Diplom',
  },
  certifyThat: 'Hiermit wird bescheinigt, dass',
  membership: (federation, year) =>
    `für das Jahr ${year} ordentliches Mitglied der ${federation} ist.`,
  documentLicence: (federation, code, year) =>
    `von der ${federation} berechtigt ist, im Jahr ${year} das Transportdokument ${code} auszustellen.`,
  diploma: (federation, year) => `das Diplom der ${federation} erhalten hat (${year}).`,
  validFromTo: (from, to) => `Gültig vom ${from} bis ${to}`,
  membershipNumber: (number) => `Mitgliedsnummer ${number}`,
  certificateNumber: 'Zertifikatsnummer',
  dateOfIssue: 'Ausstellungsdatum',
  verificationCode: 'Prüfcode',
  checkValid: 'Gültigkeit dieses Zertifikats prüfen:',
};

const es: CertificatePdfLabels = {
  titles: {
    membership: 'Certificado de afiliación',
    'document-licence': 'Licencia de documento',
    diploma: 'Diploma',
  },
  certifyThat: 'Por la presente se certifica que',
  membership: (federation, year) =>
    `es miembro de pleno derecho de la ${federation} para el año ${year}.`,
  documentLicence: (federation, code, year) =>
    `está autorizado por la ${federation} a emitir el documento de transporte ${code} durante el año ${year}.`,
  diploma: (federation, year) => `ha obtenido el diploma de la ${federation} (${year}).`,
  validFromTo: (from, to) => `Válido del ${from} al ${to}`,
  membershipNumber: (number) => `N.º de miembro ${number}`,
  certificateNumber: 'N.º de certificado',
  dateOfIssue: 'Fecha de emisión',
  verificationCode: 'Código de verificación',
  checkValid: 'Compruebe la validez de este certificado:',
};

export const certificatePdfLabels: Record<Language, CertificatePdfLabels> = { en, fr, de, es };

/** The certificate's words in a language (English for an unknown one). */
export function certificateLabelsOf(language: string | null | undefined): CertificatePdfLabels {
  return labelsIn(certificatePdfLabels, language);
}
