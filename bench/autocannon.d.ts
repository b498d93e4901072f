/**
 * The part of autocannon 8's programmatic API the benchmark uses. The package ships no types, and
 * @types/autocannon (7.12) describes autocannon 7: no `warmup`, no stop handle, no pipelining queue.
 */
declare module 'autocannon' {
  import type {EventEmitter} from 'node:events';

  namespace autocannon {
    export interface Histogram {
      average: number;
      mean: number;
      stddev: number;
      min: number;
      max: number;
      total: number;
      p2_5: number;
      p50: number;
      p90: number;
      p97_5: number;
      p99: number;
    }

    export interface RawRequest {
      method?: string;
      path?: string;
      headers?: Record<string, string>;
      body?: string | Buffer;
    }

    export interface RequestOptions extends RawRequest {
      setupRequest?: (request: RawRequest, context: Record<string, unknown>) => RawRequest;
    }

    export interface Options extends RawRequest {
      url: string;
      connections?: number;
      duration?: number;
      amount?: number;
      timeout?: number;
      pipelining?: number;
      title?: string;
      requests?: RequestOptions[];
      warmup?: {connections?: number; duration?: number};
      excludeErrorStats?: boolean;
    }

    export interface Result {
      title?: string;
      url: string;
      requests: Histogram & {sent: number};
      latency: Histogram;
      throughput: Histogram;
      duration: number;
      errors: number;
      timeouts: number;
      non2xx: number;
      '2xx': number;
      statusCodeStats: Record<string, {count: number}>;
      warmup?: Result;
    }

    export interface Instance extends EventEmitter, PromiseLike<Result> {
      stop(): void;
    }
  }

  function autocannon(options: autocannon.Options): autocannon.Instance;

  export = autocannon;
}

/** autocannon's per-connection response queue (internal; see bench/load.ts for why it is used). */
declare module 'autocannon/lib/pipelinedRequestsQueue' {
  class PipelinedRequestsQueue {
    addBody(data: Buffer): void;
  }
  export = PipelinedRequestsQueue;
}
