package dev.widefeed.perf;

import net.sourceforge.argparse4j.ArgumentParsers;
import net.sourceforge.argparse4j.inf.ArgumentParser;
import net.sourceforge.argparse4j.inf.ArgumentParserException;
import net.sourceforge.argparse4j.inf.Namespace;
import net.sourceforge.argparse4j.inf.Subparser;
import net.sourceforge.argparse4j.inf.Subparsers;

/**
 * The perf module's command line: {@code generate} a workload (from options, or calibrated from a workload
 * profile of the live tables), {@code load} it, {@code replay} it, run a scenario
 * ({@code ceiling}, {@code steady}, {@code celebrity}, {@code strategies}, {@code visibility},
 * {@code notifications}, {@code signin}; older
 * single-purpose ones: {@code content}, {@code fanout}), and {@code report} a run directory. Every store command
 * starts its own store unless {@code --external} names one; {@code --target http} replays against a running
 * service instead of in process.
 */
public final class PerfMain {
    private PerfMain() {}

    public static void main(String[] args) throws Exception {
        ArgumentParser parser = parser();
        Namespace options;
        try {
            options = parser.parseArgs(args);
        } catch (ArgumentParserException e) {
            parser.handleError(e);
            System.exit(2);
            return;
        }
        int status;
        try {
            status = new Commands(options).run();
        } catch (IllegalArgumentException e) { // a bad option value or input directory, said plainly
            System.err.println("perf " + options.getString("command") + ": " + e.getMessage());
            status = 2;
        }
        System.exit(status); // store clients keep non-daemon threads
    }

    /** Every command and its options. */
    static ArgumentParser parser() {
        ArgumentParser parser = ArgumentParsers.newFor("perf")
                .build()
                .description("widefeed's capacity-planning tool: synthetic social workloads replayed on a real store");
        Subparsers commands = parser.addSubparsers().dest("command").title("commands");

        // The population and rate options have no parser defaults (Commands applies them) so that one given
        // together with --profile, which sets them all, is seen and refused.
        Subparser generate = commands.addParser("generate")
                .help("write a seeded, deterministic synthetic workload (users, follows, events) to files");
        generate.addArgument("--profile")
                .help("a workload profile (JSON, written by the analytics module's profile "
                        + "job): population, follower distribution, dormant share, posts:reads and rate all from it; "
                        + "goes with --users (scales the population), --seed, --preset, --events only");
        generate.addArgument("--users").type(Integer.class).help("users (default 100000, or the profile's)");
        generate.addArgument("--zipf-exponent")
                .type(Double.class)
                .help("exponent a of the follower-count density P(k) ~ k^-a (> 1; default 2.1)");
        generate.addArgument("--mean-followers")
                .type(Double.class)
                .help("mean followers per user, celebrities included (default 50)");
        generate.addArgument("--celebrities")
                .help("comma-separated follower counts of celebrity users 0, 1, ... ('none' for none; default "
                        + "10000,100000,1000000); counts above users-1 are skipped");
        generate.addArgument("--seed").type(Long.class).setDefault(1L);
        generate.addArgument("--preset")
                .choices("read-heavy", "write-heavy")
                .setDefault("read-heavy")
                .help("event mix: read-heavy = reads:writes 65:1, write-heavy = 1:3 (with --profile: the mix of every "
                        + "kind but posts)");
        generate.addArgument("--events").type(Long.class).setDefault(1_000_000L);
        generate.addArgument("--rate").type(Double.class).help("events per second (default 1000)");
        generate.addArgument("--dormant")
                .type(Double.class)
                .help("share of users who are followed but never read or post (fan-out skips them; default 0.5)");
        generate.addArgument("--out").required(true).help("output directory");

        Subparser load = store(commands.addParser("load")
                .help("bulk-load a generated workload's users, follows and activity into the store, then its "
                        + "post history"));
        workload(load);
        load.addArgument("--history-hours")
                .type(Integer.class)
                .setDefault(24)
                .help("each author's posts of this many hours before now, at their own rate (at most 20), "
                        + "delivered by the service's fan-out; 0 for none");

        Subparser replay = run(target(store(commands.addParser("replay")
                .help("replay a loaded workload open-loop at a rate: latency per event kind, drops, fan-out delay"))));
        workload(replay);
        replay.addArgument("--rate").type(Double.class).setDefault(100.0).help("events per second offered");
        replay.addArgument("--seconds").type(Integer.class).setDefault(60);
        replay.addArgument("--raw-read-probe")
                .action(net.sourceforge.argparse4j.impl.Arguments.storeTrue())
                .help("beside each home read, a raw read of the same home timeline partition (kind raw_read)");

        Subparser ceiling = run(store(commands.addParser("ceiling")
                .help("the store's raw limits: single-row inserts, reads, counters, conditional writes, batches")));
        ceiling.addArgument("--threads").type(Integer.class).setDefault(32);
        ceiling.addArgument("--warmup").type(Integer.class).setDefault(5).help("seconds of warm-up per operation");
        ceiling.addArgument("--seconds").type(Integer.class).setDefault(15).help("seconds measured per operation");

        Subparser steady = run(target(store(commands.addParser("steady")
                .help("the workload's mix at a sweep of offered rates: latency vs throughput and the knee"))));
        workload(steady);
        steady.addArgument("--rates").setDefault("50,100,200,400,800").help("comma-separated events per second");
        steady.addArgument("--warmup")
                .type(Integer.class)
                .setDefault(20)
                .help("seconds at the lowest rate before the sweep, not recorded (JIT, caches, connections)");
        steady.addArgument("--seconds-per-rate").type(Integer.class).setDefault(30);
        steady.addArgument("--slo-p99-ms")
                .type(Double.class)
                .setDefault(500.0)
                .help("p99 response time a rate must keep to count as sustained");

        Subparser celebrity = run(store(commands.addParser("celebrity")
                .help("the workload's biggest celebrity posts on top of background load: delivery per tier, "
                        + "its rate over the insert ceiling, the damage to background p99")));
        workload(celebrity);
        celebrity.addArgument("--background-rate").type(Double.class).setDefault(100.0);
        celebrity.addArgument("--before").type(Integer.class).setDefault(20).help("seconds of background alone");
        celebrity
                .addArgument("--during")
                .type(Integer.class)
                .setDefault(60)
                .help("seconds of background measured from the post on");
        celebrity
                .addArgument("--delivery-wait")
                .type(Integer.class)
                .setDefault(600)
                .help("seconds to wait for the fan-out to finish");

        Subparser strategies = run(store(commands.addParser("strategies")
                .help("push-all, pull-all and the service's hybrid (threshold only, and per edge) on the same events:"
                        + " store cost per event")));
        workload(strategies);
        strategies.addArgument("--rate").type(Double.class).setDefault(200.0);
        strategies
                .addArgument("--history-hours")
                .type(Integer.class)
                .setDefault(24)
                .help("each author's posts of this many hours before the replay, at their own rate (at most 20)");
        strategies.addArgument("--events").type(Long.class).setDefault(20_000L).help("events replayed per strategy");

        Subparser visibility = run(store(commands.addParser("visibility")
                .help("what visibility checks cost a home page: the same reads without them, with their cache, "
                        + "and with no cache")));
        visibility.addArgument("--authors").type(Integer.class).setDefault(400);
        visibility.addArgument("--readers").type(Integer.class).setDefault(200);
        visibility
                .addArgument("--following")
                .type(Integer.class)
                .setDefault(100)
                .help("authors each reader follows");
        visibility.addArgument("--posts").type(Integer.class).setDefault(10).help("posts per author");
        visibility.addArgument("--threads").type(Integer.class).setDefault(4);
        visibility.addArgument("--warmup").type(Integer.class).setDefault(5).help("seconds of warm-up per set-up");
        visibility
                .addArgument("--seconds")
                .type(Integer.class)
                .setDefault(15)
                .help("seconds measured per set-up and round (a first round unrecorded, then two recorded)");

        Subparser notifications = run(
                store(
                        commands.addParser("notifications")
                                .help(
                                        "a viral post's notifications: likes from distinct users at the store's pace against the "
                                                + "counter ceiling, the author's notification page against their home page, the rows it takes")));
        notifications.addArgument("--likes").type(Integer.class).setDefault(100_000);
        notifications
                .addArgument("--threads")
                .type(Integer.class)
                .setDefault(32)
                .help("closed-loop likers");

        Subparser cost = run(store(commands.addParser("cost")
                .help("store operations per user action (home page, one post, like, comment, comments page, post, "
                        + "follow, idle): "
                        + "request path and background, at the interfaces and at the client, with cache hit ratios")));
        cost.addArgument("--authors").type(Integer.class).setDefault(60);
        cost.addArgument("--posts").type(Integer.class).setDefault(30).help("posts per author");
        cost.addArgument("--readers").type(Integer.class).setDefault(120);
        cost.addArgument("--following").type(Integer.class).setDefault(40).help("authors each reader follows");
        cost.addArgument("--actions").type(Integer.class).setDefault(50).help("actions measured per kind");
        cost.addArgument("--clients")
                .type(Integer.class)
                .setDefault(16)
                .help("clients acting at once in the writes' second measure (1: one at a time only)");
        cost.addArgument("--idle-seconds")
                .type(Integer.class)
                .setDefault(60)
                .help("the idle service's measure: a minute holds one of each once-a-minute job (trending, the event "
                        + "log's watermarks), so a shorter one over- or under-counts them");

        Subparser signIn = run(store(commands.addParser("signin")
                .help("sign-in's time for an unknown handle, a wrong password and the right one, at the service's "
                        + "default hashing cost: whether a refusal's time tells if the handle exists")));
        signIn.addArgument("--rounds")
                .type(Integer.class)
                .setDefault(1000)
                .help("rounds of the three attempts measured");
        signIn.addArgument("--warmup-rounds").type(Integer.class).setDefault(100);

        Subparser report = commands.addParser("report")
                .help("render a run directory's results as report.html, summary.csv and summary.json");
        report.addArgument("--run").required(true).help("the run directory the scenarios wrote into");
        report.addArgument("--users").type(Long.class).help("users to plan capacity for (default: the workload's)");
        report.addArgument("--events-per-second")
                .type(Double.class)
                .help("event rate to plan capacity for (default: the workload's)");

        Subparser content = store(commands.addParser("content")
                .help("likes and comments per second against the store's raw counter-update ceiling"));
        content.addArgument("--threads").type(Integer.class).setDefault(32);
        content.addArgument("--warmup").type(Integer.class).setDefault(10).help("seconds of warm-up per operation");
        content.addArgument("--seconds").type(Integer.class).setDefault(20).help("seconds measured per operation");
        content.addArgument("--posts").type(Integer.class).setDefault(1000);

        Subparser fanout = run(store(commands.addParser("fanout")
                .help("one celebrity post's fan-out against the store's raw single-row insert ceiling")));
        fanout.addArgument("--followers").type(Integer.class).setDefault(1_000_000);
        fanout.addArgument("--active").type(Double.class).setDefault(0.2).help("share of followers who read recently");
        fanout.addArgument("--threads").type(Integer.class).setDefault(2).help("fan-out worker threads");
        fanout.addArgument("--page-size").type(Integer.class).setDefault(1000).help("followers per fan-out page");
        return parser;
    }

    /** Options of every command that uses a store. */
    private static Subparser store(Subparser command) {
        command.addArgument("--backend").choices("cassandra", "hbase").setDefault("cassandra");
        command.addArgument("--data").setDefault("data/perf").help("where the run's own store keeps its data");
        command.addArgument("--external")
                .help("contact points (Cassandra) or ZooKeeper quorum (HBase) of a store "
                        + "to use instead of starting one");
        command.addArgument("--keyspace")
                .setDefault("widefeed_perf")
                .help("Cassandra keyspace / HBase namespace (a running service's, for --target http)");
        return command;
    }

    private static Subparser workload(Subparser command) {
        command.addArgument("--workload").required(true).help("a directory written by `perf generate`");
        return command;
    }

    /** Options of commands that write results into a run directory. */
    private static Subparser run(Subparser command) {
        command.addArgument("--out")
                .setDefault("data/perf-run")
                .help("the run directory results are written into (then: perf report --run <dir>)");
        return command;
    }

    /** Options of commands that can drive a running service over HTTP instead of the services in process. */
    private static Subparser target(Subparser command) {
        command.addArgument("--target")
                .choices("service", "http")
                .setDefault("service")
                .help("service: the domain services in this process over the store; http: a running service");
        command.addArgument("--service-url").setDefault("http://localhost:8080");
        command.addArgument("--token-secret").help("the running service's auth.tokenSecret (to act as its users)");
        return command;
    }
}
