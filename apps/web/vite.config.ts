import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const api = process.env.ZABUNI_API_URL ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    host: 'localhost',
    proxy: { '/api': api, '/flags': api },
  },
  build: {
    target: 'es2022',
    sourcemap: true,
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
          ],
        },
      },
    },
  },
});
