package dev.widefeed.export;

import dev.widefeed.kernel.StoreException;
import java.io.IOException;
import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorCompletionService;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

/**
 * A full export of tables into a directory: planned once (tables, columns, splits), then each
 * split scanned side by side by {@link SplitExport}, within one rows-per-second ceiling; resumed
 * from the directory's checkpoints when run again on it; {@code manifest.json} written when every
 * split is done. A store that stays unavailable stops it cleanly: every checkpoint stays as it was
 * last written, and running it again goes on from there.
 */
public final class Export {
    /** How an export ended. */
    public sealed interface Outcome permits Finished, Stopped {}

    public record Finished(ExportManifest manifest) implements Outcome {}

    /** {@code reason}: for the person who runs it; {@code cause}: the store's error, if that was it. */
    public record Stopped(String reason, Throwable cause) implements Outcome {}

    private final TableScanStore store;
    private final String backend;
    private final ExportDirectory directory;
    private final PartFormat format;
    private final ExportSettings settings;
    private final ExportProgress progress;
    private final Clock clock;

    public Export(
            TableScanStore store,
            String backend,
            ExportDirectory directory,
            PartFormat format,
            ExportSettings settings,
            ExportProgress progress,
            Clock clock) {
        this.store = store;
        this.backend = backend;
        this.directory = directory;
        this.format = format;
        this.settings = settings;
        this.progress = progress;
        this.clock = clock;
    }

    /**
     * The plan kept in the directory if there is one (the export resumes), else a new one for
     * {@code tables} (none named: every table). Refuses a directory that holds another export.
     */
    public ExportPlan plan(List<String> tables) {
        Set<String> asked = new LinkedHashSet<>(tables);
        var kept = directory.readPlan();
        if (kept.isPresent()) {
            ExportPlan plan = kept.get();
            List<String> planned =
                    plan.tables().stream().map(ExportPlan.PlannedTable::name).toList();
            boolean same = plan.backend().equals(backend)
                    && plan.format().equals(format.name())
                    && (asked.isEmpty() || asked.equals(new LinkedHashSet<>(planned)));
            if (!same) {
                throw new IllegalArgumentException(directory.root() + " holds an export of " + plan.backend() + " "
                        + planned + " as " + plan.format() + "; resume it with the same options, or export into"
                        + " another directory");
            }
            return plan;
        }
        List<String> existing = store.tables();
        List<String> names = asked.isEmpty() ? existing : List.copyOf(asked);
        List<String> unknown = names.stream().filter(t -> !existing.contains(t)).toList();
        if (!unknown.isEmpty()) {
            throw new IllegalArgumentException(
                    "no such table: " + String.join(", ", unknown) + " (tables: " + String.join(", ", existing) + ")");
        }
        List<ExportPlan.PlannedTable> planned = new ArrayList<>();
        for (String name : names) {
            planned.add(new ExportPlan.PlannedTable(store.shape(name), store.splits(name, settings.threads() * 4)));
        }
        ExportPlan plan = new ExportPlan(
                backend, format.name(), store.readSettings(), settings.pageRows(), clock.instant(), planned);
        directory.writePlan(plan);
        return plan;
    }

    /** Runs {@code plan} until every split is done, or until the store or the disk stops it. */
    public Outcome run(ExportPlan plan) throws InterruptedException {
        var finished = directory.readManifest();
        if (finished.isPresent()) {
            return new Finished(finished.get());
        }
        progress.started(plan);
        Throttle throttle = new Throttle(settings.rowsPerSecond(), settings.pageRows());
        ExecutorService pool = Executors.newFixedThreadPool(settings.threads(), r -> {
            Thread thread = new Thread(r, "export-split");
            thread.setDaemon(true);
            return thread;
        });
        ExecutorCompletionService<SplitCheckpoint> splits = new ExecutorCompletionService<>(pool);
        List<Future<SplitCheckpoint>> running = new ArrayList<>();
        for (ExportPlan.PlannedTable table : plan.tables()) {
            for (Split split : table.splits()) {
                running.add(splits.submit(
                        new SplitExport(store, directory, format, table, split, settings, throttle, progress)::run));
            }
        }
        try {
            for (int i = 0; i < running.size(); i++) {
                try {
                    splits.take().get();
                } catch (ExecutionException e) {
                    return new Stopped(reason(e.getCause()), e.getCause());
                }
            }
        } finally {
            pool.shutdownNow();
            pool.awaitTermination(1, TimeUnit.MINUTES);
            progress.stopped();
        }
        ExportManifest manifest = manifest(plan);
        directory.writeManifest(manifest);
        return new Finished(manifest);
    }

    private ExportManifest manifest(ExportPlan plan) {
        List<ExportManifest.TableEntry> entries = new ArrayList<>();
        long rows = 0;
        for (ExportPlan.PlannedTable table : plan.tables()) {
            List<SplitCheckpoint.Part> files = new ArrayList<>();
            for (Split split : table.splits()) {
                files.addAll(directory
                        .readCheckpoint(table.name(), split.id())
                        .orElseThrow()
                        .parts());
            }
            long tableRows =
                    files.stream().mapToLong(SplitCheckpoint.Part::rows).sum();
            rows += tableRows;
            entries.add(new ExportManifest.TableEntry(
                    table.name(),
                    tableRows,
                    table.shape().columns(),
                    table.shape().key(),
                    table.splits().size(),
                    files));
        }
        return new ExportManifest(
                plan.backend(), plan.format(), plan.readSettings(), plan.createdAt(), clock.instant(), rows, entries);
    }

    private static String reason(Throwable cause) {
        if (cause instanceof StoreException) {
            return "the store stopped answering (" + cause.getMessage() + "); every split's checkpoint is kept:"
                    + " run the same command again to go on";
        }
        if (cause instanceof IOException || cause instanceof java.io.UncheckedIOException) {
            return "could not write the export (" + cause.getMessage() + "); every split's checkpoint is kept:"
                    + " run the same command again to go on";
        }
        return "the export failed (" + cause + "); every split's checkpoint is kept";
    }
}
