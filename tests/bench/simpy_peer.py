#!/usr/bin/python3
"""The peer for BM_Simulate: the same job (S shards of D seconds, W workers that each cold-start
for C seconds and then take shards from one shared queue) as a SimPy model, the way a platform
engineer would script it. Prints the simulated completion time and the wall seconds the
simulation took (interpreter start-up excluded).

Debian 12 ships SimPy 2 (python3-simpy), whose classic process API this uses.
Usage: simpy_peer.py SHARDS WORKERS [SHARD_SECONDS] [COLD_START_SECONDS]
"""
import sys
import time

from SimPy.Simulation import Process, Store, activate, get, hold, initialize, now, simulate


class Worker(Process):
    def run(self, queue, shard_seconds, cold_start, finished):
        yield hold, self, cold_start
        while queue.nrBuffered > 0:
            yield get, self, queue, 1
            yield hold, self, shard_seconds
            finished[0] = max(finished[0], now())


def main():
    shards = int(sys.argv[1])
    workers = int(sys.argv[2])
    shard_seconds = float(sys.argv[3]) if len(sys.argv) > 3 else 60.0
    cold_start = float(sys.argv[4]) if len(sys.argv) > 4 else 30.0
    started = time.perf_counter()
    initialize()
    queue = Store(capacity=shards, initialBuffered=list(range(shards)))
    finished = [0.0]
    for _ in range(workers):
        worker = Worker()
        activate(worker, worker.run(queue, shard_seconds, cold_start, finished))
    simulate(until=1e18)
    elapsed = time.perf_counter() - started
    print(f"{finished[0]} {elapsed}")


if __name__ == "__main__":
    main()
