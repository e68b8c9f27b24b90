import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { isApiPath, notFoundEnvelope } from './plugins/envelope';

/** The prerendered login page (scripts/prerender-login.ts), sent for /login. */
const LOGIN_PAGE = 'login.html';

/** CSP sources ('sha256-…') for the inline scripts of an HTML page. */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)) {
    const digest = createHash('sha256')
      .update(match[1] ?? '')
      .digest('base64');
    hashes.push(`'sha256-${digest}'`);
  }
  return hashes;
}

/** What the built pages add to the CSP's script-src: the login page's inline check. */
export function spaScriptSources(root: string): string[] {
  const login = path.join(root, LOGIN_PAGE);
  return existsSync(login) ? inlineScriptHashes(readFileSync(login, 'utf8')) : [];
}

/** Serves the built SPA: hashed assets cached for a year, pre-compressed, history fallback. */
export async function registerSpa(app: FastifyInstance, root: string) {
  const built = existsSync(path.join(root, 'index.html'));
  if (built) {
    await app.register(fastifyStatic, {
      root,
      preCompressed: true,
      wildcard: true,
      index: false,
      cacheControl: false,
      setHeaders(res, filePath) {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  const sendPage = (reply: FastifyReply, file = 'index.html') => {
    reply.header('cache-control', 'no-cache');
    return reply.sendFile(file);
  };
  if (built) app.get('/', { config: { access: 'public' } }, (_request, reply) => sendPage(reply));
  if (existsSync(path.join(root, LOGIN_PAGE))) {
    app.get('/login', { config: { access: 'public' } }, (_request, reply) =>
      sendPage(reply, LOGIN_PAGE),
    );
  }
  app.setNotFoundHandler((request, reply) => {
    const wantsPage = request.method === 'GET' || request.method === 'HEAD';
    if (!wantsPage || isApiPath(request.url) || /^\/assets\//.test(request.url)) {
      return notFoundEnvelope(request, reply);
    }
    if (!built) {
      return reply
        .code(503)
        .type('text/plain; charset=utf-8')
        .send(
          'The web app is not built yet: run `npm run build` (or `npm start`, which builds it).',
        );
    }
    return sendPage(reply);
  });
}
