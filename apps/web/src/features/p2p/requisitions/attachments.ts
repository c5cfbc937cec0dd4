/** What the API takes as a requisition attachment: PDF, Word, Excel, PNG and JPEG, up to 10 MB. */
export const UPLOAD_MAX_BYTES = 10 * 1024 * 1024;

const TYPES: Record<string, readonly string[]> = {
  pdf: ['application/pdf'],
  docx: ['application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
  xlsx: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
  png: ['image/png'],
  jpg: ['image/jpeg'],
  jpeg: ['image/jpeg'],
};

export const UPLOAD_ACCEPT = [
  ...Object.keys(TYPES).map((extension) => `.${extension}`),
  ...new Set(Object.values(TYPES).flat()),
].join(',');

/** Why a file cannot be sent (an i18next key of this namespace), or null when it can. */
export function checkUpload(file: { name: string; size: number; type: string }): string | null {
  const extension = /\.([a-z0-9]+)$/i.exec(file.name)?.[1]?.toLowerCase() ?? '';
  const types = TYPES[extension];
  // Browsers report an empty type for some files; the extension then decides (the server checks the content).
  if (!types || (file.type && !types.includes(file.type))) return 'attachments.wrongType';
  if (file.size > UPLOAD_MAX_BYTES) return 'attachments.tooLarge';
  if (file.size === 0) return 'attachments.empty';
  return null;
}
