/** How busy a server's event loop was during a sending phase, and how late it ran: the same meter in Plaza's server and the echo baseline. */
import { monitorEventLoopDelay, performance, type EventLoopUtilization } from 'node:perf_hooks';

export function loopMeter() {
  let elu: EventLoopUtilization | null = null;
  const delay = monitorEventLoopDelay({ resolution: 10 });
  return {
    start() {
      elu = performance.eventLoopUtilization();
      delay.reset();
      delay.enable();
    },
    /** Null when no phase was started. Near 1 utilization means the server itself is the limit. */
    stop() {
      if (!elu) return null;
      delay.disable();
      const reading = {
        utilization: performance.eventLoopUtilization(elu).utilization,
        loopDelayP99Ms: delay.percentile(99) / 1e6,
        loopDelayMaxMs: delay.max / 1e6,
      };
      elu = null;
      return reading;
    },
  };
}
