import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { message } from '../../shared/messages';
import { fieldError } from '../errors';

/** A NUL, or half of a surrogate pair without its other half. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the NUL is what this looks for.
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const UNSTORABLE_ALL = new RegExp(UNSTORABLE.source, 'g');

/** A key as a field name a message can carry: the characters refused here written as \uXXXX. */
function printable(key: string): string {
  return key.replace(UNSTORABLE_ALL, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** The first string (key or value) in `root` that no text column can hold, as a field path. */
export function findUnstorableText(root: unknown): { field: string; what: string } | undefined {
  // Iterative: a deeply nested body must not overflow the stack.
  const stack: [unknown, string][] = [[root, '']];
  while (stack.length) {
    const [value, at] = stack.pop()!;
    if (typeof value === 'string') {
      const bad = UNSTORABLE.exec(value);
      if (bad) return { field: at, what: bad[0] === '\u0000' ? 'NUL' : 'surrogate' };
    } else if (value && typeof value === 'object') {
      const entries = Array.isArray(value)
        ? value.map((v, i) => [String(i), v] as const)
        : Object.entries(value);
      for (let i = entries.length - 1; i >= 0; i--) {
        const [key, child] = entries[i]!;
        const field = at ? `${at}.${printable(key)}` : printable(key);
        if (UNSTORABLE.test(key))
          return { field, what: key.includes('\u0000') ? 'NUL' : 'surrogate' };
        stack.push([child, field]);
      }
    }
  }
  return undefined;
}

/**
 * Refuses, with 400 naming the field, any body, query or path text holding a NUL (PostgreSQL's
 * text and jsonb cannot store it) or a lone surrogate (not valid Unicode: stored as U+FFFD in
 * some columns, refused by jsonb in others), before any schema or handler sees it.
 */
export const textInputPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('preValidation', async (request) => {
      for (const part of [request.params, request.query, request.body]) {
        const bad = findUnstorableText(part);
        if (bad) {
          throw fieldError(
            bad.field || 'body',
            message(bad.what === 'NUL' ? 'validation.nul' : 'validation.surrogate'),
          );
        }
      }
    });
  },
  { name: 'text-input' },
);
