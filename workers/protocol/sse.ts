/**
 * Server-sent events, the framing shared by the server (which reads a chat-completions stream
 * and writes /chatgpt/stream) and the core (which reads /chatgpt/stream): text in, each event's
 * `data:` payload out (its lines joined by '\n'). Decoding bytes to text is the caller's.
 */
export interface SseParser {
  /** Feeds decoded text; calls `onData` for every event completed by it. */
  push(text: string): void;
  /** The stream ended: flushes an event not followed by a blank line. */
  end(): void;
}

export function createSseParser(onData: (data: string) => void): SseParser {
  let buf = '';
  const emit = (event: string) => {
    const data = event
      .split('\n')
      .filter((l) => l.startsWith('data:'))
      .map((l) => l.slice(5).replace(/^ /, ''))
      .join('\n');
    if (data) onData(data);
  };
  return {
    push(text) {
      buf += text;
      // A '\r' at the end may be the first half of a '\r\n' split across chunks: keep it back.
      const held = buf.endsWith('\r') ? '\r' : '';
      buf = buf.slice(0, buf.length - held.length).replace(/\r\n?/g, '\n');
      let cut: number;
      while ((cut = buf.indexOf('\n\n')) >= 0) {
        const event = buf.slice(0, cut);
        buf = buf.slice(cut + 2);
        emit(event);
      }
      buf += held;
    },
    end() {
      buf = buf.replace(/\r\n?/g, '\n');
      if (buf) emit(buf);
      buf = '';
    },
  };
}
