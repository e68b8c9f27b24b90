// @vitest-environment node
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Every link of the documentation resolves inside the repository: a relative link names a file (or
 * folder) that exists, without leaving the repository, and a `#heading` one that the file has.
 * Links to public web pages (http, https) are let through; any other scheme is not.
 */

const root = path.resolve(import.meta.dirname, '..');

/** The documentation: the README, docs/ and the benchmark figures kept under bench/results/. */
function documents(): string[] {
  const inFolder = (folder: string) =>
    existsSync(path.join(root, folder))
      ? readdirSync(path.join(root, folder))
          .filter((name) => name.endsWith('.md'))
          .map((name) => `${folder}/${name}`)
      : [];
  return ['README.md', ...inFolder('docs'), ...inFolder('bench/results')];
}

/** The text outside fenced code blocks and inline code, where a link is a link. */
function prose(markdown: string): string {
  return markdown
    .replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '')
    .replace(/(`+)[\s\S]*?\1/g, '');
}

/** Every link target: inline `[text](target)`, images, `<scheme:…>` and reference definitions. */
function linkTargets(markdown: string): string[] {
  const text = prose(markdown);
  const targets: string[] = [];
  for (const [, target] of text.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g))
    targets.push(target!);
  for (const [, target] of text.matchAll(/<([a-z][a-z0-9+.-]*:[^>\s]+)>/gi)) targets.push(target!);
  for (const [, target] of text.matchAll(/^ {0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)/gm))
    targets.push(target!);
  return targets;
}

/** GitHub's anchors of a Markdown file's headings (duplicates numbered -1, -2…). */
function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  const withoutCode = markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '');
  for (const [, heading] of withoutCode.matchAll(/^ {0,3}#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const base = heading!
      .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
      .toLowerCase()
      .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
      .replace(/ /g, '-');
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count === 0 ? base : `${base}-${count}`);
  }
  return anchors;
}

/** What is wrong with one link of `from` (a path relative to the repository), or undefined. */
function problemOf(from: string, target: string): string | undefined {
  if (/^https?:\/\//i.test(target)) return undefined;
  if (/^[a-z][a-z0-9+.-]*:/i.test(target)) return `${target}: not a file of the repository`;
  const [pathPart = '', anchor] = target.split('#') as [string, string | undefined];
  const file = decodeURIComponent(pathPart.split('?')[0]!);
  const resolved = file ? path.resolve(root, path.dirname(from), file) : path.resolve(root, from);
  const inRepo = path.relative(root, resolved);
  if (inRepo.startsWith('..') || path.isAbsolute(inRepo)) return `${target}: leaves the repository`;
  if (!existsSync(resolved)) return `${target}: no such file`;
  if (anchor !== undefined && statSync(resolved).isFile() && resolved.endsWith('.md')) {
    if (!anchorsOf(readFileSync(resolved, 'utf8')).has(decodeURIComponent(anchor).toLowerCase()))
      return `${target}: no heading #${anchor} in ${inRepo}`;
  }
  return undefined;
}

describe('links of the documentation', () => {
  it('finds the documentation and its links', () => {
    const files = documents();
    expect(files).toContain('README.md');
    expect(files.some((file) => file.startsWith('docs/'))).toBe(true);
  });

  it.each(documents())('%s: every link resolves inside the repository', (file) => {
    const problems = linkTargets(readFileSync(path.join(root, file), 'utf8'))
      .map((target) => problemOf(file, target))
      .filter((problem) => problem !== undefined);
    expect(problems).toEqual([]);
  });

  it('catches what it is for', () => {
    expect(problemOf('README.md', '../shared/spec.md')).toMatch(/leaves the repository/);
    expect(problemOf('docs/features.md', '../README.md')).toBeUndefined();
    expect(problemOf('docs/features.md', 'no-such.md')).toMatch(/no such file/);
    expect(problemOf('README.md', 'docs/features.md#no-such-heading')).toMatch(/no heading/);
    expect(problemOf('README.md', '#configuration')).toBeUndefined();
    expect(problemOf('README.md', 'file:///etc/passwd')).toMatch(/not a file of the repository/);
    expect(linkTargets('`[a](in-code.md)` [b](real.md)\n```\n[c](fenced.md)\n```\n')).toEqual([
      'real.md',
    ]);
    expect([...anchorsOf('## The storefront and the money\n## A merchant’s own Alipay')]).toEqual([
      'the-storefront-and-the-money',
      'a-merchants-own-alipay',
    ]);
  });
});
