// The one rule for every link the shop stores (issue 29, decision 057): banners' pictures and
// links, zones' banners, footer links, the site's logo and addresses, categories' icons and goods'
// pictures. A stored link is either a path of this shop or an http(s) address; what matters is that
// a link that looks like a path of the shop stays on the shop. Browsers read `\` as `/` and drop
// tabs and line breaks inside an address, so `/\evil.example`, `/<tab>/evil.example` and
// `\\evil.example` all open evil.example, like `//evil.example`; a server or router that decodes
// the path once more turns `/%2F…` or `/%5C…` into the same. None of these has a use in a link
// the shop keeps, so all are refused, spelled out or percent-encoded.
//
// No zod here: the console checks a field with the same pattern before it sends it.

/**
 * A stored link: `/…` whose next character is not `/` or `\` (nor `%2F` / `%5C`), or `http(s)://`
 * and a host; never a backslash, whitespace (tab and line breaks included), control or invisible
 * formatting character, and a `%` only as an escape of a printable character other than `\` and
 * `%` itself (so nothing decodes, once or twice, into one of the refused forms).
 */
export const LINK_PATTERN =
  /^(?:https?:\/\/(?=[^/\\%\s\p{Cc}\p{Cf}\p{Cs}])|\/(?![/\\]|%2f|%5c))(?:[^\\%\s\p{Cc}\p{Cf}\p{Cs}]|%(?![01]|7f|5c|25)[0-9a-f]{2})*$/iu;

/** Whether `value` may be stored as a link (LINK_PATTERN; the empty text is not a link). */
export function isStoredLink(value: string): boolean {
  return LINK_PATTERN.test(value);
}
