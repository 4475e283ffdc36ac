// The quarantine worker: where a session the watchdog stopped twice in a minute runs from then on, and where the VMs
// of a session in CPU debt go, so that its native bombs and endless work stop holding the workers bystanders are on.
// Started the first time a session needs it; its watchdog restarts touch only the sessions there.
import type { HeldVm } from "./pool-vm";
import type { PoolWorker } from "./pool-worker";
import type { ToWorker } from "./protocol";

export class QuarantineWorker {
  private worker?: PoolWorker;

  constructor(private readonly startWorker: () => PoolWorker) {}

  /** The worker, once one session was sent there. */
  get started(): PoolWorker | undefined {
    return this.worker;
  }

  /** The worker, started now if it was not yet. */
  get(): PoolWorker {
    this.worker ??= this.startWorker();
    return this.worker;
  }

  /**
   * Moves one VM here with its module state, from its image; false when it cannot move now: it has no image, its
   * latest step is not in the image yet, or a step of it is still on its worker (which could overwrite the image's
   * buffer while this worker restores from it). Its old worker lets it go once what is queued there is done.
   */
  move(vm: HeldVm, restore: () => ToWorker & { id: number }, closeId: number): boolean {
    const to = this.get();
    if (vm.worker === to) return true;
    if (!vm.image || vm.closed || vm.lastStep > vm.imagedUpTo || vm.worker.holds(vm.id)) return false;
    vm.worker.vms.delete(vm.id);
    vm.worker.post({ op: "close", id: closeId, vmId: vm.id });
    vm.worker = to;
    to.vms.add(vm.id);
    void to.request(restore()).catch(() => undefined);
    return true;
  }
}
