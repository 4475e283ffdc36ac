// The pool's counts as the sum of its workers' own: VMs, heap, load images and WebAssembly instances.
import type { SandboxStats } from "./sandbox";
import type { InstanceCounts } from "./spare-instances";

type WorkerStats = Omit<SandboxStats, "invoked">;

export function sumWorkerStats(workers: WorkerStats[]): WorkerStats {
  return workers.reduce<WorkerStats>(
    (sum, s) => ({
      vms: sum.vms + s.vms,
      allocatedBytes: sum.allocatedBytes + s.allocatedBytes,
      loadImages: {
        hits: sum.loadImages.hits + s.loadImages.hits,
        misses: sum.loadImages.misses + s.loadImages.misses,
        bytes: sum.loadImages.bytes + s.loadImages.bytes,
      },
      instances: Object.fromEntries(Object.entries(sum.instances).map(([k, v]) => [k, v + s.instances[k as keyof InstanceCounts]])) as InstanceCounts,
    }),
    { vms: 0, allocatedBytes: 0, loadImages: { hits: 0, misses: 0, bytes: 0 }, instances: { fresh: 0, reused: 0, notKept: 0, idle: 0 } },
  );
}
