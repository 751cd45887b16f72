/**
 * A small Markdown renderer for editorial articles, safe by construction: every character of the
 * source is HTML-escaped first, and only the markup produced here (p, h2–h3, strong, em, ul/ol/li,
 * blockquote, hr, a with http(s) or in-app hrefs) reaches the page. Raw HTML in the source shows
 * as text. Supported: #–### headings, paragraphs, **bold**, *em*, `- ` and `1. ` lists, `> `
 * quotes, `---`, [text](url).
 */
const ESC: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (s: string): string => s.replace(/[&<>"']/g, (c) => ESC[c]!);

function safeHref(raw: string): string | null {
  const url = raw.trim();
  if (/^https?:\/\/[^\s"'<>]+$/i.test(url)) return url;
  if (/^\/(?!\/)[A-Za-z0-9/_\-?=&.%]*$/.test(url)) return url;
  return null;
}

/** Inline markup over already-escaped text. */
function inline(escaped: string): string {
  return escaped
    .replace(/\[([^\]]+)\]\(([^)\s]+)\)/g, (m, text: string, href: string) => {
      // href is escaped text; unescape &amp; for the check, the attribute gets the escaped form.
      const ok = safeHref(href.replace(/&amp;/g, '&'));
      return ok ? `<a href="${escapeHtml(ok)}" rel="noopener nofollow">${text}</a>` : text;
    })
    .replace(/\*\*([^*]+)\*\*/g, '<strong>$1</strong>')
    .replace(/(^|[^*])\*([^*\s][^*]*)\*/g, '$1<em>$2</em>');
}

export function renderMarkdown(source: string): string {
  const lines = source.replace(/\r\n?/g, '\n').split('\n');
  const out: string[] = [];
  let para: string[] = [];
  let list: { tag: 'ul' | 'ol'; items: string[] } | null = null;
  let quote: string[] = [];
  const flushPara = () => {
    if (para.length) out.push(`<p>${inline(escapeHtml(para.join(' ')))}</p>`);
    para = [];
  };
  const flushList = () => {
    if (list)
      out.push(`<${list.tag}>${list.items.map((i) => `<li>${inline(escapeHtml(i))}</li>`).join('')}</${list.tag}>`);
    list = null;
  };
  const flushQuote = () => {
    if (quote.length) out.push(`<blockquote><p>${inline(escapeHtml(quote.join(' ')))}</p></blockquote>`);
    quote = [];
  };
  const flushAll = () => {
    flushPara();
    flushList();
    flushQuote();
  };
  for (const raw of lines) {
    const line = raw.trimEnd();
    let m: RegExpExecArray | null;
    if (!line.trim()) {
      flushAll();
    } else if ((m = /^(#{1,3})\s+(.*)$/.exec(line))) {
      flushAll();
      // The page's h1 is the article title: # and ## are sections (h2), ### a subsection (h3).
      const level = m[1]!.length === 3 ? 3 : 2;
      out.push(`<h${level}>${inline(escapeHtml(m[2]!))}</h${level}>`);
    } else if (/^(-{3,}|\*{3,})$/.test(line.trim())) {
      flushAll();
      out.push('<hr>');
    } else if ((m = /^\s*[-*]\s+(.*)$/.exec(line)) || (m = /^\s*\d+[.)]\s+(.*)$/.exec(line))) {
      flushPara();
      flushQuote();
      const tag = /^\s*\d/.test(line) ? 'ol' : 'ul';
      if (list && list.tag !== tag) flushList();
      list ??= { tag, items: [] };
      list.items.push(m[1]!);
    } else if ((m = /^>\s?(.*)$/.exec(line))) {
      flushPara();
      flushList();
      quote.push(m[1]!);
    } else {
      flushList();
      flushQuote();
      para.push(line.trim());
    }
  }
  flushAll();
  return out.join('\n');
}

/** Plain text of a Markdown body (for summaries). */
export function markdownText(source: string): string {
  return source
    .replace(/^#{1,3}\s+/gm, '')
    .replace(/^\s*([-*]|\d+[.)]|>)\s+/gm, '')
    .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1')
    .replace(/[*`]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}
