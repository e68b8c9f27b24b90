import type { FastifyReply } from 'fastify';

/** Sends a file as a download, named in UTF-8 (an ASCII fallback for old clients). */
export function sendFile(
  reply: FastifyReply,
  type: string,
  name: string,
  body: Uint8Array | Buffer,
) {
  return reply
    .header('content-type', type)
    .header(
      'content-disposition',
      `attachment; filename="${name.replace(/[^\x20-\x7e]|"/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`,
    )
    .header('cache-control', 'no-store')
    .send(Buffer.from(body));
}
