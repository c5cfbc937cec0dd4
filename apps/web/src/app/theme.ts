import { createTheme, type MantineColorsTuple } from '@mantine/core';
// Amharic pages draw Ethiopic with Noto Sans Ethiopic before any system font (see the file).
import './script-fonts.css';

// Zabuni green: trust and growth. Shade 6 is the primary shade (buttons, links, light variants): 5.3:1 on
// white and behind white text, 4.7:1 on its own light background (WCAG AA asks 4.5:1; #158a5e gave 4.3).
const brand: MantineColorsTuple = [
  '#e6f6ef',
  '#c9ebdc',
  '#9dd9bf',
  '#6cc59f',
  '#43b283',
  '#259f6e',
  '#0e7a53',
  '#0b6e4f',
  '#075a41',
  '#034532',
];

// Mantine's gray with a darker shade 6, which is also the dimmed text colour (`c="dimmed"`): #868e96 read
// 3.3:1 on white and 3.2:1 on gray.0 backgrounds; #5f676f reads 5.7:1 and 5.5:1, and 4.8:1 on gray.2.
const gray: MantineColorsTuple = [
  '#f8f9fa',
  '#f1f3f5',
  '#e9ecef',
  '#dee2e6',
  '#ced4da',
  '#adb5bd',
  '#5f676f',
  '#495057',
  '#343a40',
  '#212529',
];

export const theme = createTheme({
  primaryColor: 'brand',
  colors: { brand, gray },
  // Noto Sans Ethiopic (bundled, loaded only for Ethiopic characters) renders Amharic on every system.
  fontFamily:
    "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans Ethiopic', sans-serif",
  headings: {
    fontFamily:
      "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans Ethiopic', sans-serif",
  },
  defaultRadius: 'md',
  // Filled badges and buttons in light colours (orange 'Sponsored', yellow) get dark text: white on
  // orange.6 read 2.6:1.
  autoContrast: true,
});
