// The fleet test's HTTP client: keep-alive connections through the balancer, a cookie per simulated member, and
// an answer for every request (a status, or the network error that stood in for one).
import http from 'node:http';

export interface Answer {
  status: number;
  /** 'ok' for a 2xx or 3xx; otherwise "HTTP 503", "ECONNRESET", "timeout". */
  cause: string;
  body: string;
  setCookie: string[];
}

export class FleetClient {
  readonly agent: http.Agent;

  constructor(
    readonly base: URL,
    connections: number,
  ) {
    // An idle connection is closed here after 5 s, before the balancer's 10 s keep-alive timeout closes it: a
    // request sent on a connection the balancer is closing at that moment would be reset, which says nothing
    // about the fleet.
    this.agent = new http.Agent({
      keepAlive: true,
      maxSockets: connections,
      maxFreeSockets: connections,
      timeout: 5000,
    });
  }

  /** A JSON body (`body`), or a ready-made one with its content type (`raw`: a multipart upload). */
  request(
    method: string,
    path: string,
    opts: { body?: unknown; raw?: { payload: Buffer; type: string }; cookie?: string } = {},
  ): Promise<Answer> {
    const payload =
      opts.raw?.payload ?? (opts.body === undefined ? undefined : Buffer.from(JSON.stringify(opts.body)));
    const headers: Record<string, string> = { accept: 'application/json' };
    if (payload) {
      headers['content-type'] = opts.raw?.type ?? 'application/json';
      headers['content-length'] = String(payload.length);
    }
    if (opts.cookie) headers.cookie = opts.cookie;
    return new Promise((resolve) => {
      const req = http.request(
        {
          host: this.base.hostname,
          port: this.base.port,
          method,
          path,
          headers,
          agent: this.agent,
          timeout: 30_000,
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => {
            const status = res.statusCode ?? 0;
            resolve({
              status,
              cause: status >= 200 && status < 400 ? 'ok' : `HTTP ${status}`,
              body: Buffer.concat(chunks).toString('utf8'),
              setCookie: res.headers['set-cookie'] ?? [],
            });
          });
          res.on('error', (err: NodeJS.ErrnoException) =>
            resolve({ status: 0, cause: err.code ?? err.message, body: '', setCookie: [] }),
          );
        },
      );
      req.on('timeout', () => req.destroy(Object.assign(new Error('timeout'), { code: 'timeout' })));
      req.on('error', (err: NodeJS.ErrnoException) =>
        resolve({ status: 0, cause: err.code ?? err.message, body: '', setCookie: [] }),
      );
      req.end(payload);
    });
  }

  close() {
    this.agent.destroy();
  }
}

/** The session cookie a sign-in set, as a Cookie header. */
export function sessionCookie(setCookie: string[]): string | undefined {
  const pairs = setCookie.map((c) => c.split(';')[0]).filter((pair) => !pair.endsWith('='));
  return pairs.length ? pairs.join('; ') : undefined;
}
