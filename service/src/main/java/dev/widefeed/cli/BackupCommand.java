package dev.widefeed.cli;

import dev.widefeed.backends.StorageFactory;
import dev.widefeed.backup.BackupDirectory;
import dev.widefeed.backup.BackupManifest;
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
 * {@code backup config.yml --to DIR}: a backup of the embedded store (the running one, while the service serves, or
 * one started for it) with the store's own snapshots; docs/operations.md, "Backup and restore".
 */
public final class BackupCommand<C extends Configuration> extends TypedCommand<C> {
    private final Function<C, StorageFactory> storage;

    public BackupCommand(Class<C> configuration, Function<C, StorageFactory> storage) {
        super(
                "backup",
                "Back up every table of the embedded store into a new directory, while the service runs",
                configuration);
        this.storage = storage;
    }

    @Override
    public void configure(Subparser subparser) {
        super.configure(subparser);
        subparser.addArgument("--to").required(true).help("a new (or empty) directory to write the backup into");
    }

    @Override
    protected void run(Bootstrap<C> bootstrap, Namespace namespace, C config) {
        BackupDirectory directory = new BackupDirectory(Path.of(namespace.getString("to")));
        PrintStream out = System.out;
        out.println("Backing up into " + directory.root());
        BackupManifest manifest = storage.apply(config)
                .withBackup(Clock.systemUTC(), false, (backup, storage) -> backup.backUp(directory, out::println));
        out.printf(
                "Done: %d tables, %,d files, %,d bytes of %s in %.1f s; everything acknowledged before %s is in it%n",
                manifest.tables().size(),
                manifest.files(),
                manifest.bytes(),
                manifest.backend(),
                Duration.between(manifest.startedAt(), manifest.finishedAt()).toMillis() / 1000.0,
                manifest.startedAt());
    }
}
