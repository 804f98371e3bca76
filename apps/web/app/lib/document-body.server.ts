/**
 * Where React writes a document (renderToPipeableStream's destination), entry.server.tsx.
 *
 * React writes everything that is ready during `pipe()` and ends a document with nothing pending
 * there and then: `whole()` gives those bytes, and the server sends them without a stream (issue
 * 16: the web stream and its Node adapter were about 5 % of a goods page's CPU). A document with a
 * part still pending (a Suspense boundary whose code or data has not arrived) is read from
 * `stream`: one chunk per React flush (React writes 4 kB views and calls `flush()` after each
 * batch), the pending part following as its own chunk when it resolves.
 */
export function documentBody(abort: (reason?: unknown) => void, onEnd: () => void) {
  let controller: ReadableStreamDefaultController<Uint8Array> | undefined;
  // Until the stream is asked for, flushed chunks wait here (a whole document never needs it).
  let written: Uint8Array[] = [];
  let pending: Uint8Array[] = [];
  let ended = false;
  let closed = false;
  let stream: ReadableStream<Uint8Array> | undefined;
  const flush = () => {
    if (pending.length === 0 || closed) return;
    const chunk = pending.length === 1 ? pending[0]! : Buffer.concat(pending);
    pending = [];
    if (controller) controller.enqueue(chunk);
    else written.push(chunk);
  };
  const destination = {
    write(chunk: Uint8Array | string) {
      if (!closed) pending.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
      return true;
    },
    flush,
    end() {
      flush();
      onEnd();
      ended = true;
      if (!closed && controller) {
        closed = true;
        controller.close();
      }
    },
    on() {
      return destination;
    },
  };
  return {
    /** The whole document, when React has ended it (nothing pending); undefined otherwise. */
    whole(): Buffer | undefined {
      if (!ended || closed) return undefined;
      closed = true;
      return Buffer.concat(written);
    },
    get stream(): ReadableStream<Uint8Array> {
      stream ??= new ReadableStream<Uint8Array>({
        start(c) {
          controller = c;
          for (const chunk of written) c.enqueue(chunk);
          written = [];
          if (ended && !closed) {
            closed = true;
            c.close();
          }
        },
        cancel(reason) {
          closed = true;
          onEnd();
          abort(reason);
        },
      });
      return stream;
    },
    destination: destination as unknown as NodeJS.WritableStream,
  };
}
