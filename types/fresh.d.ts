declare module 'fresh' {
  import type {IncomingHttpHeaders, OutgoingHttpHeaders} from 'node:http';
  /**
   * True when the client's cached copy is current: If-None-Match (a list, `*`, weak or strong
   * validators) against the response's ETag, or If-Modified-Since against its Last-Modified.
   */
  function fresh(request: IncomingHttpHeaders, response: OutgoingHttpHeaders): boolean;
  export = fresh;
}
