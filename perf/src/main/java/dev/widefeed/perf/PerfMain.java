package dev.widefeed.perf;

import dev.widefeed.store.Storage;
import dev.widefeed.store.StorageFactory;
import net.sourceforge.argparse4j.ArgumentParsers;
import net.sourceforge.argparse4j.inf.ArgumentParser;
import net.sourceforge.argparse4j.inf.ArgumentParserException;
import net.sourceforge.argparse4j.inf.Namespace;
import net.sourceforge.argparse4j.inf.Subparser;

import dev.widefeed.perf.workload.WorkloadSpec;
import dev.widefeed.perf.workload.WorkloadWriter;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * The perf module's command line. {@code content}: like and comment throughput against the raw
 * counter-update ceiling of the same store, measured in one run. {@code fanout}: a celebrity
 * post's fan-out against the raw single-row insert ceiling, measured in one run. {@code generate}: a
 * seeded, deterministic synthetic workload written to files (no store involved).
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
        Subparser generate = commands.addParser("generate")
                .help("write a seeded, deterministic synthetic workload (users, follows, events) to files");
        generate.addArgument("--users").type(Integer.class).setDefault(100_000);
        generate.addArgument("--zipf-exponent").type(Double.class).setDefault(2.1)
                .help("exponent a of the follower-count density P(k) ~ k^-a (> 1)");
        generate.addArgument("--mean-followers").type(Double.class).setDefault(50.0)
                .help("mean followers per user, celebrities included");
        generate.addArgument("--celebrities").setDefault("10000,100000,1000000")
                .help("comma-separated follower counts of celebrity users 0, 1, ... ('none' for none); "
                        + "counts above users-1 are skipped");
        generate.addArgument("--seed").type(Long.class).setDefault(1L);
        generate.addArgument("--preset").choices("read-heavy", "write-heavy").setDefault("read-heavy")
                .help("event mix: read-heavy = reads:writes 65:1, write-heavy = 1:3");
        generate.addArgument("--events").type(Long.class).setDefault(1_000_000L);
        generate.addArgument("--rate").type(Double.class).setDefault(1000.0).help("events per second");
        generate.addArgument("--out").required(true).help("output directory");
        Namespace options;
        try {
            options = parser.parseArgs(args);
        } catch (ArgumentParserException e) {
            parser.handleError(e);
            System.exit(2);
            return;
        }
        switch (options.getString("command")) {
            case "generate" -> generate(options);
            case "content", "fanout" -> {
                onStore(options);
                System.exit(0); // store clients keep non-daemon threads
            }
            default -> throw new IllegalStateException(options.getString("command"));
        }
    }

    private static void onStore(Namespace options) throws Exception {
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
    }

    private static void generate(Namespace options) throws Exception {
        WorkloadSpec spec;
        try {
            List<Integer> celebrities = new ArrayList<>();
            String list = options.getString("celebrities").trim();
            if (!list.isEmpty() && !list.equals("none")) {
                for (String part : list.split(",")) {
                    celebrities.add(Integer.parseInt(part.trim()));
                }
            }
            spec = new WorkloadSpec(options.getInt("users"), options.getDouble("zipf_exponent"),
                    options.getDouble("mean_followers"), celebrities, options.getLong("seed"),
                    WorkloadSpec.Preset.fromLabel(options.getString("preset")), options.getLong("events"),
                    options.getDouble("rate"));
        } catch (IllegalArgumentException e) { // includes NumberFormatException
            System.err.println("perf generate: " + e.getMessage());
            System.exit(2);
            return;
        }
        long started = System.nanoTime();
        WorkloadWriter.Summary summary = WorkloadWriter.write(spec, Path.of(options.getString("out")), System.err);
        System.out.printf("wrote %s: %,d users, %,d follows, %,d events over %.1f s of workload time "
                        + "(max following %,d); celebrities %s%s; %.1f s%n",
                summary.directory(), summary.users(), summary.follows(), summary.events(),
                summary.lastOffsetMillis() / 1000.0, summary.maxFollowing(), summary.celebrities(),
                summary.skippedCelebrities().isEmpty() ? "" : ", skipped (too few users) " + summary.skippedCelebrities(),
                (System.nanoTime() - started) / 1e9);
    }
}
