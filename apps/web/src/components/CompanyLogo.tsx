import { useState } from 'react';

/** "Kenya Power and Lighting" → "KP": the capitalised words' initials, shown when a company has no logo. */
export function companyInitials(name: string) {
  return name
    .split(/\s+/)
    .filter((word) => /^\p{Lu}/u.test(word))
    .slice(0, 2)
    .map((word) => word[0])
    .join('');
}

/**
 * A company's logo, or its initials when it has none or the image fails: Mantine's Avatar (radius sm, brand,
 * 40 px) drawn with its classes and variables but without its code, which weighed 1.8 KB gzip on the jobs
 * list's first load (issue 15).
 */
export function CompanyLogo({ src, name }: { src: string | null | undefined; name: string }) {
  const [failed, setFailed] = useState(false);
  return (
    <div
      className="m_f85678b6 mantine-Avatar-root"
      style={{
        ['--avatar-size' as string]: 'calc(2.5rem * var(--mantine-scale))',
        ['--avatar-radius' as string]: 'var(--mantine-radius-sm)',
        ['--avatar-bg' as string]: 'var(--mantine-color-brand-light)',
        ['--avatar-color' as string]: 'var(--mantine-color-brand-light-color)',
        ['--avatar-bd' as string]: 'calc(0.0625rem * var(--mantine-scale)) solid transparent',
      }}
    >
      {src && !failed ? (
        <img className="m_11f8ac07 mantine-Avatar-image" src={src} alt="" onError={() => setFailed(true)} />
      ) : (
        <span className="m_104cd71f mantine-Avatar-placeholder" aria-hidden="true">
          {companyInitials(name)}
        </span>
      )}
    </div>
  );
}
