// What a Node process keeps after a full garbage collection, read through its inspector (the process is
// started with --inspect=127.0.0.1:<port>). Resident memory sampled at an arbitrary moment includes
// garbage V8 has not collected yet, and V8 lets its heap grow before collecting; after a full GC, what
// is left is what the process holds, so growth there is a leak.
export type Retained = { rssMb: number; heapUsedMb: number; externalMb: number };

type Reply = { id: number; result?: { result?: { value?: string } }; error?: { message: string } };

export async function retainedMemory(inspectorPort: number): Promise<Retained> {
  const targets = (await (
    await fetch(`http://127.0.0.1:${inspectorPort}/json/list`, { signal: AbortSignal.timeout(5000) })
  ).json()) as { webSocketDebuggerUrl: string }[];
  const ws = new WebSocket(targets[0]!.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    ws.addEventListener('open', resolve, { once: true });
    ws.addEventListener('error', () => reject(new Error('inspector not reachable')), { once: true });
  });
  let next = 0;
  const pending = new Map<number, (r: Reply) => void>();
  ws.addEventListener('message', (e) => {
    const reply = JSON.parse(String(e.data)) as Reply;
    pending.get(reply.id)?.(reply);
  });
  const call = (method: string, params: object = {}) =>
    new Promise<Reply>((resolve, reject) => {
      const id = ++next;
      const timer = setTimeout(() => reject(new Error(`inspector: ${method} timed out`)), 30_000);
      pending.set(id, (r) => {
        clearTimeout(timer);
        if (r.error) reject(new Error(`inspector: ${method}: ${r.error.message}`));
        else resolve(r);
      });
      ws.send(JSON.stringify({ id, method, params }));
    });
  try {
    await call('HeapProfiler.collectGarbage');
    const r = await call('Runtime.evaluate', {
      expression: 'JSON.stringify(process.memoryUsage())',
      returnByValue: true,
    });
    const m = JSON.parse(r.result?.result?.value ?? '{}') as {
      rss: number;
      heapUsed: number;
      external: number;
    };
    const mb = (n: number) => n / 1024 / 1024;
    return { rssMb: mb(m.rss), heapUsedMb: mb(m.heapUsed), externalMb: mb(m.external) };
  } finally {
    ws.close();
  }
}
