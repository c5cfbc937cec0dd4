import { ActionIcon, Button, MantineProvider } from '@mantine/core';
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { theme } from '../app/theme.ts';
import { PlainActionIcon, PlainButton } from './PlainButton.tsx';

/** The markup as the page has it: the provider's style tag left out. */
function markup(element: ReactElement) {
  const html = renderToStaticMarkup(
    <MemoryRouter>
      <MantineProvider theme={theme}>{element}</MantineProvider>
    </MemoryRouter>,
  );
  return html.replace(/<style[^>]*>.*?<\/style>/gs, '');
}

/** Same elements, classes, attributes and CSS variables, whatever the order of attributes and declarations. */
function normalised(html: string) {
  return html.replace(/<(\w+)((?:\s+[\w-]+="[^"]*")*)\s*>/g, (_, tag: string, attributes: string) => {
    const sorted = [...attributes.matchAll(/([\w-]+)="([^"]*)"/g)]
      .map(([, name, value]) => {
        if (name !== 'style') return `${name}="${value}"`;
        const declarations = value!.split(/;(?![^(]*\))/).filter(Boolean);
        return `style="${declarations.sort().join(';')}"`;
      })
      .sort();
    return `<${tag} ${sorted.join(' ')}>`;
  });
}

describe("PlainButton draws Mantine's Button", () => {
  const cases: [string, ReactElement, ReactElement][] = [
    [
      'filled link, extra small',
      <Button component="a" href="/portal" size="xs" variant="filled" color="brand" rel="noopener">
        Portal
      </Button>,
      <PlainButton href="/portal" size="xs" variant="filled" color="brand" rel="noopener">
        Portal
      </PlainButton>,
    ],
    [
      'subtle, extra small, narrow',
      <Button size="xs" variant="subtle" px={8}>
        Account
      </Button>,
      <PlainButton size="xs" variant="subtle" px={8}>
        Account
      </PlainButton>,
    ],
    [
      'subtle grey',
      <Button size="xs" variant="subtle" color="gray" px={8}>
        Sign out
      </Button>,
      <PlainButton size="xs" variant="subtle" color="gray" px={8}>
        Sign out
      </PlainButton>,
    ],
    ['light', <Button variant="light">Retry</Button>, <PlainButton variant="light">Retry</PlainButton>],
    ['subtle', <Button variant="subtle">Save</Button>, <PlainButton variant="subtle">Save</PlainButton>],
    [
      'yellow with dark text, medium (the home hero)',
      <Button variant="filled" size="md" color="yellow" c="dark">
        Demo
      </Button>,
      <PlainButton size="md" color="yellow" c="dark">
        Demo
      </PlainButton>,
    ],
    [
      'white, medium',
      <Button size="md" variant="white" color="brand">
        Contact
      </Button>,
      <PlainButton size="md" variant="white" color="brand">
        Contact
      </PlainButton>,
    ],
    [
      'outline',
      <Button variant="outline">Contact</Button>,
      <PlainButton variant="outline">Contact</PlainButton>,
    ],
    [
      'default, disabled',
      <Button variant="default" disabled>
        Previous
      </Button>,
      <PlainButton variant="default" disabled>
        Previous
      </PlainButton>,
    ],
    [
      'filled, disabled',
      <Button variant="filled" disabled>
        Next
      </Button>,
      <PlainButton disabled>Next</PlainButton>,
    ],
    [
      'round, small (the pricing period switch)',
      <Button radius="xl" size="sm" variant="filled">
        Monthly
      </Button>,
      <PlainButton radius="xl" size="sm">
        Monthly
      </PlainButton>,
    ],
    [
      'subtle without padding',
      <Button variant="subtle" px={0}>
        Pricing
      </Button>,
      <PlainButton variant="subtle" px={0}>
        Pricing
      </PlainButton>,
    ],
    [
      'with a class',
      <Button variant="filled" className="zs-cardLink">
        Choose
      </Button>,
      <PlainButton className="zs-cardLink">Choose</PlainButton>,
    ],
  ];
  it.each(cases)('%s', (_, mantine, plain) => {
    expect(normalised(markup(plain))).toBe(normalised(markup(mantine)));
  });

  it('a router link is an anchor with the same look', () => {
    const html = markup(
      <PlainButton to="/tenders-subscribe" variant="light">
        Subscribe
      </PlainButton>,
    );
    expect(normalised(html)).toMatch(/^<a [^>]*data-variant="light" [^>]*href="\/tenders-subscribe"/);
    expect(html).toContain('mantine-Button-root');
  });

  it('the default filled button carries the colours Mantine puts in its stylesheet', () => {
    const html = markup(<PlainButton>Subscribe</PlainButton>);
    expect(html).toContain('--button-bg:var(--mantine-color-brand-filled)');
    expect(html).toContain('--button-color:var(--mantine-color-white)');
  });
});

describe("PlainActionIcon draws Mantine's ActionIcon", () => {
  it('subtle red', () => {
    const mantine = (
      <ActionIcon variant="subtle" color="red" aria-label="Remove">
        x
      </ActionIcon>
    );
    const plain = (
      <PlainActionIcon variant="subtle" color="red" aria-label="Remove">
        x
      </PlainActionIcon>
    );
    expect(normalised(markup(plain))).toBe(normalised(markup(mantine)));
  });
});
