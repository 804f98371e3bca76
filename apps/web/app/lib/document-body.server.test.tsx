import { lazy, Suspense } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { documentBody } from './document-body.server';

/** Renders `element` into a documentBody the way entry.server.tsx does, once the shell is ready. */
function render(element: React.ReactNode) {
  const ended = vi.fn();
  return new Promise<{ body: ReturnType<typeof documentBody>; ended: typeof ended }>((resolve, reject) => {
    const { pipe, abort } = renderToPipeableStream(element, {
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onShellReady() {
        const body = documentBody(abort, ended);
        pipe(body.destination);
        resolve({ body, ended });
      },
      onShellError: reject,
    });
  });
}

async function readAll(stream: ReadableStream<Uint8Array>): Promise<string[]> {
  const chunks: string[] = [];
  for await (const chunk of stream as unknown as AsyncIterable<Uint8Array>)
    chunks.push(Buffer.from(chunk).toString('utf8'));
  return chunks;
}

describe('documentBody (entry.server.tsx, issue 16)', () => {
  it('gives a document React ended during pipe() whole, without a stream', async () => {
    const { body, ended } = await render(
      <main>
        <h1>星穹旅人</h1>
        <p>{'x'.repeat(20_000)}</p>
      </main>,
    );
    const whole = body.whole();
    expect(whole?.toString('utf8')).toBe(`<main><h1>星穹旅人</h1><p>${'x'.repeat(20_000)}</p></main>`);
    expect(ended).toHaveBeenCalledTimes(1);
  });

  it('streams a document with a pending part: the shell first, the part when it resolves', async () => {
    let arrive!: () => void;
    const arrived = new Promise<void>((r) => (arrive = r));
    const Part = lazy(async () => {
      await arrived;
      return { default: () => <p>part</p> };
    });
    const { body, ended } = await render(
      <main>
        <h1>shell</h1>
        <Suspense fallback={<p>waiting</p>}>
          <Part />
        </Suspense>
      </main>,
    );
    expect(body.whole()).toBeUndefined();
    expect(ended).not.toHaveBeenCalled();
    const chunks = readAll(body.stream);
    arrive();
    const [shell, ...rest] = await chunks;
    expect(shell).toContain('<h1>shell</h1>');
    expect(shell).toContain('waiting');
    expect(shell).not.toContain('<p>part</p>');
    expect(rest.join('')).toContain('<p>part</p>');
    expect(ended).toHaveBeenCalledTimes(1);
  });

  it('a reader that leaves aborts the render', async () => {
    const Never = lazy(() => new Promise<never>(() => undefined));
    const abort = vi.fn();
    const body = await new Promise<ReturnType<typeof documentBody>>((resolve) => {
      const { pipe } = renderToPipeableStream(
        <Suspense fallback={<p>waiting</p>}>
          <Never />
        </Suspense>,
        {
          onShellReady() {
            const b = documentBody(abort, () => undefined);
            pipe(b.destination);
            resolve(b);
          },
        },
      );
    });
    expect(body.whole()).toBeUndefined();
    await body.stream.cancel('gone');
    expect(abort).toHaveBeenCalledWith('gone');
  });
});
