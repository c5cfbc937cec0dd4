import { LegalDocument } from '../components/LegalDocument.tsx';

/** /privacy: the privacy policy under Kenya's Data Protection Act, 2019 (issue 16 point 7). */
export function Component() {
  return <LegalDocument doc="privacy" />;
}
