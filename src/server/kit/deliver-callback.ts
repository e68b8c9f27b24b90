import type { FastifyInstance } from 'fastify';

/**
 * How a sandbox (payment gateway, mini-program platform) sends its signed callbacks: to `base`
 * (the address the outside world reaches this server at) over HTTP when one is set, else into
 * this server in process. Answers the response's body, which the sandbox reads as the callee's
 * acknowledgement.
 */
export function deliverCallback(app: FastifyInstance, base: string | undefined) {
  return async (url: string, body: unknown): Promise<string> => {
    const target = base ? new URL(url, base).href : url;
    if (/^https?:\/\//.test(target)) {
      const res = await fetch(target, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(10_000),
      });
      return res.text();
    }
    const res = await app.inject({ method: 'POST', url: target, payload: body as object });
    return res.body;
  };
}
