// Small server-rendered pages outside the React app (the dev outbox, the payment sandbox).

export const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** A complete, self-contained page; `body` must already be escaped. */
export function simplePage(title: string, body: string, lang = 'en'): string {
  return `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)}</title><style>body{font:15px/1.5 system-ui,sans-serif;max-width:720px;margin:2rem auto;padding:0 1rem;color:#1c1917}
h1{font-size:1.4rem}ul{list-style:none;padding:0}li{border:1px solid #e7e5e4;border-radius:12px;padding:.75rem 1rem;margin:.75rem 0}
.meta{color:#57534e;font-size:13px;margin:0}.subject{font-weight:600;margin:.25rem 0}
.badge{display:inline-block;background:#fef3c7;color:#92400e;border-radius:999px;padding:2px 10px;font-size:13px;font-weight:600}
.card{border:1px solid #e7e5e4;border-radius:16px;padding:1.25rem;margin:1rem 0}.amount{font-size:2rem;font-weight:700}
button{font:inherit;border:0;border-radius:10px;padding:.7rem 1.4rem;cursor:pointer;margin:.25rem .5rem .25rem 0}
.pay{background:#1677ff;color:#fff}.wx{background:#07c160;color:#fff}.cancel{background:#f5f5f4;color:#1c1917}
img.qr{width:220px;height:220px;image-rendering:pixelated}</style></head><body>${body}</body></html>`;
}
