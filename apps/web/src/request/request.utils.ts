/** Query values: arrays are sent comma-separated (`ids=1,2`), empty values are left out. */
export type QueryValue = string | number | boolean | null | undefined | readonly (string | number)[];
export type QueryParams = Record<string, QueryValue>;

export function buildQueryString(params: QueryParams | undefined): string {
  if (!params) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === '') continue;
    search.append(key, Array.isArray(value) ? value.join(',') : String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** Joins the API base with a path given with or without the `/api` prefix. */
export function buildUrl(base: string, path: string, params?: QueryParams): string {
  const relative = path.startsWith(`${base}/`) ? path.slice(base.length) : path;
  const normalized = relative.startsWith('/') ? relative : `/${relative}`;
  return `${base}${normalized}${buildQueryString(params)}`;
}

export interface HeaderInput {
  token: string | undefined;
  utcCode: string;
  language: 'ZH' | 'EN';
  hasJsonBody: boolean;
}

/** The SPEC §7 headers: `token` (when logged in), `utc-code` and `language`. */
export function buildHeaders(input: HeaderInput): Record<string, string> {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'utc-code': input.utcCode,
    language: input.language,
  };
  if (input.token) headers['token'] = input.token;
  if (input.hasJsonBody) headers['Content-Type'] = 'application/json';
  return headers;
}

/**
 * The file name of a Content-Disposition header: the RFC 5987 `filename*=UTF-8''…` form first (Chinese
 * names), then the plain `filename="…"`.
 */
export function fileNameOf(header: string | null | undefined): string | undefined {
  if (!header) return undefined;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1].trim().replace(/^"|"$/g, ''));
    } catch {
      // Malformed escapes: fall back to the plain name.
    }
  }
  const plain = /filename\s*=\s*"([^"]*)"|filename\s*=\s*([^;]+)/.exec(header);
  const name = (plain?.[1] ?? plain?.[2])?.trim();
  return name || undefined;
}
