/** The path of a delivered download link (`/download/{id}?exp=…&sig=…`), the one page the login returns to. */
export const DOWNLOAD_LINK_PREFIX = '/download/';
