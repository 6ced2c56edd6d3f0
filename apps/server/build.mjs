// Bundles the server into dist/main.js. npm packages stay external (loaded from node_modules);
// our workspace packages (@ops/*) are TypeScript sources and are bundled in.
import { build } from 'esbuild';

const externalPackages = {
  name: 'external-packages',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@ops/') ? undefined : { path: args.path, external: true },
    );
  },
};

await build({
  entryPoints: { main: 'src/main.ts' },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [externalPackages],
});
