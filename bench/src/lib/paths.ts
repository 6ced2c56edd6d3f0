import path from 'node:path';

export const repositoryRoot = path.resolve(import.meta.dirname, '../../..');
export const resultsDir = path.join(repositoryRoot, 'bench', 'results');
export const reportFile = path.join(repositoryRoot, 'docs', 'benchmarks.md');
export const serverEntry = path.join(repositoryRoot, 'apps', 'server', 'dist', 'main.js');
export const webIndex = path.join(repositoryRoot, 'apps', 'web', 'dist', 'index.html');
export const cliEntry = path.join(repositoryRoot, 'apps', 'server', 'src', 'cli', 'main.ts');
