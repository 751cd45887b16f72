/** The server-sent-events framing shared by the server and the core: events split anywhere. */
import { describe, expect, it } from 'vitest';
import { createSseParser } from '../../../workers/protocol/sse';

const parse = (pieces: string[]) => {
  const out: string[] = [];
  const p = createSseParser((d) => out.push(d));
  for (const x of pieces) p.push(x);
  p.end();
  return out;
};

describe('createSseParser', () => {
  it('yields each event’s data, whatever the chunk boundaries', () => {
    const text = 'data: {"a":1}\n\ndata: {"b":2}\n\ndata: [DONE]\n\n';
    expect(parse([text])).toEqual(['{"a":1}', '{"b":2}', '[DONE]']);
    // Every split point gives the same events.
    for (let i = 1; i < text.length; i++)
      expect(parse([text.slice(0, i), text.slice(i)])).toEqual(['{"a":1}', '{"b":2}', '[DONE]']);
  });

  it('joins multi-line data, ignores comments and other fields, accepts CRLF, flushes the tail', () => {
    expect(parse([': ping\r\n\r\nevent: x\r\nid: 3\r\ndata: 第一行\r\ndata:第二行\r\n\r\ndata: tail'])).toEqual([
      '第一行\n第二行',
      'tail',
    ]);
    expect(parse([': only a comment\n\n'])).toEqual([]);
    // A CRLF split between its two characters is one line break, not an event boundary.
    const crlf = 'data: 一\r\ndata: 二\r\n\r\ndata: 三\r\n\r\n';
    for (let i = 1; i < crlf.length; i++) expect(parse([crlf.slice(0, i), crlf.slice(i)])).toEqual(['一\n二', '三']);
  });
});
