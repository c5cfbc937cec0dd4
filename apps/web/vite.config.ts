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
  },
});
