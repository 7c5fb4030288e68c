package dev.widefeed.perf;

import dev.widefeed.store.Storage;
import dev.widefeed.store.StorageFactory;
import net.sourceforge.argparse4j.ArgumentParsers;
import net.sourceforge.argparse4j.inf.ArgumentParser;
import net.sourceforge.argparse4j.inf.ArgumentParserException;
import net.sourceforge.argparse4j.inf.Namespace;
import net.sourceforge.argparse4j.inf.Subparser;

import java.nio.file.Path;
import java.time.Duration;

/**
 * The perf module's command line. {@code content}: like and comment throughput against the raw
 * counter-update ceiling of the same store, measured in one run. {@code fanout}: a celebrity
 * post's fan-out against the raw single-row insert ceiling, measured in one run.
 */
public final class PerfMain {
    private PerfMain() {
    }

    public static void main(String[] args) throws Exception {
        ArgumentParser parser = ArgumentParsers.newFor("perf").build()
                .description("widefeed performance scenarios on a real store");
        var commands = parser.addSubparsers().dest("command");
        Subparser content = commands.addParser("content")
                .help("likes and comments per second against the store's raw counter-update ceiling");
        content.addArgument("--backend").choices("cassandra", "hbase").setDefault("cassandra");
        content.addArgument("--threads").type(Integer.class).setDefault(32);
        content.addArgument("--warmup").type(Integer.class).setDefault(10).help("seconds of warm-up per operation");
        content.addArgument("--seconds").type(Integer.class).setDefault(20).help("seconds measured per operation");
        content.addArgument("--posts").type(Integer.class).setDefault(1000);
        content.addArgument("--data").setDefault("data/perf").help("where the run's own store keeps its data");
        content.addArgument("--external").help("contact points (Cassandra) or ZooKeeper quorum (HBase) of a store "
                + "to use instead of starting one");
        Subparser fanout = commands.addParser("fanout")
                .help("one celebrity post's fan-out against the store's raw single-row insert ceiling");
        fanout.addArgument("--backend").choices("cassandra", "hbase").setDefault("cassandra");
        fanout.addArgument("--followers").type(Integer.class).setDefault(1_000_000);
        fanout.addArgument("--active").type(Double.class).setDefault(0.2).help("share of followers who read recently");
        fanout.addArgument("--threads").type(Integer.class).setDefault(2).help("fan-out worker threads");
        fanout.addArgument("--page-size").type(Integer.class).setDefault(1000).help("followers per fan-out page");
        fanout.addArgument("--data").setDefault("data/perf").help("where the run's own store keeps its data");
        fanout.addArgument("--external").help("contact points (Cassandra) or ZooKeeper quorum (HBase) of a store "
                + "to use instead of starting one");
        Namespace options;
        try {
            options = parser.parseArgs(args);
        } catch (ArgumentParserException e) {
            parser.handleError(e);
            System.exit(2);
            return;
        }
        StorageFactory.Backend backend = StorageFactory.Backend.valueOf(options.getString("backend"));
        try (Storage storage = PerfStorage.open(backend, Path.of(options.getString("data")),
                options.getString("external"))) {
            if (options.getString("command").equals("fanout")) {
                FanoutThroughput.run(storage, options.getInt("followers"), options.getDouble("active"),
                        options.getInt("threads"), options.getInt("page_size"), System.out);
            } else {
                ContentThroughput.run(storage, options.getInt("threads"), Duration.ofSeconds(options.getInt("warmup")),
                        Duration.ofSeconds(options.getInt("seconds")), options.getInt("posts"), System.out);
            }
        }
        System.exit(0); // store clients keep non-daemon threads
    }
}
