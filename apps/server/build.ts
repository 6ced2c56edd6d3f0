// `npm run build -w @ops/server`: the server, dist/main.js, and its command line, dist/cli.js
// (what `npm run ops` runs from the sources, ready to start at once), bundled by server-bundle.ts.
import { bundleServer } from './server-bundle';

await bundleServer({ main: 'src/main.ts', cli: 'src/cli/main.ts' }, 'dist');
