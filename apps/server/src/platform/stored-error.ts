import {
  type AppError,
  ERROR_CODES,
  ERROR_MESSAGES,
  type ErrorCode,
  interpolate,
  type Language,
} from '@masthub/shared';

/**
 * An AppError kept in a text column (a source's last fetch, a run, a mail, a report's send) as its code
 * and details, read back in the reader's language.
 */

/** An error as stored on a run and a source: its code and details, localised when read. */
export function storedError(error: AppError): string {
  return JSON.stringify({ code: error.code, details: error.details });
}

/** Reads an error stored on a source or run back into the reader's language. */
export function presentStoredError(stored: string, language: Language): string {
  if (!stored) return '';
  try {
    const { code, details } = JSON.parse(stored) as { code: ErrorCode; details: Record<string, unknown> };
    if ((ERROR_CODES as readonly string[]).includes(code))
      return interpolate(ERROR_MESSAGES[code][language], details);
  } catch {
    // Not a stored AppError: shown as written.
  }
  return stored;
}
