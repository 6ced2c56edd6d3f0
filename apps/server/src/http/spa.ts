import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors';

/** Paths that belong to the API; everything else is the browser app's (history routing). */
const apiPrefixes = ['/api/', '/functions/', '/indexes/'];

export function isApiPath(url: string): boolean {
  const pathname = url.split('?')[0] ?? '';
  return apiPrefixes.some(
    (prefix) => pathname.startsWith(prefix) || pathname === prefix.slice(0, -1),
  );
}

/**
 * Serves the built SPA. Hashed assets are cached for a year; index.html never, so a deploy is
 * picked up at once. Any non-API GET that matches no file returns index.html, so a deep link such
 * as /members/xyz opens the app at that screen.
 */
export async function registerSpa(app: FastifyInstance, webDist: string): Promise<void> {
  const indexFile = path.join(webDist, 'index.html');
  const hasBuild = fs.existsSync(indexFile);
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      cacheControl: false, // ours below: hashed assets forever, the rest revalidated
      preCompressed: true, // .br/.gz written by the web build
      setHeaders: (response, filePath) => {
        response.raw.setHeader(
          'cache-control',
          filePath.includes(`${path.sep}assets${path.sep}`)
            ? 'public, max-age=31536000, immutable'
            : 'no-cache',
        );
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const isMissingAsset = request.url.startsWith('/assets/');
    if (
      isApiPath(request.url) ||
      isMissingAsset ||
      (request.method !== 'GET' && request.method !== 'HEAD')
    ) {
      throw new AppError('not-found', `No route ${request.method} ${request.url.split('?')[0]}`);
    }
    if (!hasBuild) {
      return reply
        .status(503)
        .type('text/plain')
        .send('The web app is not built yet: run `npm run build` (npm start does it for you).');
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html', webDist);
  });
}
