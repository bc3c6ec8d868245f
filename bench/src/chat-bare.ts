// The baseline of npm run bench:chat (chat.ts): the same fan-out with nothing of the app in it. One
// node:http process holding server-sent-event streams; POST /send?id=<n> publishes a frame of the
// app's size on a Redis channel and writes it to this process's own streams, and every other
// process writes it to its own when it arrives. Two of these, the same 1,000 clients and the same
// machine load as the app's run, give the floor that the app's figure is read against: what the
// machine, Redis pub/sub, node:http and the bench's own client take.
import http from 'node:http';
import { openRedis } from '../../apps/server/src/platform/redis.ts';

const channel = `bench-chat-bare:${process.env.BARE_CHANNEL ?? 'x'}`;
const quiet = { info() {}, warn() {} };
const pub = openRedis(process.env.REDIS_URL as string, quiet);
const sub = pub.duplicate();
sub.on('error', () => {});

const streams = new Set<http.ServerResponse>();

/** A message event's JSON as large as the app's (conversation + message, both with names and times). */
function frame(id: string) {
  const now = Date.now();
  const data = {
    type: 'message',
    conversation: {
      id: '1',
      user_id: '1001',
      user_name: 'bench 1001',
      topic: 'site',
      closed: false,
      waiting_since: now,
      last_message_id: id,
      last_at: now,
      unread: 1,
    },
    message: {
      id,
      conversation_id: '1',
      from_staff: false,
      author_name: 'bench 1001',
      content: `bench ${id}`,
      created_at: now,
    },
  };
  return `id: ${id}\ndata: ${JSON.stringify(data)}\n\n`;
}

function fanOut(chunk: string) {
  for (const res of streams) res.write(chunk);
}

sub.on('message', (_ch: string, chunk: string) => fanOut(chunk));
// Both connections up before the bench is told the process is ready (commands never queue).
await Promise.all([pub, sub].map((c) => (c.status === 'ready' ? null : new Promise((r) => c.once('ready', r)))));
await sub.subscribe(channel);

const server = http.createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://x');
  if (req.method === 'GET' && url.pathname === '/stream') {
    res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-store' });
    res.write(': connected\n\n');
    streams.add(res);
    req.on('close', () => streams.delete(res));
    return;
  }
  if (req.method === 'POST' && url.pathname === '/send') {
    const chunk = frame(url.searchParams.get('id') ?? '0');
    // Out to the other process first, then this one's own streams: neither waits for the other.
    pub.publish(channel, chunk).then(
      () => {},
      () => {},
    );
    fanOut(chunk);
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end('{"ok":true}');
    return;
  }
  res.writeHead(404).end();
});
server.listen(0, '127.0.0.1', () => {
  const addr = server.address();
  console.log(`bare chat ready on port ${typeof addr === 'object' && addr ? addr.port : 0}`);
});
process.on('SIGTERM', () => {
  for (const res of streams) res.end();
  server.close();
  sub.disconnect();
  pub.disconnect();
  process.exit(0);
});
