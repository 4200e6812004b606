export interface SenderPolicyOptions {
  /** The URL of the packaged renderer's index.html (faultline://app/index.html, or a file:// URL); only that exact document is trusted. */
  indexFileUrl?: string;
  /** An http(s) origin serving the renderer in development or tests, e.g. "http://127.0.0.1:4173". */
  devOrigin?: string;
}

/** Decides whether an IPC call comes from the app's own page (and not from some other frame or site). */
export function createSenderPolicy(options: SenderPolicyOptions): (url: string) => boolean {
  const indexFile = options.indexFileUrl ? withoutSearchAndHash(options.indexFileUrl) : undefined;
  const indexProtocol = options.indexFileUrl ? new URL(options.indexFileUrl).protocol : undefined;
  const devOrigin = options.devOrigin ? new URL(options.devOrigin).origin : undefined;
  return (url) => {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      return false;
    }
    if (indexFile !== undefined && parsed.protocol === indexProtocol && withoutSearchAndHash(parsed.href) === indexFile) return true;
    if (devOrigin !== undefined && (parsed.protocol === 'http:' || parsed.protocol === 'https:') && parsed.origin === devOrigin) return true;
    return false;
  };
}

function withoutSearchAndHash(href: string): string {
  const url = new URL(href);
  url.search = '';
  url.hash = '';
  return url.href;
}
