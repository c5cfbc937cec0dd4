import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { API_BASE } from './api-client.ts';

/**
 * A Server-Sent Events stream of the API (same origin, the session cookie): calls `onEvent` for each named
 * event in order. EventSource reconnects by itself and sends Last-Event-ID, so the server replays what was
 * missed. `connected` says whether the stream is open now (shown to people as "live" or "reconnecting").
 */
export function useEventStream(
  path: string | null,
  events: readonly string[],
  onEvent: (event: string, data: unknown, id: string) => void,
) {
  const [connected, setConnected] = useState(false);
  const handler = useRef(onEvent);
  useLayoutEffect(() => {
    handler.current = onEvent;
  });
  const names = events.join(',');
  useEffect(() => {
    if (!path || typeof EventSource === 'undefined') return;
    const source = new EventSource(`${API_BASE}${path}`, { withCredentials: true });
    source.onopen = () => setConnected(true);
    source.onerror = () => setConnected(false);
    const listeners = names.split(',').map((name) => {
      const listener = (message: MessageEvent<string>) =>
        handler.current(name, JSON.parse(message.data) as unknown, message.lastEventId);
      source.addEventListener(name, listener);
      return listener;
    });
    return () => {
      listeners.forEach((listener, i) => source.removeEventListener(names.split(',')[i]!, listener));
      source.close();
      setConnected(false);
    };
  }, [path, names]);
  return { connected };
}
