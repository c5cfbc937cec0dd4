import react from '@vitejs/plugin-react';
import path from 'node:path';
import { defineConfig } from 'vite';

// A private build (`WEB_DIST_DIR=/tmp/me/dist npm run build -w apps/web`) goes to that folder and its server
// bundle beside it (`/tmp/me/dist-server`), where the API looks for it with the same variable.
const outDir = process.env.WEB_DIST_DIR ? path.resolve(process.env.WEB_DIST_DIR) : 'dist';
const ssrOutDir = process.env.WEB_DIST_DIR ? path.join(path.dirname(outDir), 'dist-server') : 'dist-server';

const api = process.env.ZABUNI_API_URL ?? 'http://localhost:3000';

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react()],
  server: {
    port: 5173,
    host: 'localhost',
    proxy: { '/api': api, '/flags': api },
  },
  // The server renderer (`vite build --ssr src/entry-server.tsx`, loaded by the API) is one self-contained
  // bundle: no dependency is resolved again at run time, so it renders with the very React, Mantine and
  // router versions the browser hydrates with.
  ssr: { noExternal: true, target: 'node' },
  // React, the router and Mantine choose their production code by NODE_ENV when they run: the renderer
  // always runs theirs (development React renders 5-10 times slower), whatever NODE_ENV the API runs with.
  define: isSsrBuild ? { 'process.env.NODE_ENV': JSON.stringify('production') } : {},
  build: isSsrBuild
    ? { target: 'node20', outDir: ssrOutDir, sourcemap: true, emptyOutDir: true }
    : {
        target: 'es2022',
        outDir,
        emptyOutDir: true,
        sourcemap: true,
        // Which files each page needs: the server names them in the page's <head> (modulepreload).
        manifest: true,
        // A lazy import waits only for its stylesheets: the list of every lazy page's JS imports (to preload them
        // in parallel) cost 2.5 KB gzip in every page's first load (issue 15). A page rendered on the server has
        // its chunks named in its <head> by the server (from the manifest); a page reached by a link fetches its
        // chunk's imports once the chunk has arrived. The polyfill stays, for the server's modulepreload links.
        modulePreload: { resolveDependencies: (_file, deps) => deps.filter((dep) => dep.endsWith('.css')) },
        // The first-load chunk is ~560 kB minified (~172 kB gzip, ~148 kB brotli); a bigger one should be noticed.
        chunkSizeWarningLimit: 600,
        rolldownOptions: {
          output: {
            codeSplitting: {
              // Everything the first page needs is one chunk: left to itself the bundler cut it into ~27 by
              // which lazy pages share each piece, and every new lazy page (the platform) cut it further, each
              // cut costing imports and exports (182 kB gzip then, 171 kB as one).
              // The rich-text editor (publish and moderation forms only) is the biggest dependency: its
              // ProseMirror core goes in a chunk of its own, fetched in parallel with the Tiptap one.
              // The phone-number metadata (checkout and subscription pages) gets a chunk of its own, by name.
              groups: [
                { name: 'initial', tags: ['$initial'] },
                { name: 'prosemirror', test: /node_modules[\\/]prosemirror-/ },
                { name: 'libphonenumber', test: /node_modules[\\/]libphonenumber-js[\\/]/ },
                // Mantine's input family (the lists' search boxes and pickers, every form) is one chunk: left
                // out of the first load (the header's language switcher is a plain <select>), it would be
                // cut into seven small ones, each costing its own request and compressing worse. The helpers
                // it shares with tabs, alerts and menus (the close button, ids) form small chunks of their own,
                // so that a page without an input does not load the family.
                {
                  name: 'mantine-close-button',
                  test: /node_modules[\\/]@mantine[\\/]core[\\/]esm[\\/](components[\\/]CloseButton|core[\\/]styles-api[\\/]use-resolved-styles-api)[\\/]/,
                },
                {
                  name: 'mantine-id',
                  test: /node_modules[\\/]@mantine[\\/]hooks[\\/]esm[\\/](use-id|utils[\\/]random-id)[\\/]/,
                },
                // The loader (the advertise page's and the payment pages' waiting state) would otherwise be
                // pulled into the input family's chunk, which imports it: 4.9 kB gzip for a spinner.
                {
                  name: 'mantine-loader',
                  test: /node_modules[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/]Loader[\\/]/,
                },
                {
                  name: 'mantine-input',
                  test: /node_modules[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/](Input|InputBase|Combobox[\\/](ComboboxChevron|get-parsed-combobox-data))[\\/]/,
                },
              ],
            },
          },
        },
      },
}));
