// `npm run lint`: ESLint and Prettier's check side by side (each is single-threaded; together they take the time of the
// longer one), their output printed after them, failing when either fails. npm puts node_modules/.bin on the PATH.
import { spawn } from 'node:child_process';
import process from 'node:process';

const run = (command, args) =>
  new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', (error) => resolve({ code: 1, output: `${command}: ${error.message}\n` }));
    child.on('close', (code) => resolve({ code: code ?? 1, output }));
  });

const results = await Promise.all([run('eslint', ['.']), run('prettier', ['--check', '.'])]);
for (const { output } of results) process.stdout.write(output);
process.exitCode = results.some(({ code }) => code !== 0) ? 1 : 0;
