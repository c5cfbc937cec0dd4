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
    chunkSizeWarningLimit: 400,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // The rich-text editor (publish and moderation forms only) is the biggest dependency: its
          // ProseMirror core goes in a chunk of its own, fetched in parallel with the Tiptap one.
          // The phone-number metadata (checkout and subscription pages) gets a chunk of its own, by name.
          groups: [
            { name: 'prosemirror', test: /node_modules[\\/]prosemirror-/ },
            { name: 'libphonenumber', test: /node_modules[\\/]libphonenumber-js[\\/]/ },
          ],
        },
      },
    },
  },
});
