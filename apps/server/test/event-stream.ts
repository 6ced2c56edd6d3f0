/**
 * Reads a Server-Sent Events response (fetched from a listening test app) as it arrives:
 * `next(event)` answers the data of the next message of that event, parsed as JSON;
 * `readUntil(text)` waits until the stream has carried a text, and `received` is all of it.
 * Both fail with "the stream ended" when the server ends the stream, or after `timeoutMs`.
 */
export function eventStream(response: Response) {
  if (!response.body) throw new Error('The response has no body');
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let received = '';
  let parsedUpTo = 0;

  const readMore = async (deadline: number, waitingFor: string) => {
    const left = deadline - Date.now();
    if (left <= 0) throw new Error(`no ${waitingFor} in time; got ${received}`);
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`no ${waitingFor} in time; got ${received}`)),
        left,
      );
    });
    const chunk = await Promise.race([reader.read(), timeout]).finally(() => clearTimeout(timer));
    if (chunk.done) throw new Error('the stream ended');
    received += chunk.value;
  };

  return {
    get received() {
      return received;
    },
    async readUntil(text: string, timeoutMs = 2_000) {
      const deadline = Date.now() + timeoutMs;
      while (!received.includes(text)) await readMore(deadline, `"${text}"`);
    },
    async next(event: string, timeoutMs = 2_000): Promise<unknown> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const end = received.indexOf('\n\n', parsedUpTo);
        if (end < 0) {
          await readMore(deadline, `${event} event`);
          continue;
        }
        const lines = received.slice(parsedUpTo, end).split('\n');
        parsedUpTo = end + 2;
        if (!lines.includes(`event: ${event}`)) continue;
        const data = lines.find((line) => line.startsWith('data: ')) ?? 'data: undefined';
        return JSON.parse(data.slice('data: '.length));
      }
    },
    cancel: () => reader.cancel(),
  };
}
