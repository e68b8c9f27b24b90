import type { FormInstance } from 'antd';
import type { Rule } from 'antd/es/form';
import type { z } from 'zod';
import { ERROR_TOAST_MS } from '../../shared/constants';
import { toastError } from '../api/feedback';
import { ApiError } from '../api/request';
import { issueText } from '../i18n';

/**
 * An antd rule that validates one field with the same zod schema the server uses, so the
 * browser and the server say the same thing.
 */
export function zodRule(schema: z.ZodObject, field: string): Rule {
  const fieldSchema = schema.shape[field] as z.ZodType | undefined;
  return {
    validator: async (_rule, value) => {
      // Emptiness is the `required` rule's to report, in the form's own words.
      if (!fieldSchema || value === undefined || value === null || value === '') return;
      const result = fieldSchema.safeParse(value);
      if (!result.success) throw new Error(issueText(result.error.issues[0]));
    },
  };
}

/** Rules for every field of a schema, keyed by field name. */
export function zodRules(schema: z.ZodObject): Record<string, Rule[]> {
  return Object.fromEntries(
    Object.keys(schema.shape).map((field) => [field, [zodRule(schema, field)]]),
  );
}

/**
 * Shows a failed save where it belongs: field errors from the server on their fields, anything
 * else as a toast. Answers true when the error was placed on fields.
 */
export function showSaveError(form: FormInstance, error: unknown): boolean {
  if (error instanceof ApiError) {
    const fields = (error.data as { fields?: { field: string; message: string }[] } | null)?.fields;
    if (fields?.length) {
      form.setFields(fields.map((f) => ({ name: f.field.split('.'), errors: [f.message] })));
      form.scrollToField(fields[0]?.field.split('.') ?? []);
      return true;
    }
    toastError(error.message, ERROR_TOAST_MS);
    return false;
  }
  toastError(error instanceof Error ? error.message : String(error), ERROR_TOAST_MS);
  return false;
}
