import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { routes } from './routes.tsx';

const webRoot = new URL('../../', import.meta.url).pathname;
const here = new URL('.', import.meta.url).pathname;

function all(list: RouteObject[]): RouteObject[] {
  return list.flatMap((route) => [route, ...all(route.children ?? [])]);
}

describe('public pages named for preloading', () => {
  const named = all(routes).filter((route) => (route.handle as { preload?: unknown })?.preload);

  it('cover the pages rendered on the server, and name files that exist', () => {
    const paths = named.map((route) => (route.index ? '/' : route.path));
    expect(paths).toEqual(
      expect.arrayContaining([
        '/',
        'jobs',
        'jobs/:id',
        'tenders',
        'tenders/show/:id',
        'advertise',
        'tenders-subscribe',
        '*',
      ]),
    );
    for (const route of named) {
      for (const key of (route.handle as { preload: string[] }).preload) {
        expect(existsSync(`${webRoot}${key}`), key).toBe(true);
      }
    }
  });

  it('name the module each route imports', () => {
    const source = readFileSync(`${here}routes.tsx`, 'utf8');
    const calls = [...source.matchAll(/page\(\s*'([^']+)',\s*\(\) => import\('([^']+)'\)/g)];
    expect(calls.length).toBe(named.length);
    for (const [, module, imported] of calls) {
      expect(path.relative(webRoot, path.resolve(here, imported!)), imported).toBe(module);
    }
  });
});
