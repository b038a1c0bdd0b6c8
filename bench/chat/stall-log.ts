/**
 * The longest event-loop stalls of a phase and what was in them: a 1 ms timer measures each gap between
 * its ticks, the process's CPU within it (a busy machine's waits for a core do not inflate that), the
 * garbage-collection pauses that began inside it, the engine.io pings sent in it (every socket's ping
 * timer: sockets that connected together ping together) and the message frames made in it (a backlog
 * being worked off shows as many).
 */
import { PerformanceObserver, performance } from 'node:perf_hooks';

export interface Stall {
  /** ms after the phase began */
  at: number;
  ms: number;
  cpuMs: number;
  gcMs: number;
  pings: number;
  /** engine.io message frames created in it (each an emit to one socket: an ack, a delivery, a presence event) */
  frames: number;
}

const KEEP = 5;

export function stallLog() {
  let ticker: NodeJS.Timeout | null = null;
  let stalls: Stall[] = [];
  let gcs: Array<{ start: number; ms: number }> = [];
  let pings: number[] = [];
  let frames: number[] = [];
  let began = 0;
  const gcObserver = new PerformanceObserver((list) => {
    for (const e of list.getEntries()) gcs.push({ start: e.startTime, ms: e.duration });
  });
  return {
    /** Call for every packet the engine creates (engine socket 'packetCreate'). */
    packet(type: string) {
      if (!ticker) return;
      if (type === 'ping') pings.push(performance.now());
      else if (type === 'message') frames.push(performance.now());
    },
    start() {
      stalls = [];
      gcs = [];
      pings = [];
      frames = [];
      began = performance.now();
      gcObserver.observe({ entryTypes: ['gc'] });
      let last = began;
      let lastCpu = process.cpuUsage();
      ticker = setInterval(() => {
        const t = performance.now();
        const cpu = process.cpuUsage(lastCpu);
        const ms = t - last;
        if (stalls.length < KEEP || ms > stalls[stalls.length - 1].ms) {
          stalls.push({ at: last - began, ms, cpuMs: (cpu.user + cpu.system) / 1000, gcMs: 0, pings: 0, frames: 0 });
          stalls.sort((a, b) => b.ms - a.ms);
          stalls.length = Math.min(stalls.length, KEEP);
        }
        last = t;
        lastCpu = process.cpuUsage();
      }, 1);
    },
    stop(): Stall[] {
      if (ticker) clearInterval(ticker);
      ticker = null;
      gcObserver.disconnect();
      for (const s of stalls) {
        const [from, to] = [began + s.at, began + s.at + s.ms];
        s.gcMs = gcs.filter((g) => g.start >= from && g.start < to).reduce((n, g) => n + g.ms, 0);
        s.pings = pings.filter((p) => p >= from && p < to).length;
        s.frames = frames.filter((p) => p >= from && p < to).length;
      }
      return stalls;
    },
  };
}
