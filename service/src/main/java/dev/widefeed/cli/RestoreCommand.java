package dev.widefeed.cli;

import dev.widefeed.backends.StorageFactory;
import dev.widefeed.backup.BackupDirectory;
import dev.widefeed.backup.BackupManifest;
import dev.widefeed.backup.RestoreSummary;
import dev.widefeed.graph.RelationRepairer;
import dev.widefeed.kernel.DirtyCounters;
import dev.widefeed.store.Storage;
import io.dropwizard.core.Configuration;
import io.dropwizard.core.setup.Bootstrap;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.function.Function;
import net.sourceforge.argparse4j.inf.Namespace;
import net.sourceforge.argparse4j.inf.Subparser;

/**
 * {@code restore config.yml --from DIR}: loads a backup into the embedded store, which must be empty (a fresh data
 * directory) and not serving; the schema is applied first, and the follows made while the backup ran are finished
 * again from their journal. Start the service afterwards: its event log finishes the work the backup holds pending;
 * then run {@code reconcile --all} (docs/operations.md, "Backup and restore").
 */
public final class RestoreCommand<C extends Configuration> extends TypedCommand<C> {
    /**
     * How long before the backup began a follow may have been issued and still been writing its copies: far more than
     * a request may last (its budget is seconds).
     */
    private static final Duration REPLAY_BEFORE = Duration.ofMinutes(5);

    private final Function<C, StorageFactory> storage;

    public RestoreCommand(Class<C> configuration, Function<C, StorageFactory> storage) {
        super("restore", "Load a backup into an empty embedded store (a fresh data directory)", configuration);
        this.storage = storage;
    }

    @Override
    public void configure(Subparser subparser) {
        super.configure(subparser);
        subparser.addArgument("--from").required(true).help("the backup's directory (its manifest.json)");
    }

    @Override
    protected void run(Bootstrap<C> bootstrap, Namespace namespace, C config) {
        BackupDirectory directory = new BackupDirectory(Path.of(namespace.getString("from")));
        PrintStream out = System.out;
        long started = System.nanoTime();
        out.println("Restoring " + directory.root());
        RestoreSummary summary = storage.apply(config).withBackup(Clock.systemUTC(), true, (backup, opened) -> {
            RestoreSummary restored = backup.restore(directory, out::println);
            BackupManifest manifest = directory.requireManifest();
            try (Storage store = opened.get()) {
                RelationRepairer.Report replayed = new RelationRepairer(
                                store.stores().users(), store.stores().relations(), DirtyCounters.NONE)
                        .replay(manifest.startedAt().minus(REPLAY_BEFORE), manifest.finishedAt());
                out.printf(
                        "Follows made while the backup ran, finished again from their journal: %d (%d users"
                                + " recounted)%n",
                        replayed.operationsFinished(), replayed.usersRecounted());
            }
            return restored;
        });
        out.printf(
                "Done: %d tables, %,d files, %,d bytes in %.1f s. Start the service, then run reconcile --all.%n",
                summary.tables(), summary.files(), summary.bytes(), (System.nanoTime() - started) / 1e9);
    }
}
