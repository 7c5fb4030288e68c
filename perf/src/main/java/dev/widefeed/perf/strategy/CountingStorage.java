package dev.widefeed.perf.strategy;

import dev.widefeed.eventlog.EventLogStore;
import dev.widefeed.export.TableScanStore;
import dev.widefeed.store.Storage;
import dev.widefeed.store.Stores;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.util.Collection;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Supplier;

/**
 * A {@link Storage} that counts what the code above it asks of the store, at the storage interfaces, as the
 * requests the store serves: a call that writes n rows into n partitions (a collection argument of n: a push to n
 * users, n edges) is n operations, as is a read of n partitions by key (several authors' lists, several posts);
 * any other call (a point read, one range read of a page) is one. Rows written and read are counted beside. Counts
 * are kept per activity: the caller names what it is doing with {@link #during}; anything else (the fan-out
 * workers' threads) is {@link #BACKGROUND}. The event log job's polling (slot scans, watermarks, leases) depends on
 * time, not on events, so it is counted apart as {@link #POLLING}.
 */
public final class CountingStorage implements Storage {
    public static final String BACKGROUND = "background";
    public static final String POLLING = "polling";
    private static final Set<String> POLLING_CALLS =
            Set.of("entries", "watermark", "saveWatermark", "lease", "renew", "release");
    /** Writes that return something other than nothing or a flag. */
    private static final Set<String> WRITES_WITH_RESULT = Set.of("place", "trim");
    /** Reads whose collection argument names one partition per element. */
    private static final Set<String> MULTI_PARTITION_READS =
            Set.of("postIdsByAuthors", "findAll", "countsOf", "likedAmong", "marksOf", "memberships");

    /** Operation and row counts of one activity. */
    public static final class Counts {
        final LongAdder operations = new LongAdder();
        final LongAdder rowsWritten = new LongAdder();
        final LongAdder rowsRead = new LongAdder();
        final LongAdder partitionsRead = new LongAdder();

        public long operations() {
            return operations.sum();
        }

        public long rowsWritten() {
            return rowsWritten.sum();
        }

        public long rowsRead() {
            return rowsRead.sum();
        }

        public long partitionsRead() {
            return partitionsRead.sum();
        }
    }

    private static final ThreadLocal<String> ACTIVITY = new ThreadLocal<>();

    private final Storage delegate;
    private final Map<String, Counts> byActivity = new ConcurrentHashMap<>();
    private final Map<String, LongAdder> byCall = new ConcurrentHashMap<>();
    private final Stores stores;

    public CountingStorage(Storage delegate) {
        this.delegate = delegate;
        this.stores = delegate.stores().map(new Stores.Decorator() {
            @Override
            public <T> T wrap(Class<T> type, T store) {
                return counting(type, store);
            }
        });
    }

    /** Runs {@code work} with its store calls counted under {@code activity}. */
    public static <T> T during(String activity, Supplier<T> work) {
        String outer = ACTIVITY.get();
        ACTIVITY.set(activity);
        try {
            return work.get();
        } finally {
            ACTIVITY.set(outer);
        }
    }

    /** What was counted so far, by activity. */
    public Map<String, Counts> counts() {
        return Map.copyOf(byActivity);
    }

    /**
     * Operations by the call that made them, as {@code activity Store.method}, most first: where a
     * strategy's operations go. Polling is left out, as from the totals.
     */
    public Map<String, Long> operationsByCall() {
        Map<String, Long> sorted = new LinkedHashMap<>();
        byCall.entrySet().stream()
                .filter(e -> !e.getKey().startsWith(POLLING + " "))
                .sorted(Map.Entry.<String, LongAdder>comparingByValue(Comparator.comparingLong(LongAdder::sum))
                        .reversed())
                .forEach(e -> sorted.put(e.getKey(), e.getValue().sum()));
        return sorted;
    }

    /** As {@link #operationsByCall}, polling included: where an idle service's operations go. */
    public Map<String, Long> operationsByCallWithPolling() {
        Map<String, Long> sorted = new LinkedHashMap<>();
        byCall.entrySet().stream()
                .sorted(Map.Entry.<String, LongAdder>comparingByValue(Comparator.comparingLong(LongAdder::sum))
                        .reversed())
                .limit(12)
                .forEach(e -> sorted.put(e.getKey(), e.getValue().sum()));
        return sorted;
    }

    public void reset() {
        byActivity.clear();
        byCall.clear();
    }

    private <S> S counting(Class<S> type, S target) {
        InvocationHandler handler = (proxy, method, args) -> {
            Object result;
            try {
                result = method.invoke(target, args);
            } catch (InvocationTargetException e) {
                throw e.getCause();
            }
            record(method, args, result);
            return result;
        };
        return type.cast(Proxy.newProxyInstance(type.getClassLoader(), new Class<?>[] {type}, handler));
    }

    private void record(Method method, Object[] args, Object result) {
        String name = method.getName();
        if (method.getDeclaringClass() == Object.class) {
            return;
        }
        String activity = method.getDeclaringClass() == EventLogStore.class && POLLING_CALLS.contains(name)
                ? POLLING
                : Optional.ofNullable(ACTIVITY.get()).orElse(BACKGROUND);
        Counts counts = byActivity.computeIfAbsent(activity, a -> new Counts());
        Class<?> returns = method.getReturnType();
        boolean write = returns == void.class || returns == boolean.class || WRITES_WITH_RESULT.contains(name);
        long keys = collectionSize(args);
        LongAdder call = byCall.computeIfAbsent(
                activity + " " + method.getDeclaringClass().getSimpleName() + "." + name, c -> new LongAdder());
        if (write) {
            counts.operations.add(Math.max(1, keys));
            counts.rowsWritten.add(Math.max(1, keys));
            call.add(Math.max(1, keys));
        } else {
            long partitions = MULTI_PARTITION_READS.contains(name) ? keys : 1;
            counts.operations.add(partitions);
            call.add(partitions);
            counts.partitionsRead.add(partitions);
            counts.rowsRead.add(rows(result));
        }
    }

    private static long collectionSize(Object[] args) {
        long size = 0;
        for (Object arg : args == null ? new Object[0] : args) {
            if (arg instanceof Collection<?> c) {
                size += c.size();
            } else if (arg instanceof Map<?, ?> m) {
                size += m.size();
            }
        }
        return size;
    }

    private static long rows(Object result) {
        if (result instanceof Collection<?> c) {
            return c.size();
        }
        if (result instanceof Map<?, ?> m) {
            long rows = 0;
            for (Object value : m.values()) {
                rows += value instanceof Collection<?> c ? c.size() : 1;
            }
            return rows;
        }
        if (result instanceof Optional<?> o) {
            return o.isPresent() ? 1 : 0;
        }
        return 1;
    }

    @Override
    public String backend() {
        return delegate.backend();
    }

    @Override
    public Stores stores() {
        return stores;
    }

    @Override
    public void ping() {
        delegate.ping();
    }

    /** Not counted: whole-table scans are no part of the strategies compared. */
    @Override
    public TableScanStore tableScans() {
        return delegate.tableScans();
    }

    /** Leaves the store open: its owner closes it. */
    @Override
    public void close() {}
}
