import { build, type Plugin } from 'esbuild';

/** npm packages stay external (loaded from node_modules); our workspace packages (@ops/*) are TypeScript sources and are bundled in. */
const externalPackages: Plugin = {
  name: 'external-packages',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@ops/') ? undefined : { path: args.path, external: true },
    );
  },
};

/**
 * Bundles server entry points (`{ main: 'src/main.ts' }`) into `outdir`, a folder directly inside
 * apps/server (both relative to it): the server finds the built web apps relative to its own file
 * (`app.ts`), as it does from src/. The production build (`build.ts`) and the test suite's
 * build of the server and the CLI (`test/global-setup.ts`) are this one function.
 */
export async function bundleServer(entryPoints: Record<string, string>, outdir: string) {
  await build({
    // Paths are apps/server's, wherever the build is started from (npm, Vitest's global setup).
    absWorkingDir: import.meta.dirname,
    entryPoints,
    outdir,
    bundle: true,
    // The entry points share their modules in chunks instead of each carrying its own copy.
    splitting: Object.keys(entryPoints).length > 1,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    logLevel: 'warning',
    plugins: [externalPackages],
  });
}
