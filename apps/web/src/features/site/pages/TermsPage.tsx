import { LegalDocument } from '../components/LegalDocument.tsx';

/** /terms: the terms and conditions (issue 16 point 7). */
export function Component() {
  return <LegalDocument doc="terms" />;
}
