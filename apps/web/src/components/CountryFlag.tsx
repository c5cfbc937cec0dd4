interface Props {
  src: string;
  name: string;
  size?: number;
}

/** A country's flag image (SVG served by the API), described for screen readers by the country's name. */
export function CountryFlag({ src, name, size = 18 }: Props) {
  return (
    <img
      src={src}
      alt={name}
      width={Math.round((size * 4) / 3)}
      height={size}
      loading="lazy"
      style={{ borderRadius: 2, objectFit: 'cover', boxShadow: '0 0 0 1px rgba(0,0,0,0.08)', flexShrink: 0 }}
    />
  );
}
