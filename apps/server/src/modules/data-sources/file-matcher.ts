import type { TFileMatchCondition, TMatchComponent, TStationMatchMode } from '@masthub/shared';

/** A file-match rule as the matcher needs it. */
export interface TMatchRule {
  id: number;
  name: string;
  dataSourceId: number | null;
  folder: string;
  inbox: string;
  conditions: TFileMatchCondition[];
  fileTypeSuffixes: string[];
  stationMode: TStationMatchMode;
  stationId: number | null;
  stationCodeRegex: string;
  stationCodeStart: number;
  stationCodeLength: number;
  isEnabled: boolean;
}

/** A fetched file and where it came from. */
export interface TMatchFile {
  dataSourceId: number;
  fetchType: 'email' | 'ftp';
  /** The mailbox (e-mail) or the remote folder holding the file (FTP), e.g. `INBOX`, `/data/2026`. */
  folder: string;
  fileName: string;
  subject?: string;
  /** The sender's address (e-mail). */
  sender?: string;
}

/** A rule that matched, with the site it names: an id (fixed) or a code read from the file name. */
export type TRuleMatch =
  | { rule: TMatchRule; stationId: number; stationCode?: undefined }
  | { rule: TMatchRule; stationId?: undefined; stationCode: string };

/** The lower-case extension of a file name without the dot, or ''. */
export function extensionOf(fileName: string): string {
  const match = /\.([^./\\]+)$/.exec(fileName);
  return match ? match[1]!.toLowerCase() : '';
}

/** Normalises a remote folder: forward slashes, one leading slash, no trailing slash (root is '/'). */
export function normaliseFolder(folder: string): string {
  const parts = folder.replace(/\\/g, '/').split('/').filter(Boolean);
  return `/${parts.join('/')}`;
}

/** Whether remote folder `folder` is `parent` or lies below it. */
export function isUnderFolder(folder: string, parent: string): boolean {
  const f = normaliseFolder(folder);
  const p = normaliseFolder(parent);
  return p === '/' || f === p || f.startsWith(`${p}/`);
}

function isSameMailbox(a: string, b: string): boolean {
  // INBOX is case-insensitive in IMAP (RFC 3501 §5.1); other names compare as given.
  return a.toUpperCase() === 'INBOX' || b.toUpperCase() === 'INBOX'
    ? a.toUpperCase() === b.toUpperCase()
    : a === b;
}

function componentValue(file: TMatchFile, component: TMatchComponent): string {
  switch (component) {
    case 'fileName':
      return file.fileName;
    case 'subject':
      return file.subject ?? '';
    case 'sender':
      return file.sender ?? '';
    case 'folder':
      return file.folder;
  }
}

/** Whether one condition holds; text comparisons ignore case. */
export function conditionHolds(condition: TFileMatchCondition, file: TMatchFile): boolean {
  const text = componentValue(file, condition.component);
  if (condition.operator === 'regex') {
    try {
      return new RegExp(condition.value, 'i').test(text);
    } catch {
      return false;
    }
  }
  const haystack = text.toLowerCase();
  const needle = condition.value.toLowerCase();
  switch (condition.operator) {
    case 'prefix':
      return haystack.startsWith(needle);
    case 'suffix':
      return haystack.endsWith(needle);
    case 'contains':
      return haystack.includes(needle);
    case 'equals':
      return haystack === needle;
  }
}

/** Whether a rule's source, folder/inbox, file type and conditions all fit the file. */
export function ruleApplies(rule: TMatchRule, file: TMatchFile): boolean {
  if (!rule.isEnabled) return false;
  if (rule.dataSourceId !== null && rule.dataSourceId !== file.dataSourceId) return false;
  if (file.fetchType === 'email') {
    if (rule.inbox === '' || !isSameMailbox(rule.inbox, file.folder)) return false;
  } else if (rule.folder === '' || !isUnderFolder(file.folder, rule.folder)) {
    return false;
  }
  if (rule.fileTypeSuffixes.length > 0 && !rule.fileTypeSuffixes.includes(extensionOf(file.fileName))) {
    return false;
  }
  return rule.conditions.every((c) => conditionHolds(c, file));
}

/**
 * The site code a 'fromName' rule reads from a file name: the first group of `stationCodeRegex` (or its
 * whole match), else the characters at [start, start + length) (1-based). An all-digit code shorter
 * than 6 is zero-padded (SPEC §5: site codes are typically 6 digits, zero-padded). Undefined when absent.
 */
export function stationCodeFromName(rule: TMatchRule, fileName: string): string | undefined {
  let code: string | undefined;
  if (rule.stationCodeRegex !== '') {
    let match: RegExpExecArray | null = null;
    try {
      match = new RegExp(rule.stationCodeRegex, 'i').exec(fileName);
    } catch {
      return undefined;
    }
    code = match ? (match[1] ?? match[0]) : undefined;
  } else {
    const chars = [...fileName];
    if (chars.length >= rule.stationCodeStart - 1 + rule.stationCodeLength) {
      code = chars
        .slice(rule.stationCodeStart - 1, rule.stationCodeStart - 1 + rule.stationCodeLength)
        .join('');
    }
  }
  code = code?.trim();
  if (!code) return undefined;
  return /^\d{1,5}$/.test(code) ? code.padStart(6, '0') : code;
}

/**
 * Every rule that matches the file, in rule order, with the site each names. The caller takes the first
 * whose site exists; rules are expected sorted by (sortOrder, id).
 */
export function matchFile(rules: readonly TMatchRule[], file: TMatchFile): TRuleMatch[] {
  const matches: TRuleMatch[] = [];
  for (const rule of rules) {
    if (!ruleApplies(rule, file)) continue;
    if (rule.stationMode === 'fixed') {
      if (rule.stationId !== null) matches.push({ rule, stationId: rule.stationId });
    } else {
      const stationCode = stationCodeFromName(rule, file.fileName);
      if (stationCode) matches.push({ rule, stationCode });
    }
  }
  return matches;
}
