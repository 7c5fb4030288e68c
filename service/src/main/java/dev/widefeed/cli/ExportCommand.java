package dev.widefeed.cli;

import com.codahale.metrics.MetricRegistry;
import dev.widefeed.backends.StorageFactory;
import dev.widefeed.export.Export;
import dev.widefeed.export.ExportDirectory;
import dev.widefeed.export.ExportManifest;
import dev.widefeed.export.ExportPlan;
import dev.widefeed.export.ExportSettings;
import dev.widefeed.export.PartFormat;
import dev.widefeed.files.DiscardFormat;
import dev.widefeed.files.JsonLinesFormat;
import dev.widefeed.files.ParquetFormat;
import dev.widefeed.store.Storage;
import io.dropwizard.core.Configuration;
import io.dropwizard.core.cli.Cli;
import io.dropwizard.core.setup.Bootstrap;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.function.Function;
import net.sourceforge.argparse4j.impl.Arguments;
import net.sourceforge.argparse4j.inf.Namespace;
import net.sourceforge.argparse4j.inf.Subparser;

/**
 * {@code export config.yml --out DIR [--table NAME]... [--format parquet|jsonl] [--rate ROWS_PER_S]
 * [--threads N]}: a full scan of tables (all of them unless named) into files, split by token range
 * or region, throttled, resumable (run the same command again after any stop, even kill -9), with
 * its progress shown; {@code DIR/manifest.json} lists what it holds when it is done.
 */
public final class ExportCommand<C extends Configuration> extends TypedCommand<C> {
    private final Function<C, StorageFactory> storage;

    public ExportCommand(Class<C> configuration, Function<C, StorageFactory> storage) {
        super("export", "Export tables to Parquet or JSON Lines files: parallel, throttled, resumable", configuration);
        this.storage = storage;
    }

    @Override
    public void configure(Subparser subparser) {
        super.configure(subparser);
        ExportSettings defaults = ExportSettings.DEFAULT;
        subparser.addArgument("--out").required(true).help("the directory to export into (and to resume from)");
        subparser.addArgument("--table").action(Arguments.append()).help("a table to export (default: every table)");
        subparser
                .addArgument("--format")
                .choices("parquet", "jsonl", "none")
                .setDefault("parquet")
                .help("parquet (typed columns), jsonl (one JSON object per line), or none (read everything, write"
                        + " nothing: the store's read ceiling, to compare an export's rate with)");
        subparser
                .addArgument("--rate")
                .type(Long.class)
                .setDefault(defaults.rowsPerSecond())
                .help("rows per second over all splits, so live traffic keeps its latency (0: no ceiling)");
        subparser
                .addArgument("--threads")
                .type(Integer.class)
                .setDefault(defaults.threads())
                .help("splits read at once");
        subparser
                .addArgument("--page-rows")
                .type(Integer.class)
                .setDefault(defaults.pageRows())
                .help("rows per read");
        subparser
                .addArgument("--part-rows")
                .type(Long.class)
                .setDefault(defaults.partRows())
                .help("rows per part file (what a crash can cost to read again)");
    }

    @Override
    protected void run(Bootstrap<C> bootstrap, Namespace namespace, C config) throws Exception {
        ExportSettings settings = new ExportSettings(
                namespace.getLong("rate"),
                namespace.getInt("threads"),
                namespace.getInt("page_rows"),
                namespace.getLong("part_rows"),
                ExportSettings.DEFAULT.readAttempts());
        PartFormat format = switch (namespace.getString("format")) {
            case "jsonl" -> new JsonLinesFormat();
            case "none" -> new DiscardFormat();
            default -> new ParquetFormat();
        };
        List<String> tables = namespace.getList("table") == null ? List.of() : namespace.getList("table");
        ExportDirectory directory = new ExportDirectory(Path.of(namespace.getString("out")));
        PrintStream out = System.out;
        try (Storage storage = this.storage.apply(config).open(new MetricRegistry(), Clock.systemUTC(), false)) {
            ExportProgressBar progress = new ExportProgressBar(out);
            Export export = new Export(
                    storage.tableScans(), storage.backend(), directory, format, settings, progress, Clock.systemUTC());
            boolean resuming = directory.readPlan().isPresent();
            ExportPlan plan = export.plan(tables);
            out.printf(
                    "%s %d tables (%d splits) of %s into %s as %s; %s; %s, %d splits at once%n",
                    resuming ? "Resuming the export of" : "Exporting",
                    plan.tables().size(),
                    plan.splitCount(),
                    plan.backend(),
                    directory.root(),
                    plan.format(),
                    plan.readSettings(),
                    settings.rowsPerSecond() == 0
                            ? "no rows/s ceiling"
                            : String.format("at most %,d rows/s", settings.rowsPerSecond()),
                    settings.threads());
            Export.Outcome outcome = export.run(plan);
            if (outcome instanceof Export.Stopped stopped) {
                throw new ExportStopped(stopped.reason(), stopped.cause());
            }
            ExportManifest manifest = ((Export.Finished) outcome).manifest();
            double seconds = Math.max(progress.elapsed().toNanos() / 1e9, 1e-3);
            out.printf(
                    "Done: %,d rows in %d tables (%,d read by this run in %.1f s, %,.0f rows/s); manifest: %s%n",
                    manifest.rows(),
                    manifest.tables().size(),
                    progress.rowsThisRun(),
                    seconds,
                    progress.rowsThisRun() / seconds,
                    directory.manifestFile());
        }
    }

    /** An export's store or disk stopped it; its message says how to go on, without a stack trace. */
    static final class ExportStopped extends Exception {
        ExportStopped(String message, Throwable cause) {
            super(message, cause);
        }
    }

    @Override
    public void onError(Cli cli, Namespace namespace, Throwable e) {
        if (e instanceof ExportStopped || e instanceof IllegalArgumentException) {
            cli.getStdErr().println("export: " + e.getMessage());
        } else {
            super.onError(cli, namespace, e);
        }
    }
}
