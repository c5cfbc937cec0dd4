import { createTheme, type MantineColorsTuple } from '@mantine/core';

// Zabuni green: trust and growth, readable on white and behind white text from shade 6 up.
const brand: MantineColorsTuple = [
  '#e6f6ef',
  '#c9ebdc',
  '#9dd9bf',
  '#6cc59f',
  '#43b283',
  '#259f6e',
  '#158a5e',
  '#0b6e4f',
  '#075a41',
  '#034532',
];

export const theme = createTheme({
  primaryColor: 'brand',
  colors: { brand },
  // Noto Sans Ethiopic (bundled, loaded only for Ethiopic characters) renders Amharic on every system.
  fontFamily:
    "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans Ethiopic', sans-serif",
  headings: {
    fontFamily:
      "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans Ethiopic', sans-serif",
  },
  defaultRadius: 'md',
});
