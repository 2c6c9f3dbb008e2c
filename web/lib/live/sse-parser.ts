// A minimal Server-Sent Events parser (the WHATWG event-stream format): the live stream is read with fetch so the
// bearer header can be sent, which EventSource cannot do, so the parsing EventSource would do happens here.

export interface SseMessage {
  event: string;
  data: string;
}

export interface SseParser {
  /** Feeds a chunk of text; returns the complete messages it finished. */
  push(chunk: string): SseMessage[];
  /** The last `retry:` value the server sent (ms), if any. */
  retryMs(): number | null;
}

export function createSseParser(): SseParser {
  let buffer = '';
  let retry: number | null = null;

  const parseBlock = (block: string): SseMessage | null => {
    let event = 'message';
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (line === '' || line.startsWith(':')) continue;
      const colon = line.indexOf(':');
      const field = colon < 0 ? line : line.slice(0, colon);
      let value = colon < 0 ? '' : line.slice(colon + 1);
      if (value.startsWith(' ')) value = value.slice(1);
      if (field === 'event') event = value;
      else if (field === 'data') data.push(value);
      else if (field === 'retry' && /^\d+$/.test(value)) retry = Number(value);
    }
    return data.length > 0 ? { event, data: data.join('\n') } : null;
  };

  return {
    push(chunk) {
      buffer += chunk.replace(/\r\n?/g, '\n');
      const messages: SseMessage[] = [];
      let cut: number;
      while ((cut = buffer.indexOf('\n\n')) >= 0) {
        const message = parseBlock(buffer.slice(0, cut));
        buffer = buffer.slice(cut + 2);
        if (message) messages.push(message);
      }
      return messages;
    },
    retryMs: () => retry,
  };
}
