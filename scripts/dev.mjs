// `npm run dev`: the API (restarted on change, tsx) and the Vite dev server (hot reload) side by side.
// Open http://localhost:5173: Vite serves the web app and forwards /api and /flags to the API on PORT.
import { spawn } from 'node:child_process';

const port = process.env.PORT ?? '3000';
const children = [
  spawn(process.execPath, ['--import', 'tsx', '--watch', '--watch-preserve-output', 'apps/api/src/main.ts'], {
    stdio: 'inherit',
    env: { ...process.env, PORT: port },
  }),
  spawn('npm', ['run', 'dev', '-w', '@zabuni/web', '--', '--strictPort'], {
    stdio: 'inherit',
    env: { ...process.env, ZABUNI_API_URL: `http://localhost:${port}` },
  }),
];

let stopping = false;
const stop = (signal) => {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill(signal);
};
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
for (const child of children) {
  child.on('exit', (code) => {
    stop('SIGTERM');
    if (children.every((c) => c.exitCode !== null || c.signalCode !== null)) process.exit(code ?? 0);
  });
}
console.log(
  `\n  Zabuni dev: web with hot reload on http://localhost:5173 (API on http://localhost:${port})\n`,
);
