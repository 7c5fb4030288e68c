package dev.widefeed.drills.churn;

import dev.widefeed.drills.harness.Api;
import dev.widefeed.drills.harness.Drill;
import dev.widefeed.drills.harness.DrillSession;
import dev.widefeed.drills.harness.Figures;
import dev.widefeed.drills.harness.Ledger;
import dev.widefeed.drills.harness.MixedLoad;
import dev.widefeed.drills.harness.Population;
import dev.widefeed.drills.harness.RenewedLoad;
import dev.widefeed.drills.harness.ServiceRun;
import dev.widefeed.drills.harness.Sessions;
import dev.widefeed.drills.harness.Timeline;
import dev.widefeed.drills.harness.Verification;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Follow/unfollow churn on one celebrity (every fan following and unfollowing, over and over) while
 * a reader pages the celebrity's followers list the whole time: both copies of every follow agree
 * with the last acknowledged request, the counters match after one reconcile, and no read is
 * aborted on tombstones. On Cassandra the tombstones a read met are stated from the node's own
 * warnings (it warns past 1,000 in one read and aborts past 100,000).
 */
public final class ChurnDrill implements Drill {
    private static final Pattern TOMBSTONES = Pattern.compile("(\\d+) tombstone");

    @Override
    public String name() {
        return "churn";
    }

    @Override
    public Figures run(ServiceRun.Layout layout, Settings settings) throws Exception {
        try (DrillSession session = DrillSession.start(layout, settings.users(), "fan")) {
            ServiceRun service = session.service;
            Api api = session.api;
            Timeline timeline = session.timeline;
            Ledger ledger = session.ledger;
            Population population = session.population;
            // Sessions renewed as the churn goes: it may outlast an access token's 15 minutes (--churn-seconds).
            Sessions sessions = new Sessions(api, population);
            Supplier<Population.User> celebrity =
                    () -> sessions.fresh(Duration.ofMinutes(5)).users().get(0);
            RenewedLoad load =
                    new RenewedLoad(session, sessions, MixedLoad.Mix.FOLLOWS, 0, false, 8, settings.perSecond() * 2);
            AtomicLong reads = new AtomicLong();
            AtomicLong failedReads = new AtomicLong();
            Thread reader = new Thread(
                    () -> {
                        while (!Thread.currentThread().isInterrupted()) {
                            try {
                                Population.User star = celebrity.get();
                                Verification.ids(
                                        cursor -> api.relations(star.token(), star.id(), "followers", cursor), "id");
                                reads.incrementAndGet();
                            } catch (IllegalStateException failed) {
                                if (!Thread.currentThread()
                                        .isInterrupted()) { // a read cut short by the drill's end is none
                                    failedReads.incrementAndGet();
                                }
                            }
                        }
                    },
                    "drill-reader");
            reader.setDaemon(true);
            load.start();
            reader.start();
            Thread.sleep(settings.churnSeconds() * 1000L);
            reader.interrupt();
            load.close();
            reader.join(Api.TIMEOUT.toMillis());
            int end = timeline.now();

            Verification.Result verified =
                    new Verification(api, () -> celebrity.get().token()).check(ledger);
            Tombstones tombstones =
                    layout.backend().equals("cassandra") ? Tombstones.in(service.storeDataDir()) : Tombstones.NONE;
            return new Figures(name() + " (" + layout.backend() + ")")
                    .noted(
                            "churn",
                            settings.churnSeconds() + " s, " + load.sent() + " follows and unfollows of one "
                                    + "user by " + (settings.users() - 1) + " fans")
                    .atMost("answers 500", timeline.count(Timeline.Kind.SERVER_ERROR, 0, end), 0, "")
                    .noted("followers list read through", reads.get() + " times")
                    .atMost("followers list reads failed", failedReads.get(), 0, "")
                    .noted("service's own repair settled after", verified.healed())
                    .atMost("follows whose copies disagree", verified.missing(), 0, "")
                    .atMost("counters off after one reconcile", verified.countersOff(), 0, "")
                    .noted("tombstone warnings (reads past 1,000)", String.valueOf(tombstones.warnings()))
                    .noted("most tombstones in one read", String.valueOf(tombstones.most()))
                    .atMost("reads aborted on tombstones", tombstones.aborted(), 0, "")
                    .noted("example", verified.example().isEmpty() ? "-" : verified.example());
        }
    }

    /** What Cassandra's log says of tombstones: warnings, the most in one read, aborted reads. */
    record Tombstones(long warnings, long most, long aborted) {
        static final Tombstones NONE = new Tombstones(0, 0, 0);

        static Tombstones in(Path dataDir) throws IOException {
            long warnings = 0;
            long most = 0;
            long aborted = 0;
            Path logs = dataDir.resolve("logs");
            if (!Files.isDirectory(logs)) {
                return NONE;
            }
            try (Stream<Path> files = Files.list(logs)) {
                for (Path file : files.filter(f -> f.getFileName().toString().startsWith("cassandra.log"))
                        .toList()) {
                    for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
                        if (line.contains("TombstoneOverwhelming") || line.contains("Scanned over")) {
                            aborted++;
                        } else if (line.contains("tombstone cells")) {
                            warnings++;
                            Matcher m = TOMBSTONES.matcher(line);
                            if (m.find()) {
                                most = Math.max(most, Long.parseLong(m.group(1)));
                            }
                        }
                    }
                }
            }
            return new Tombstones(warnings, most, aborted);
        }
    }
}
