// Loaded into the server by bench/soak.ts only (`node --import ./bench/soak-probe.mjs`), never in production: on
// "sample" over the IPC channel it answers with the process's own memory and event-loop delay since the last sample.
import { monitorEventLoopDelay } from "node:perf_hooks";

const loop = monitorEventLoopDelay({ resolution: 10 });
loop.enable();
process.on("message", (message) => {
  if (message !== "sample") return;
  const { rss, heapUsed } = process.memoryUsage();
  const ms = (ns) => ns / 1e6;
  process.send?.({
    rss,
    heapUsed,
    loopP50: ms(loop.percentile(50)),
    loopP99: ms(loop.percentile(99)),
    loopMax: ms(loop.max),
  });
  loop.reset();
});
// The channel must not keep the server alive once it has closed everything else.
process.channel?.unref();
