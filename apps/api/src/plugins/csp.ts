import { randomBytes } from 'node:crypto';

// Content-Security-Policy of the shop's HTML (issue 11, finding 11; decision 023).

/** A fresh CSP nonce: 128 random bits, base64url (22 characters, always the same length). */
export function newNonce(): string {
  return randomBytes(16).toString('base64url');
}

export type PageSources = {
  /** Extra origins the browser may call (the API base of a split deployment, the S3 endpoint). */
  connect: string[];
  /** Extra origins images come from (S3_PUBLIC_URL). */
  img: string[];
};

/**
 * The policy of server-rendered pages. Scripts: the build's own files and inline scripts carrying
 * this response's nonce; never `unsafe-inline`. Styles allow inline ones: React writes `style`
 * attributes into server HTML (avatar sizes, the carousel's offset) and sonner injects its
 * stylesheet as a `<style>` element at run time; neither can run script.
 */
export function pagePolicy(nonce: string, sources: PageSources): string {
  return serialize({
    'default-src': ["'self'"],
    'script-src': ["'self'", `'nonce-${nonce}'`],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', ...sources.img],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...sources.connect],
    'object-src': ["'none'"],
    'base-uri': ["'none'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  });
}

/**
 * The policy of the small pages outside the React app (the payment sandbox, the dev outbox): no
 * script at all, their one inline stylesheet, and forms that post to the shop, whose answer may
 * redirect to the shop's public address (`PUBLIC_URL`, checked against form-action too).
 */
export function simplePagePolicy(publicUrl: string): string {
  return serialize({
    'default-src': ["'none'"],
    'style-src': ["'unsafe-inline'"],
    'img-src': ["'self'", 'data:'],
    'form-action': ["'self'", originOf(publicUrl)].filter((s): s is string => Boolean(s)),
    'base-uri': ["'none'"],
    'frame-ancestors': ["'none'"],
  });
}

/** The origin of an absolute http(s) URL, or undefined (empty, relative or another scheme). */
export function originOf(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    const { protocol, origin } = new URL(url);
    return protocol === 'http:' || protocol === 'https:' ? origin : undefined;
  } catch {
    return undefined;
  }
}

function serialize(directives: Record<string, string[]>): string {
  return Object.entries(directives)
    .map(([name, values]) => [name, ...new Set(values)].join(' '))
    .join('; ');
}
