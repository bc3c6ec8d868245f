import { useEffect, useState } from 'react';

/** Seconds left before a code may be requested again. */
export function useCountdown(): { secondsLeft: number; start: (seconds: number) => void } {
  const [until, setUntil] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  const running = until > now;
  useEffect(() => {
    if (!running) return;
    const id = window.setInterval(() => setNow(Date.now()), 500);
    return () => window.clearInterval(id);
  }, [running]);
  return {
    secondsLeft: running ? Math.ceil((until - now) / 1000) : 0,
    start: (seconds) => {
      const t = Date.now();
      setNow(t);
      setUntil(t + seconds * 1000);
    },
  };
}
