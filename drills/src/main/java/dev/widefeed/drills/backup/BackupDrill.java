package dev.widefeed.drills.backup;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.widefeed.drills.harness.Drill;
import dev.widefeed.drills.harness.DrillSession;
import dev.widefeed.drills.harness.Figures;
import dev.widefeed.drills.harness.Ledger;
import dev.widefeed.drills.harness.MixedLoad;
import dev.widefeed.drills.harness.ServiceRun;
import dev.widefeed.drills.harness.Timeline;
import dev.widefeed.drills.harness.Verification;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;

/**
 * Backup under load, the data directory destroyed, restore. The service serves a mixed load with the ledger; the
 * ledger is copied, then the jar's {@code backup} command backs the store up while the load goes on; the service and
 * its store are stopped, the store's data directory deleted, the jar's {@code restore} command loads the backup into a
 * fresh one, and the service is started on it. Then every write acknowledged before the backup began (and not asked
 * again since) is there, in both copies, once the service's own repair has settled (the event log finishing the work
 * the backup held pending), and every counter equals its rows after one reconcile.
 */
public final class BackupDrill implements Drill {
    private static final ObjectMapper JSON = new ObjectMapper();

    @Override
    public String name() {
        return "backup";
    }

    @Override
    public Figures run(ServiceRun.Layout layout, Settings settings) throws Exception {
        try (DrillSession session = DrillSession.start(layout, settings.users(), "drill")) {
            ServiceRun service = session.service;
            Ledger ledger = session.ledger;
            Timeline timeline = session.timeline;
            MixedLoad load = MixedLoad.mixed(session.api, session.population, ledger, timeline, settings.perSecond());
            load.start();
            Thread.sleep(settings.warmSeconds() * 1000L);

            Ledger beforeBackup = ledger.copy(); // everything here was acknowledged before the backup command began
            long acknowledgedBefore = ledger.acknowledged.get();
            Path backup = layout.dataDir().resolve("backup");
            long backingUp = System.nanoTime();
            String printed = service.command(Duration.ofMinutes(30), "backup", "--to", backup.toString());
            double backupSeconds = (System.nanoTime() - backingUp) / 1e9;
            long acknowledgedDuring = ledger.acknowledged.get() - acknowledgedBefore;
            Thread.sleep(settings.afterSeconds() * 1000L);
            load.close();
            int end = timeline.now();
            Files.writeString(layout.dataDir().resolve("backup.out"), printed);
            JsonNode manifest = JSON.readTree(backup.resolve("manifest.json").toFile());

            service.close(); // the service, and the store with it
            Path store = service.storeDataDir();
            ServiceRun.wipe(store); // the store's data directory lost: empty
            long restoring = System.nanoTime();
            Files.writeString(
                    layout.dataDir().resolve("restore.out"),
                    service.command(Duration.ofMinutes(30), "restore", "--from", backup.toString()));
            double restoreSeconds = (System.nanoTime() - restoring) / 1e9;
            long starting = System.nanoTime();
            service.start(Duration.ofMinutes(6));
            double startSeconds = (System.nanoTime() - starting) / 1e9;

            Ledger expected = ledger.untouchedSince(beforeBackup);
            Verification.Result verified = new Verification(session.api, session.token()).check(expected);
            Instant started = Instant.parse(manifest.get("startedAt").asText());
            Instant finished = Instant.parse(manifest.get("finishedAt").asText());
            long bytes = 0;
            long files = 0;
            for (JsonNode table : manifest.get("tables")) {
                bytes += table.get("bytes").asLong();
                files += table.get("files").asLong();
            }
            return new Figures(name() + " (" + layout.backend() + ")")
                    .atMost("answers 500 during the load", timeline.count(Timeline.Kind.SERVER_ERROR, 0, end), 0, "")
                    .noted(
                            "backed up",
                            String.format(
                                    "%d tables, %,d files, %,d bytes in %.1f s (command %.1f s)",
                                    manifest.get("tables").size(),
                                    files,
                                    bytes,
                                    Duration.between(started, finished).toMillis() / 1000.0,
                                    backupSeconds))
                    .noted("writes acknowledged during the backup", String.valueOf(acknowledgedDuring))
                    .noted("restored", String.format("in %.1f s (command, its store's start included)", restoreSeconds))
                    .noted("service healthy on the restored store after", String.format("%.1f s", startSeconds))
                    .noted("service's own repair settled after", verified.healed())
                    .atMost("acknowledged-before-backup writes missing", verified.missing(), 0, "")
                    .atMost("counters off after one reconcile", verified.countersOff(), 0, "")
                    .noted("checked", verified.checked() + " writes, " + verified.counters() + " counters")
                    .noted("example", verified.example().isEmpty() ? "-" : verified.example());
        }
    }
}
