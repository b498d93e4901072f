/** The part of autocannon 8's API the bench uses (it ships no types; @types/autocannon is for 7). */
declare module 'autocannon' {
  interface Histogram {
    average: number;
    total: number;
    max: number;
    p50: number;
    p99: number;
  }
  interface Request {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
    setupRequest?: (request: Request) => Request;
  }
  export interface Options extends Request {
    url: string;
    connections?: number;
    duration?: number;
    timeout?: number;
    requests?: Request[];
    warmup?: {connections: number; duration: number};
  }
  export interface Result {
    requests: Histogram;
    latency: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
    statusCodeStats: Record<string, {count: number}>;
    warmup?: Result;
  }
  export default function autocannon(options: Options): PromiseLike<Result> & {stop(): void};
}
