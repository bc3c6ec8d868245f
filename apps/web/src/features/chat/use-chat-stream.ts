// The chat dialog's live stream (ADR 0038): GET /api/chat/stream read with fetch (the token goes in
// the Authorization header as on every call, never into an address, which EventSource would need).
// Reconnects by itself (1 s doubling to 15 s, at once when the browser is back online) with the last
// message id seen, so the server sends what was missed; `resync` events make listeners fetch again.
import { type ChatEvent, chatEventSchema, chatStreamPath } from '@gre/contract/chat';
import { useEffect, useMemo, useState } from 'react';
import { readToken } from '../../lib/token.ts';

export type StreamStatus = 'connecting' | 'online' | 'offline';

/** Reads server-sent events from `body`, calling `onEvent` per data block. */
async function readEvents(body: ReadableStream<Uint8Array>, onEvent: (e: ChatEvent) => void, onOpen: () => void) {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buf = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    buf += decoder.decode(value, { stream: true });
    let i = buf.indexOf('\n\n');
    while (i >= 0) {
      const block = buf.slice(0, i);
      buf = buf.slice(i + 2);
      if (block.startsWith(': connected')) onOpen();
      const line = block.split('\n').find((l) => l.startsWith('data: '));
      if (line) {
        const parsed = chatEventSchema.safeParse(JSON.parse(line.slice(6)));
        if (parsed.success) onEvent(parsed.data);
      }
      i = buf.indexOf('\n\n');
    }
  }
}

export interface ChatHub {
  status: StreamStatus;
  /** Listens to live events; returns the unsubscribe. */
  onEvent(f: (e: ChatEvent) => void): () => void;
  /** Listens to reconnections and resyncs (fetch what may have been missed); returns the unsubscribe. */
  onReconnect(f: () => void): () => void;
}

/**
 * One stream per page while mounted. The newest message id it delivered is sent on every
 * reconnection, so the server replays what came meanwhile; listeners also hear `onReconnect` then
 * (and on a resync) to fetch whatever else a conversation may lack.
 */
export function useChatHub(): ChatHub {
  const [status, setStatus] = useState<StreamStatus>('connecting');
  const [listeners] = useState(() => ({
    events: new Set<(e: ChatEvent) => void>(),
    reconnects: new Set<() => void>(),
  }));
  useEffect(() => {
    let stopped = false;
    let ctrl: AbortController | null = null;
    let delay = 1000;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let waiting = false;
    let connections = 0;
    let lastId = 0;
    const reconnected = () => {
      for (const f of listeners.reconnects) f();
    };
    const connect = async () => {
      waiting = false;
      if (stopped) return;
      ctrl = new AbortController();
      const token = readToken();
      try {
        const res = await fetch(`${chatStreamPath}?after=${lastId}`, {
          headers: token ? { authorization: `Bearer ${token}` } : {},
          signal: ctrl.signal,
          cache: 'no-store',
        });
        if (!res.ok || !res.body) throw new Error(`HTTP ${res.status}`);
        await readEvents(
          res.body,
          (e) => {
            if (e.type === 'resync') return reconnected();
            if (e.type === 'message') lastId = Math.max(lastId, Number(e.message.id));
            for (const f of listeners.events) f(e);
          },
          () => {
            setStatus('online');
            delay = 1000;
            connections++;
            if (connections > 1) reconnected();
          },
        );
      } catch {
        // Offline, refused or aborted: try again below unless unmounted.
      }
      if (stopped) return;
      setStatus('offline');
      waiting = true;
      timer = setTimeout(connect, delay);
      delay = Math.min(delay * 2, 15_000);
    };
    void connect();
    const online = () => {
      if (!waiting) return;
      clearTimeout(timer);
      delay = 1000;
      void connect();
    };
    window.addEventListener('online', online);
    return () => {
      stopped = true;
      clearTimeout(timer);
      ctrl?.abort();
      window.removeEventListener('online', online);
    };
  }, [listeners]);
  return useMemo(
    () => ({
      status,
      onEvent(f) {
        listeners.events.add(f);
        return () => void listeners.events.delete(f);
      },
      onReconnect(f) {
        listeners.reconnects.add(f);
        return () => void listeners.reconnects.delete(f);
      },
    }),
    [status, listeners],
  );
}
