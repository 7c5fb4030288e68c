package dev.widefeed.localstore;

import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A real store on this machine, made of one process or several (the nodes of a local cluster): each either a child
 * process this JVM started, which is supervised (started again if it dies) until {@link #close()} stops it; or one
 * that a service killed before it could stop it left running on the same data directory, which is adopted and then
 * supervised the same way ({@link LaunchRecord}); or one that was already running there for someone else and was
 * reused, which it leaves alone (to whoever runs it).
 */
public abstract class LocalStore implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(LocalStore.class);

    /** One process of the store that this JVM started and supervises, by the name an operator sees ("node2"). */
    record Member(String name, StoreSupervisor supervisor) {}

    private final List<Member> members;

    /** @param members the processes this JVM started, in start order; empty when every one was reused */
    LocalStore(List<Member> members) {
        this.members = List.copyOf(members);
    }

    /** A store that answers: what its probe reported, and its supervisor if this JVM started it. */
    record Running<T>(T identity, StoreSupervisor supervisor) {
        /** The supervised process as a member named {@code name}; none when the store was reused. */
        List<Member> members(String name) {
            return supervisor == null ? List.of() : List.of(new Member(name, supervisor));
        }
    }

    /**
     * Reuses the store already listening on {@code port} (adopting it if a killed service left it there) or launches
     * one, waits until it answers {@code probe} and supervises it; the data directory is locked meanwhile, so two
     * JVMs never launch into it, nor adopt the same store.
     */
    static <T> Running<T> startOrReuse(
            String store,
            Path dataDir,
            String host,
            int port,
            String endpoint,
            Duration timeout,
            LocalStoreProcess.Probe<T> probe,
            Supplier<LocalStoreProcess.Launch> launch) {
        StoreSupervisor.Restart restart = new StoreSupervisor.Restart(dataDir, host, port, timeout, probe);
        try (DataDirLock ignored = DataDirLock.acquire(dataDir)) {
            if (Ports.isListening(host, port)) {
                T identity = LocalStoreProcess.awaitExternal("the " + store + " at " + endpoint, timeout, probe);
                Optional<ProcessHandle> orphan = LaunchRecord.orphanIn(dataDir);
                if (orphan.isEmpty()) {
                    LOG.info("reusing {} {} already running at {}", store, identity, endpoint);
                    return new Running<>(identity, null);
                }
                LOG.warn(
                        "adopting {} {} at {} (pid {}): the service that started it on {} ended without stopping it; "
                                + "it is supervised from here on",
                        store,
                        identity,
                        endpoint,
                        orphan.get().pid(),
                        dataDir);
                LaunchRecord.write(dataDir, orphan.get());
                return new Running<>(
                        identity,
                        StoreSupervisor.watch(
                                LocalStoreProcess.adopt(launch.get(), orphan.get()),
                                restart,
                                RestartPolicy.standard()));
            }
            LocalStoreProcess process = LocalStoreProcess.launch(launch.get());
            LaunchRecord.write(dataDir, process.handle());
            T identity = process.awaitReady(timeout, probe);
            return new Running<>(identity, StoreSupervisor.watch(process, restart, RestartPolicy.standard()));
        }
    }

    /** False when an already running store was reused, not adopted; {@link #close()} then leaves it running. */
    public boolean startedHere() {
        return !members.isEmpty();
    }

    /** The log (stdout and stderr) of the store's first process, if this JVM started it. */
    public Optional<Path> logFile() {
        return members.stream().findFirst().map(member -> member.supervisor().logFile());
    }

    /** Where the supervision of the store stands, all its processes together, if this JVM started it. */
    public Optional<StoreStatus> status() {
        return startedHere() ? Optional.of(StoreStatus.combine(memberStatus())) : Optional.empty();
    }

    /** Where the supervision of each process this JVM started stands, by name, in start order. */
    public Map<String, StoreStatus> memberStatus() {
        Map<String, StoreStatus> status = new LinkedHashMap<>();
        members.forEach(member -> status.put(member.name(), member.supervisor().status()));
        return status;
    }

    /** Each process's log, by name, in start order. */
    public Map<String, Path> memberLogs() {
        Map<String, Path> logs = new LinkedHashMap<>();
        members.forEach(member -> logs.put(member.name(), member.supervisor().logFile()));
        return logs;
    }

    /** Stops supervising the store's processes, then the processes, last started first, if this JVM started them. */
    @Override
    public void close() {
        RuntimeException failure = null;
        for (int i = members.size() - 1; i >= 0; i--) {
            try {
                members.get(i).supervisor().close();
            } catch (RuntimeException e) {
                failure = failure == null ? e : failure;
            }
        }
        if (failure != null) {
            throw failure;
        }
    }
}
