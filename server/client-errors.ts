/**
 * The answer to a request Node's HTTP parser refuses (a malformed request line or header, both
 * Content-Length and Transfer-Encoding, headers over 16 KiB) or one that is not complete within
 * the time limits. No request object exists, so it is written to the socket as it is, and like
 * every answer it carries the site's security headers.
 */
import {STATUS_CODES} from 'node:http';
import type {Duplex} from 'node:stream';
import type {FastifyInstance} from 'fastify';

/** How long a refused client may go on sending before its connection is cut. */
const LINGER_MS = 2_000;

function statusFor(error: Error & {code?: string; rawPacket?: Buffer}): number {
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') return 408;
  if (error.code !== 'HPE_HEADER_OVERFLOW') return 400;
  // Over the limit before the request line has ended: what is too long is the URL.
  return error.rawPacket?.includes('\n') === false ? 414 : 431;
}

/** A `clientErrorHandler` for Fastify (which calls it as itself) that answers with `headers`. */
export function answerClientErrors(headers: ReadonlyMap<string, string>) {
  return function (this: FastifyInstance, error: Error & {code?: string}, socket: Duplex): void {
    // The client is gone, or has its answer: Node reports each later chunk it cannot parse.
    if (error.code === 'ECONNRESET' || socket.destroyed || socket.writableEnded) return;
    const status = statusFor(error);
    this.log.info(`answered ${status} to a request Node refused: ${error.code ?? error.message}`);
    const body = `${status} ${STATUS_CODES[status]}\n`;
    const head = [
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}`,
      ...[...headers].map(([name, value]) => `${name}: ${value}`),
      'content-type: text/plain; charset=utf-8',
      `content-length: ${Buffer.byteLength(body)}`,
      'connection: close',
    ];
    socket.end(`${head.join('\r\n')}\r\n\r\n${body}`);
    // Closing at once, with unread bytes of the request left, would reset the connection, and
    // the client could lose the answer before reading it: the rest is read and dropped a while.
    setTimeout(() => socket.destroy(), LINGER_MS).unref();
  };
}
