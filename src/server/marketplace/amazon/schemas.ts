import { readFileSync } from 'node:fs';
import { Ajv, type ErrorObject } from 'ajv';
import addFormatsModule from 'ajv-formats';

/**
 * Amazon's published JSON schemas of the listings feed (./schemas, copied from
 * amzn/selling-partner-api-models), compiled once: every document the product uploads, and every
 * processing report it reads, is checked against them.
 */
const load = (name: string) =>
  JSON.parse(readFileSync(new URL(`./schemas/${name}`, import.meta.url), 'utf8')) as object;

const ajv = new Ajv({ allErrors: true });
// The schemas carry OpenAPI's `example` beside JSON Schema's `examples`: an annotation only.
ajv.addKeyword({ keyword: 'example' });
(addFormatsModule as unknown as (a: Ajv) => void)(ajv);

const feedSchema = ajv.compile(load('listings-feed-schema-v2.json'));
const reportSchema = ajv.compile(load('listings-feed-processing-report-schema-v2.json'));

/** A document that does not keep Amazon's schema: what it breaks, one line per rule. */
export class SchemaViolation extends Error {
  constructor(
    readonly schema: 'listings-feed' | 'processing-report',
    readonly problems: string[],
  ) {
    super(`${schema}: ${problems.join('; ')}`);
  }
}

const problemsOf = (errors: ErrorObject[] | null | undefined) =>
  (errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message ?? e.keyword}`);

/** The problems of a listings feed document against listings-feed-schema-v2 (none: it keeps it). */
export function listingsFeedProblems(document: unknown): string[] {
  return feedSchema(document) ? [] : problemsOf(feedSchema.errors);
}

/** The problems of a processing report against listings-feed-processing-report-schema-v2. */
export function processingReportProblems(report: unknown): string[] {
  return reportSchema(report) ? [] : problemsOf(reportSchema.errors);
}

/** Throws SchemaViolation when the document does not keep the listings feed schema. */
export function assertListingsFeed(document: unknown) {
  const problems = listingsFeedProblems(document);
  if (problems.length > 0) throw new SchemaViolation('listings-feed', problems);
}

/** Throws SchemaViolation when the report does not keep the processing report schema. */
export function assertProcessingReport(report: unknown) {
  const problems = processingReportProblems(report);
  if (problems.length > 0) throw new SchemaViolation('processing-report', problems);
}
