import { describe, expect, it } from 'vitest';
import { markdownText, renderMarkdown } from '../../../server/news/markdown';
import { loadSensitiveWords, maskWords } from '../../../server/news/text-rules';

describe('renderMarkdown', () => {
  it('renders headings, emphasis, lists, quotes and rules', () => {
    const html = renderMarkdown(
      '# 标题\n### 小节\n正文 **加粗** 和 *强调*\n\n- 甲\n- 乙\n\n1. 一\n2. 二\n\n> 引用\n\n---',
    );
    expect(html).toBe(
      [
        '<h2>标题</h2>',
        '<h3>小节</h3>',
        '<p>正文 <strong>加粗</strong> 和 <em>强调</em></p>',
        '<ul><li>甲</li><li>乙</li></ul>',
        '<ol><li>一</li><li>二</li></ol>',
        '<blockquote><p>引用</p></blockquote>',
        '<hr>',
      ].join('\n'),
    );
  });

  it('never lets markup or script URLs through', () => {
    const html = renderMarkdown(
      '<iframe src="x"></iframe> "quoted" & \'single\'\n\n[x](javascript:alert(1)) [y](data:text/html,hi) [z](//evil.example) [ok](https://a.example/p?q=1)',
    );
    expect(html).not.toMatch(/<iframe|javascript:|data:|href="\/\//);
    expect(html).toContain('&lt;iframe src=&quot;x&quot;&gt;');
    expect(html).toContain('&amp; &#39;single&#39;');
    expect(html).toContain('<a href="https://a.example/p?q=1" rel="noopener nofollow">ok</a>');
  });

  it('gives the plain text for summaries', () => {
    expect(markdownText('## 小节\n- **甲** [链接](/live)')).toBe('小节 甲 链接');
  });
});

describe('sensitive words', () => {
  it('reads the word list file, skipping comments and blank lines', () => {
    expect(loadSensitiveWords('# 注释\n\n赌博\n 外挂 \n')).toEqual(['赌博', '外挂']);
    expect(loadSensitiveWords().length).toBeGreaterThan(10);
  });
  it('masks words also when split by spaces or punctuation', () => {
    expect(maskWords('不要赌博')).toBe('不要**');
    expect(maskWords('开外.挂的人')).toBe('开***的人');
    expect(maskWords('正常的评论')).toBe('正常的评论');
  });
});
